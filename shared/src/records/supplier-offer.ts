/** The supplier's product offer (docs/forms.md#supplier-product-offer). */
import { z } from 'zod';
import {
  COMMODITY_OPTIONS,
  CURRENCIES,
  MAX_LENGTH,
  SUPPLIER_CERTIFICATIONS,
  SUPPLIER_INCOTERMS,
  UNITS,
  UPLOAD_LIMITS,
  YES_NO,
} from '../constants';
import { COUNTRIES } from '../countries';
import { optionalText, requiredText, storableText } from '../schemas/common';
import {
  defineRecord,
  initialValues,
  submissionSchema,
  toMultipartFields,
  type FormValuesOf,
  type RecordOf,
} from './record-definition';
import { referenceField } from './reference';
import { submitterFields, TIMESTAMP_FIELDS } from './submitter-fields';

/** One of the options; a blank or missing value takes the form's default. */
const oneOf = <T extends readonly string[]>(options: T, fallback: T[number]) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : fallback),
    z.enum(options as unknown as [T[number], ...T[number][]], { error: `Must be one of ${options.join(', ')}` }),
  );

const certificationList = z.preprocess(
  (v) => {
    if (typeof v === 'string') {
      try {
        v = JSON.parse(v);
      } catch {
        v = v === '' ? [] : [v];
      }
    }
    return Array.isArray(v)
      ? v
          .filter((x) => typeof x === 'string')
          .map((x) => x.trim())
          .filter(Boolean)
      : [];
  },
  z.array(storableText(MAX_LENGTH.short)).max(SUPPLIER_CERTIFICATIONS.length + 5),
);

/**
 * Capacity, MOQ and price are submitted as composed texts ('500 MT/month', '20 MT',
 * 'USD 450 per MT'; see composeSupplierOffer), so the samples are the form's bare numbers.
 */
