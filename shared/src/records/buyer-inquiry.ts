/** The buyer's commodity inquiry (docs/forms.md#commodity-inquiry). */
import { z } from 'zod';
import {
  COMMODITY_OPTIONS,
  DISPATCH_MODES,
  MAX_LENGTH,
  OTHERS,
  UNIT_PLACEHOLDER,
  UNITS,
  UPLOAD_LIMITS,
  USER_TYPES,
} from '../constants';
import { COUNTRIES, splitAddress } from '../countries';
import { optionalText, requiredText, storableText, trimmed } from '../schemas/common';
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

const DECIMAL = /^\d+(\.\d+)?$/;
const USER_TYPE_VALUES: readonly string[] = USER_TYPES.map((t) => t.value);
const USER_TYPE_LABELS = Object.fromEntries(USER_TYPES.map((t) => [t.value, t.label]));

/** A JSON list (as multipart sends it) or an array; anything else becomes an empty list. */
const stringList = z.preprocess(
  (v) => {
    if (typeof v === 'string') {
      try {
        v = JSON.parse(v);
      } catch {
        return [];
      }
    }
    return Array.isArray(v)
      ? v
          .filter((x) => typeof x === 'string')
          .map((x) => x.trim())
          .filter(Boolean)
      : [];
  },
  z.array(storableText(MAX_LENGTH.short)).max(50),
);

const oneOfOrBlank = (options: readonly string[], message: string, max: number) =>
  requiredText(message, max).refine((v) => v === '' || options.includes(v), message);

/**
 * Stored names differ from the submitted ones in four places (docs/forms.md#inquiry-stored-names):
 * the address text arrives as addressCountry and is kept as both address and addressCountry,
 * techSpecs is kept as technicalSpecs, additionalComments as comments, selectedCommodities as
 * commodities. Dispatch mode is kept as the chosen mode plus the typed text.
 */
export const BUYER_INQUIRY = defineRecord({
  kind: 'inquiry',
  list: 'inquiries',
  event: 'inquiryUpdated',
  statuses: ['New', 'In progress', 'Quoted', 'Won', 'Lost', 'Spam'],
  closedStatuses: ['Won', 'Lost'],
  outcomeReasons: {
    Won: ['Best price', 'Quality and specifications', 'Delivery time', 'Payment terms', 'Existing relationship', 'Other'],
    Lost: [
      'Price too high',
      'Went with a competitor',
      'Specifications not met',
      'Delivery time',
      'No reply from the buyer',
      'Other',
    ],
  },
  title: 'fullName',
  commodity: 'commodities',
  otherCommodity: 'otherCommodity',
  detail: 'companyName',
  fields: [
    ...submitterFields(
      'addressCountry',
      {
        fullName: 'Bob Buyer',
        companyName: 'Buyer Metals Ltd',
        email: 'bob@buyer.example',
        address: '1 Harbour Road, Mumbai, India',
      },
      // One address text, stored as address and addressCountry: its street part and its country
      // are shown once each.
      (address) => splitAddress(address).address,
    ),
    {
      key: 'addressCountry',
      label: 'Country',
      kind: 'text',
      wire: 'addressCountry',
      display: (text: string) => splitAddress(text).country,
    },
    {
      key: 'userType',
      label: 'User Type',
      kind: 'text',
      input: oneOfOrBlank(USER_TYPE_VALUES, 'User Type is required', MAX_LENGTH.short),
      sample: 'Trader',
      filter: { by: 'oneOf', options: USER_TYPE_VALUES, labels: USER_TYPE_LABELS },
    },
    {
      key: 'commodities',
      label: 'Commodities',
      kind: 'list',
      wire: 'selectedCommodities',
      input: stringList.refine((list) => list.length > 0, 'Select at least one commodity'),
      sample: ['Copper Cathode', 'Others'],
      filter: { by: 'includes', options: COMMODITY_OPTIONS },
    },
    { key: 'otherCommodity', label: 'Other Commodity', kind: 'text', input: optionalText(), sample: 'Nickel' },
    {
      key: 'quantity',
      label: 'Quantity',
      kind: 'text',
      input: requiredText('Quantity is required', 30).refine((v) => v === '' || DECIMAL.test(v), 'Quantity must be a number'),
      sample: '500',
    },
    {
      key: 'unit',
      label: 'Unit',
      kind: 'text',
      input: z.preprocess((v) => (v === UNIT_PLACEHOLDER ? '' : v), oneOfOrBlank(UNITS, 'Unit is required', 20)),
      initial: UNIT_PLACEHOLDER,
      sample: 'MT',
    },
    {
      key: 'purity',
      label: 'Purity',
      kind: 'text',
      input: trimmed(10).refine((v) => {
        if (v === '') return true;
        const n = v.replace(/%$/, '');
        return DECIMAL.test(n) && Number(n) <= 100;
      }, 'Purity must be a percentage up to 100'),
      sample: '99.99%',
    },
    {
      key: 'technicalSpecs',
      label: 'Technical Specs',
      kind: 'longText',
      wire: 'techSpecs',
      input: optionalText(MAX_LENGTH.long),
      sample: 'LME grade A, HS 7403',
    },
    { key: 'packagingType', label: 'Packaging Type', kind: 'text', input: optionalText(), sample: 'Bundles' },
    { key: 'packagingSize', label: 'Packaging Size', kind: 'text', input: optionalText(), sample: '2 MT' },
    {
      key: 'specialPackaging',
      label: 'Special Packaging',
      kind: 'longText',
      input: optionalText(MAX_LENGTH.medium),
      sample: 'Shrink wrapped',
    },
    {
      key: 'destinationCountry',
      label: 'Destination Country',
      kind: 'text',
      input: requiredText('Destination Country is required'),
      sample: 'India',
      filter: { by: 'matches', suggestions: COUNTRIES.map((c) => c.name) },
    },
    {
      key: 'destinationPort',
      label: 'Destination Port',
      kind: 'text',
      input: requiredText('Destination Port is required'),
      sample: 'Nhava Sheva',
    },
    {
      key: 'dispatchMode',
      label: 'Dispatch Mode',
      kind: 'text',
      input: oneOfOrBlank(DISPATCH_MODES, 'Dispatch Mode is required', 40),
      sample: 'CIF',
      filter: { by: 'oneOf', options: DISPATCH_MODES },
    },
    { key: 'customDispatchMode', label: 'Custom Dispatch Mode', kind: 'text', input: optionalText() },
    { key: 'deliveryTimeline', label: 'Delivery Timeline', kind: 'text', input: optionalText(), sample: '60 days' },
    { key: 'certifications', label: 'Certifications', kind: 'longText', input: optionalText(MAX_LENGTH.medium), sample: 'SGS' },
    {
      key: 'regulatoryCompliance',
      label: 'Regulatory Compliance',
      kind: 'longText',
      input: optionalText(MAX_LENGTH.medium),
      sample: 'REACH',
    },
    {
      key: 'paymentTerms',
      label: 'Payment Terms',
      kind: 'longText',
      input: optionalText(MAX_LENGTH.medium),
      sample: 'LC at sight',
    },
    {
      key: 'comments',
      label: 'Comments',
      kind: 'longText',
      wire: 'additionalComments',
      input: optionalText(MAX_LENGTH.long),
      sample: 'Monthly shipments',
    },
    { key: 'attachment', label: 'Attachment', kind: 'files', maxFiles: UPLOAD_LIMITS.maxInquiryFiles },
    ...TIMESTAMP_FIELDS,
    referenceField('INQ'),
  ],
  refine(v, ctx) {
    if (v.selectedCommodities.includes(OTHERS) && v.otherCommodity === '') {
      ctx.addIssue({ code: 'custom', path: ['otherCommodity'], message: 'Specify other commodity' });
    }
    if (v.dispatchMode === OTHERS && v.customDispatchMode === '') {
      ctx.addIssue({ code: 'custom', path: ['customDispatchMode'], message: 'Specify dispatch mode' });
    }
    const unknown = v.selectedCommodities.filter((c) => !(COMMODITY_OPTIONS as readonly string[]).includes(c));
    if (unknown.length) {
      ctx.addIssue({ code: 'custom', path: ['selectedCommodities'], message: `Unknown commodity: ${unknown[0]}` });
    }
  },
});

