/** Fill the two forms as a visitor does, by their labels; used on the pages and inside iframes. */
import type { FrameLocator, Page } from '@playwright/test';
import {
  BUYER_INQUIRY,
  formLabels,
  submittedFields,
  SUPPLIER_OFFER,
  wireName,
  type InquiryRecord,
  type RecordDefinition,
  type SupplierInquiryRecord,
} from '@sourcing/shared';
import { field } from './support';

type Scope = Page | FrameLocator;

/** A field filled by the label its definition gives it: its record key, that label, and the value typed. */
export interface DefinedFieldInput {
  key: string;
  label: string;
  value: string;
}

/**
 * Every submitted field of a definition that a filler below does not name: a plain text field,
 * whose control shows the definition's label (the form kit's default, docs/forms.md#offer-sections-and-fields),
 * filled with its sample. So a text field added to a definition is typed, sent and checked in the
 * stored record with no change here; a field of another kind must be named in the filler.
 */
function fieldsByDefinition(definition: RecordDefinition, named: readonly string[]): DefinedFieldInput[] {
  const labels = formLabels(definition);
  return submittedFields(definition)
    .filter((f) => !named.includes(f.key))
    .map((f) => {
      if ((f.kind !== 'text' && f.kind !== 'longText') || typeof f.sample !== 'string') {
        throw new Error(`${f.key}: only a text field with a sample is filled by its definition; name it in fillers.ts`);
      }
      return { key: f.key, label: labels[wireName(f)], value: f.sample };
    });
}

async function fillByDefinition(scope: Scope, fields: readonly DefinedFieldInput[]): Promise<void> {
  for (const { label, value } of fields) await field(scope, label).fill(value);
}

/** What the stored record holds for the fields filled by their definition. */
export const storedByDefinition = (fields: readonly DefinedFieldInput[]) =>
  Object.fromEntries(fields.map(({ key, value }) => [key, value]));

export interface InquiryInput {
  fullName: string;
  companyName: string;
  designation: string;
  gstNumber: string;
  callingCountry: string;
  phone: string;
  email: string;
  address: string;
  userTypeLabel: string;
  commodities: string[];
  otherCommodity: string;
  quantity: string;
  unit: string;
  purity: string;
  techSpecs: string;
  packagingType: string;
  packagingSize: string;
  specialPackaging: string;
  destinationCountry: string;
  destinationPort: string;
  dispatchMode: string;
  customDispatchMode: string;
  deliveryTimeline: string;
  certifications: string;
  regulatoryCompliance: string;
  paymentTerms: string;
  comments: string;
  /** The fields fillInquiry does not name (none but those added since). */
  byDefinition: DefinedFieldInput[];
}

/** The buyer form's fields fillInquiry fills by the form's own labels, by record key. */
const INQUIRY_NAMED = [
  'fullName',
  'companyName',
  'designation',
  'gstNumber',
  'phoneNumber',
  'email',
  'address',
  'userType',
  'commodities',
  'otherCommodity',
  'quantity',
  'unit',
  'purity',
  'technicalSpecs',
  'packagingType',
  'packagingSize',
  'specialPackaging',
  'destinationCountry',
  'destinationPort',
  'dispatchMode',
  'customDispatchMode',
  'deliveryTimeline',
  'certifications',
  'regulatoryCompliance',
  'paymentTerms',
  'comments',
] as const satisfies readonly (keyof InquiryRecord)[];