export const SUPPLIER_OFFER = defineRecord({
  kind: 'supplierInquiry',
  list: 'supplierInquiries',
  event: 'supplierInquiryUpdated',
  statuses: ['New', 'Reviewing', 'Approved', 'Rejected', 'Spam'],
  closedStatuses: ['Approved', 'Rejected'],
  title: 'fullName',
  commodity: 'productName',
  detail: 'productName',
  fields: [
    ...submitterFields('address', {
      fullName: 'Sam Supplier',
      companyName: 'Copperbelt Mining',
      email: 'sam@supplier.example',
      address: 'Kitwe, Zambia',
    }),
    {
      key: 'productName',
      label: 'Product Name',
      kind: 'text',
      input: requiredText('Product Name is required'),
      sample: 'Copper Cathode',
      filter: { by: 'matches', suggestions: COMMODITY_OPTIONS },
    },
    {
      key: 'productCategory',
      label: 'Product Category',
      kind: 'text',
      input: requiredText('Product Category is required'),
      sample: 'Metals',
    },
    {
      key: 'productDescription',
      label: 'Product Description',
      kind: 'longText',
      input: optionalText(MAX_LENGTH.long),
      sample: 'Grade A',
    },
    {
      key: 'supplyCapacity',
      label: 'Supply Capacity',
      kind: 'text',
      input: requiredText('Supply Capacity is required', 60),
      sample: '500',
    },
    { key: 'unit', label: 'Unit', kind: 'text', input: oneOf(UNITS, 'MT'), initial: 'MT' },
    { key: 'minOrderQuantity', label: 'Min Order Quantity', kind: 'text', input: optionalText(60), sample: '25' },
    { key: 'pricePerUnit', label: 'Price Per Unit', kind: 'text', input: requiredText('Price is required', 60), sample: '8900' },
    { key: 'currency', label: 'Currency', kind: 'text', input: oneOf(CURRENCIES, 'USD'), initial: 'USD' },
    { key: 'leadTime', label: 'Lead Time', kind: 'text', input: optionalText(), sample: '30 days' },
    {
      key: 'incoterm',
      label: 'Incoterm',
      kind: 'text',
      input: oneOf(SUPPLIER_INCOTERMS, 'FOB'),
      initial: 'FOB',
      filter: { by: 'oneOf', options: SUPPLIER_INCOTERMS },
    },
    {
      key: 'originCountry',
      label: 'Origin Country',
      kind: 'text',
      input: requiredText('Country of Origin is required'),
      sample: 'Zambia',
      filter: { by: 'matches', suggestions: COUNTRIES.map((c) => c.name) },
    },
    { key: 'portOfLoading', label: 'Port Of Loading', kind: 'text', input: optionalText(), sample: 'Dar es Salaam' },
    { key: 'exportCapability', label: 'Export Capability', kind: 'text', input: oneOf(YES_NO, 'Yes'), initial: 'Yes' },
    {
      key: 'exportMarkets',
      label: 'Export Markets',
      kind: 'longText',
      input: optionalText(MAX_LENGTH.medium),
      sample: 'China, India',
    },
    { key: 'certifications', label: 'Certifications', kind: 'list', input: certificationList, sample: ['ISO 9001', 'SGS'] },
    { key: 'productSpecs', label: 'Product Specs', kind: 'longText', input: optionalText(MAX_LENGTH.long), sample: 'Cu 99.99%' },
    {
      key: 'packagingDetails',
      label: 'Packaging Details',
      kind: 'longText',
      input: optionalText(MAX_LENGTH.medium),
      sample: 'Bundles of 2 MT',
    },
    { key: 'privateLabeling', label: 'Private Labeling', kind: 'text', input: oneOf(YES_NO, 'No'), initial: 'No' },
    { key: 'paymentTerms', label: 'Payment Terms', kind: 'longText', input: optionalText(MAX_LENGTH.medium), sample: 'LC' },
    { key: 'additionalComments', label: 'Additional Comments', kind: 'longText', input: optionalText(MAX_LENGTH.long) },
    { key: 'attachments', label: 'Attachments', kind: 'files', maxFiles: UPLOAD_LIMITS.maxSupplierFiles },
    ...TIMESTAMP_FIELDS,
    referenceField('OFR'),
  ],
});

export type SupplierInquiryRecord = RecordOf<typeof SUPPLIER_OFFER>;

export const supplierOfferSchema = submissionSchema(SUPPLIER_OFFER);
export type SupplierOffer = z.output<typeof supplierOfferSchema>;

/** What the supplier form holds: capacity, MOQ and price as bare numbers beside unit and currency. */
export type SupplierOfferValues = FormValuesOf<typeof SUPPLIER_OFFER>;

export const SUPPLIER_OFFER_DEFAULTS: SupplierOfferValues = initialValues(SUPPLIER_OFFER);

/**
 * Composes the form's numbers into the submitted texts (docs/forms.md#composed-texts):
 * '<number> <unit>/month', '<number> <unit>', '<currency> <price> per <unit>'. An empty number
 * stays empty so "required" still applies. Export markets are only sent when the supplier exports.
 */
export function composeSupplierOffer(values: SupplierOfferValues): SupplierOfferValues {
  const capacity = values.supplyCapacity.trim();
  const moq = values.minOrderQuantity.trim();
  const price = values.pricePerUnit.trim();
  return {
    ...values,
    supplyCapacity: capacity ? `${capacity} ${values.unit}/month` : '',
    minOrderQuantity: moq ? `${moq} ${values.unit}` : '',
    pricePerUnit: price ? `${values.currency} ${price} per ${values.unit}` : '',
    exportMarkets: values.exportCapability === 'Yes' ? values.exportMarkets : '',
  };
}

/** Multipart text fields of a composed offer (certifications as a JSON list). */
export const toSupplierOfferFields = (composed: SupplierOfferValues): Record<string, string> => toMultipartFields(composed);
