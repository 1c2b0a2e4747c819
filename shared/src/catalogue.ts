/** The commodity catalogue (docs/site.md#commodities) (static content of the public site). */
import { COMMODITY_OPTIONS, type CommodityOption } from './constants';

export interface CatalogueCountry {
  name: string;
  /** ISO 3166-1 alpha-2 code, used for the flag. */
  code: string;
}

export type Grade = string | { country: string; grade: string };

export interface Commodity {
  name: string;
  /** Key of the commodity's own image in the web build (web/src/site/assets/commodities). */
  image: string;
  countries: CatalogueCountry[];
  grades?: Grade[];
}

export interface CommodityGroup {
  key: string;
  name: string;
  description: string;
  color: string;
  items: Commodity[];
}

const DRC = { name: 'DRC', code: 'CD' };
const ZAMBIA = { name: 'Zambia', code: 'ZM' };
const SOUTH_AFRICA = { name: 'South Africa', code: 'ZA' };
const INDONESIA = { name: 'Indonesia', code: 'ID' };
const USA = { name: 'USA', code: 'US' };
const INDIA = { name: 'India', code: 'IN' };

export const COMMODITY_GROUPS: CommodityGroup[] = [
  {
    key: 'industrial',
    name: 'Industrial & Mineral Commodities',
    description: 'Metals, ores and energy commodities for manufacturing, power and construction.',
    color: '#1d4ed8',
    items: [
      { name: 'Copper Cathode', image: 'copper-cathode', countries: [DRC, ZAMBIA], grades: ['High Purity', 'Standard Grade'] },
      {
        name: 'Coal',
        image: 'coal',
        countries: [SOUTH_AFRICA, INDONESIA, USA],
        grades: [
          { country: 'South Africa', grade: 'RB1' },
          { country: 'South Africa', grade: 'RB2' },
          { country: 'USA', grade: '6900 NAR' },
        ],
      },
      {
        name: 'Petroleum Coke',
        image: 'petroleum-coke',
        countries: [{ name: 'Saudi Arabia', code: 'SA' }, USA],
        grades: ['Fuel Grade', 'Anode Grade'],
      },
      { name: 'Bauxite', image: 'bauxite', countries: [INDIA], grades: ['Standard', 'Premium'] },
      {
        name: 'Iron Ore',
        image: 'iron-ore',
        countries: [{ name: 'Australia', code: 'AU' }, { name: 'Brazil', code: 'BR' }, INDIA],
        grades: ['Fe 62%', 'Fe 65%', 'Fe 67%'],
      },
      {
        name: 'Aluminium Ingots',
        image: 'aluminium-ingots',
        countries: [{ name: 'Nigeria', code: 'NG' }, DRC, ZAMBIA, { name: 'Russia', code: 'RU' }, INDONESIA],
        grades: ['Primary', 'Secondary'],
      },
      {
        name: 'Copper Concentrate',
        image: 'copper-concentrate',
        countries: [{ name: 'Tanzania', code: 'TZ' }],
        grades: ['Cu 25%', 'Cu 30%'],
      },
    ],
  },
  {
    key: 'specialty',
    name: 'Specialty & Agricultural Products',
    description: 'Precious stones and premium food products from their best origins.',
    color: '#047857',
    items: [
      { name: 'Gems', image: 'gems', countries: [{ name: 'Sri Lanka', code: 'LK' }] },
      { name: 'Olive Oil', image: 'olive-oil', countries: [{ name: 'Spain', code: 'ES' }] },
    ],
  },
];

const normalise = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/**
 * The checklist entry a commodity card's name stands for: the exact entry, else the entry that
 * starts with the same words (e.g. 'Iron Ore' -> 'Iron ore (Fe 62+)'), else none.
 */
export function checklistOptionFor(commodityName: string): CommodityOption | null {
  const wanted = normalise(commodityName);
  if (!wanted) return null;
  const options = COMMODITY_OPTIONS.filter((o) => o !== 'Others');
  return (
    options.find((o) => normalise(o) === wanted) ??
    options.find((o) => normalise(o).startsWith(`${wanted} `)) ??
    options.find((o) => normalise(o).includes(wanted)) ??
    null
  );
}