export function inquiryInput(email: string): InquiryInput {
  return {
    fullName: 'Asha Rao',
    companyName: 'Rao Metals Pvt Ltd',
    designation: 'Head of Procurement',
    gstNumber: '27AAPFU0939F1ZV',
    callingCountry: 'AE',
    phone: '501234567',
    email,
    address: 'Plot 4, MIDC Bhosari, Pune 411026',
    userTypeLabel: 'Trader / Agent',
    commodities: ['Coal', 'Others'],
    otherCommodity: 'Manganese ore',
    quantity: '1200.5',
    unit: 'MT',
    purity: '98.5',
    techSpecs: 'GCV 6000 NAR; HS 2701',
    packagingType: 'Bulk',
    packagingSize: 'Loose in hold',
    specialPackaging: 'Marked jumbo bags for the sample lot',
    destinationCountry: 'India',
    destinationPort: 'Mundra',
    dispatchMode: 'Others',
    customDispatchMode: 'Rail to ICD Tughlakabad',
    deliveryTimeline: 'Within 45 days',
    certifications: 'SGS inspection',
    regulatoryCompliance: 'REACH',
    paymentTerms: 'LC at sight',
    comments: 'Please call before noon IST',
    byDefinition: fieldsByDefinition(BUYER_INQUIRY, INQUIRY_NAMED),
  };
}

export async function fillInquiry(scope: Scope, input: InquiryInput): Promise<void> {
  await field(scope, 'Full Name').fill(input.fullName);
  await field(scope, 'Company Name').fill(input.companyName);
  await field(scope, 'Designation / Role').fill(input.designation);
  await field(scope, 'GST / VAT Number').fill(input.gstNumber);
  await field(scope, 'Country calling code').selectOption(input.callingCountry);
  await field(scope, 'Phone').fill(input.phone);
  await field(scope, 'Email').fill(input.email);
  await field(scope, 'Full Address').fill(input.address);
  await scope.getByRole('radio', { name: input.userTypeLabel, exact: true }).check();
  for (const commodity of input.commodities) await scope.getByRole('checkbox', { name: commodity, exact: true }).check();
  if (input.commodities.includes('Others')) await field(scope, 'Other Commodity').fill(input.otherCommodity);
  await field(scope, 'Quantity').fill(input.quantity);
  await field(scope, 'Unit').selectOption(input.unit);
  await field(scope, 'Purity (%)').fill(input.purity);
  await field(scope, 'Technical Specs / Grades / HS Code').fill(input.techSpecs);
  await field(scope, 'Packaging Type').fill(input.packagingType);
  await field(scope, 'Packaging Size').fill(input.packagingSize);
  await field(scope, 'Special Packaging or Labelling').fill(input.specialPackaging);
  await field(scope, 'Destination Country').fill(input.destinationCountry);
  await field(scope, 'Destination Port').fill(input.destinationPort);
  await field(scope, 'Dispatch Mode').selectOption(input.dispatchMode);
  if (input.dispatchMode === 'Others') await field(scope, 'Specify Dispatch Mode').fill(input.customDispatchMode);
  await field(scope, 'Delivery Timeline').fill(input.deliveryTimeline);
  await field(scope, 'Certifications Required').fill(input.certifications);
  await field(scope, 'Regulatory Compliance').fill(input.regulatoryCompliance);
  await field(scope, 'Payment Terms').fill(input.paymentTerms);
  await field(scope, 'Additional Comments').fill(input.comments);
  await fillByDefinition(scope, input.byDefinition);
}

export interface OfferInput {
  fullName: string;
  companyName: string;
  designation: string;
  gstNumber: string;
  callingCountry: string;
  phone: string;
  email: string;
  address: string;
  productName: string;
  productCategory: string;
  productDescription: string;
  supplyCapacity: string;
  unit: string;
  minOrderQuantity: string;
  currency: string;
  pricePerUnit: string;
  leadTime: string;
  originCountry: string;
  portOfLoading: string;
  incoterm: string;
  exportsLabel: 'Yes' | 'No';
  exportMarkets: string;
  productSpecs: string;
  packagingDetails: string;
  privateLabelingLabel: 'Yes' | 'No';
  certifications: string[];
  paymentTerms: string;
  additionalComments: string;
  /** The fields fillOffer does not name (none but those added since). */
  byDefinition: DefinedFieldInput[];
}

