/** The words of the home page sections (docs/site.md#home), kept apart from their layout. */
import {
  BoltIcon,
  BuildingIcon,
  ChartIcon,
  ClipboardIcon,
  FactoryIcon,
  FileCheckIcon,
  GemIcon,
  GlobeIcon,
  HandshakeIcon,
  LeafIcon,
  ScaleIcon,
  SearchCheckIcon,
  ShieldIcon,
  ShipIcon,
  TruckIcon,
} from '../../components/icons';

export const HOW_IT_WORKS = [
  {
    Icon: ClipboardIcon,
    title: 'Send your requirement',
    text: 'Tell us the commodity, the volume and the destination. One form, no account needed.',
  },
  {
    Icon: SearchCheckIcon,
    title: 'We source & verify',
    text: 'We shortlist suppliers from our network, check their documents and inspect the cargo.',
  },
  {
    Icon: ShipIcon,
    title: 'Delivery & support',
    text: 'We coordinate shipping, paperwork and payment terms until the cargo reaches your port.',
  },
] as const;

export const SELLING_POINTS = [
  {
    Icon: GlobeIcon,
    title: 'Trusted Global Network',
    text: 'Long-standing producers and traders across Africa, Asia, Europe and the Americas.',
  },
  {
    Icon: ShieldIcon,
    title: 'Verified Compliance',
    text: 'KYC on every supplier, third-party inspection and certificates checked before loading.',
  },
  {
    Icon: ScaleIcon,
    title: 'Transparent Pricing',
    text: 'Clear quotes on your Incoterm with every cost shown, so you compare like with like.',
  },
  {
    Icon: HandshakeIcon,
    title: 'End-to-End Support',
    text: 'One team from first inquiry to final delivery, reachable in your time zone.',
  },
] as const;

/** Our own section: what a buyer gets in figures. */
export const FIGURES = [
  { value: '14', label: 'Commodities sourced' },
  { value: '20+', label: 'Origin countries' },
  { value: '6', label: 'Incoterms and dispatch modes' },
  { value: '48 h', label: 'Typical first quote' },
] as const;

/** Our own section: the checks behind every shipment. */
export const QUALITY_CHECKS = [
  {
    Icon: FileCheckIcon,
    title: 'Documents first',
    text: 'Certificates of origin, analysis and quality reviewed before a contract is signed.',
  },
  {
    Icon: SearchCheckIcon,
    title: 'Independent inspection',
    text: 'SGS or equivalent surveyors sample and seal the cargo at the port of loading.',
  },
  {
    Icon: ChartIcon,
    title: 'Market-linked pricing',
    text: 'Quotes tied to public benchmarks such as LME and API indices where they exist.',
  },
] as const;

export const TRADE_TERMS = ['FOB', 'CIF', 'CNF', 'DAP', 'EXW'] as const;

/** The six Global Reach markers of docs/site.md#global-reach-map. */
export const REACH_LOCATIONS = [
  { country: 'Democratic Republic of Congo', code: 'CD', focus: 'Copper and cobalt', position: [-4.04, 21.76] },
  { country: 'Zambia', code: 'ZM', focus: 'Copper', position: [-13.13, 27.85] },
  { country: 'Sri Lanka', code: 'LK', focus: 'Gems', position: [7.87, 80.77] },
  { country: 'Spain', code: 'ES', focus: 'Olive oil', position: [40.46, -3.75] },
  { country: 'Indonesia', code: 'ID', focus: 'Coal and timber', position: [-0.79, 113.92] },
  { country: 'South Africa', code: 'ZA', focus: 'Coal and minerals', position: [-30.56, 22.94] },
] as const satisfies readonly { country: string; code: string; focus: string; position: readonly [number, number] }[];

export type ReachLocation = (typeof REACH_LOCATIONS)[number];

/** docs/site.md#global-reach-map: the map starts centred on latitude 10, longitude 20 at zoom 2, 600 px tall. */
export const MAP_VIEW = { center: [10, 20] as [number, number], zoom: 2, heightPx: 600 };

export const INDUSTRIES = [
  { Icon: FactoryIcon, name: 'Manufacturing', text: 'Metals and minerals for foundries, smelters and component makers.' },
  { Icon: LeafIcon, name: 'Agriculture', text: 'Gypsum, olive oil and inputs for farms and food processors.' },
  { Icon: BoltIcon, name: 'Energy & Fuel', text: 'Thermal coal and petroleum coke for power plants and kilns.' },
  { Icon: GemIcon, name: 'Jewelry & Gemstones', text: 'Certified coloured stones from Sri Lanka for cutters and jewellers.' },
  { Icon: BuildingIcon, name: 'Construction', text: 'Cement-grade gypsum, silica and steel inputs for builders.' },
  { Icon: TruckIcon, name: 'Trade & Logistics', text: 'Reliable volumes and paperwork for traders and forwarders.' },
] as const;