export type InquiryRecord = RecordOf<typeof BUYER_INQUIRY>;

/** Checks a buyer inquiry as the form holds it; the server checks the submitted fields the same way. */
export const commodityInquirySchema = submissionSchema(BUYER_INQUIRY);
export type CommodityInquiryInput = z.input<typeof commodityInquirySchema>;
export type CommodityInquiry = z.output<typeof commodityInquirySchema>;

/** Form values: every field a string, except the commodity list. */
export type CommodityInquiryValues = FormValuesOf<typeof BUYER_INQUIRY>;

/** The form's starting values: nothing chosen, unit on its 'Select Unit' placeholder. */
export const COMMODITY_INQUIRY_DEFAULTS: CommodityInquiryValues = initialValues(BUYER_INQUIRY);

/**
 * The multipart text fields (docs/forms.md#inquiry-submission-fields): the commodity list as
 * JSON and, when the mode is Others, the typed text in dispatchMode itself (customDispatchMode
 * travels alongside). Text typed for Others and then hidden by choosing something else is not sent.
 */
export function toCommodityInquiryFields(values: CommodityInquiryValues): Record<string, string> {
  const fields = toMultipartFields(values);
  if (values.dispatchMode === OTHERS) fields.dispatchMode = values.customDispatchMode;
  else fields.customDispatchMode = '';
  if (!values.selectedCommodities.includes(OTHERS)) fields.otherCommodity = '';
  return fields;
}

/** Reads the multipart text fields back into form values (the inverse of toCommodityInquiryFields). */
export function fromCommodityInquiryFields(fields: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = { ...fields };
  const mode = typeof fields.dispatchMode === 'string' ? fields.dispatchMode.trim() : '';
  if (mode !== '' && !(DISPATCH_MODES as readonly string[]).includes(mode)) {
    values.dispatchMode = OTHERS;
    values.customDispatchMode = mode;
  }
  return values;
}