/** The supplier form's fields fillOffer fills by the form's own labels, by record key. */
const OFFER_NAMED = [
  'fullName',
  'companyName',
  'designation',
  'gstNumber',
  'phoneNumber',
  'email',
  'address',
  'productName',
  'productCategory',
  'productDescription',
  'supplyCapacity',
  'unit',
  'minOrderQuantity',
  'pricePerUnit',
  'currency',
  'leadTime',
  'incoterm',
  'originCountry',
  'portOfLoading',
  'exportCapability',
  'exportMarkets',
  'certifications',
  'productSpecs',
  'packagingDetails',
  'privateLabeling',
  'paymentTerms',
  'additionalComments',
] as const satisfies readonly (keyof SupplierInquiryRecord)[];

export function offerInput(email: string): OfferInput {
  return {
    fullName: 'Kofi Mensah',
    companyName: 'Mensah Minerals Ltd',
    designation: 'Export Manager',
    gstNumber: 'GH-VAT-55120',
    callingCountry: 'GH',
    phone: '201234567',
    email,
    address: '12 Independence Ave, Accra',
    productName: 'Bauxite',
    productCategory: 'Minerals',
    productDescription: 'Metallurgical grade bauxite, Al2O3 48% min',
    supplyCapacity: '5000',
    unit: 'KG',
    minOrderQuantity: '250.5',
    currency: 'EUR',
    pricePerUnit: '0.85',
    leadTime: '21 days after LC',
    originCountry: 'Ghana',
    portOfLoading: 'Takoradi',
    incoterm: 'CIF',
    exportsLabel: 'Yes',
    exportMarkets: 'UAE, China, Spain',
    productSpecs: 'SiO2 < 3%, moisture < 10%',
    packagingDetails: 'Bulk, 50 kg bags on request',
    privateLabelingLabel: 'Yes',
    certifications: ['ISO 9001', 'SGS'],
    paymentTerms: '30% advance, 70% against BL',
    additionalComments: 'Samples available',
    byDefinition: fieldsByDefinition(SUPPLIER_OFFER, OFFER_NAMED),
  };
}

export async function fillOffer(scope: Scope, input: OfferInput): Promise<void> {
  await field(scope, 'Full Name').fill(input.fullName);
  await field(scope, 'Company Name').fill(input.companyName);
  await field(scope, 'Designation').fill(input.designation);
  await field(scope, 'GST / VAT Number').fill(input.gstNumber);
  await field(scope, 'Country calling code').selectOption(input.callingCountry);
  await field(scope, 'Phone').fill(input.phone);
  await field(scope, 'Email').fill(input.email);
  await field(scope, 'Address').fill(input.address);
  await field(scope, 'Product Name').fill(input.productName);
  await field(scope, 'Product Category').fill(input.productCategory);
  await field(scope, 'Product Description').fill(input.productDescription);
  await field(scope, 'Monthly Supply Capacity').fill(input.supplyCapacity);
  await field(scope, 'Unit').selectOption(input.unit);
  await field(scope, 'Minimum Order Quantity (MOQ)').fill(input.minOrderQuantity);
  await field(scope, 'Currency').selectOption(input.currency);
  await field(scope, 'Price per Unit').fill(input.pricePerUnit);
  await field(scope, 'Lead Time').fill(input.leadTime);
  await field(scope, 'Country of Origin').fill(input.originCountry);
  await field(scope, 'Port of Loading').fill(input.portOfLoading);
  await field(scope, 'Incoterm').selectOption(input.incoterm);
  await scope
    .getByRole('group', { name: 'Do you export internationally?' })
    .getByRole('radio', { name: input.exportsLabel })
    .check();
  if (input.exportsLabel === 'Yes') await field(scope, 'Main Export Markets').fill(input.exportMarkets);
  await field(scope, 'Product Specifications').fill(input.productSpecs);
  await field(scope, 'Packaging Details').fill(input.packagingDetails);
  await scope
    .getByRole('group', { name: 'Private Labeling / Custom Packaging Available?' })
    .getByRole('radio', { name: input.privateLabelingLabel })
    .check();
  for (const certification of input.certifications) {
    await scope.getByRole('checkbox', { name: certification, exact: true }).check();
  }
  await field(scope, 'Payment Terms').fill(input.paymentTerms);
  await field(scope, 'Additional Comments').fill(input.additionalComments);
  await fillByDefinition(scope, input.byDefinition);
}
