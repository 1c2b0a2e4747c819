import { z } from 'zod';
import {
  COMMODITY_OPTIONS,
  DISPATCH_MODES,
  MAX_LENGTH,
  OTHERS,
  UNIT_PLACEHOLDER,
  UNITS,
  USER_TYPES,
} from '../constants';
import { optionalText, requiredEmail, requiredText, storableText, trimmed } from './common';

const DECIMAL = /^\d+(\.\d+)?$/;
const USER_TYPE_VALUES: readonly string[] = USER_TYPES.map((t) => t.value);

/** A JSON list (as multipart sends it) or an array; anything else becomes an empty list. */
const stringList = z.preprocess((v) => {
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      return [];
    }
  }
  return Array.isArray(v) ? v.filter((x) => typeof x === 'string').map((x) => x.trim()).filter(Boolean) : [];
}, z.array(storableText(MAX_LENGTH.short)).max(50));

/**
 * The buyer's commodity inquiry, as the form holds it and the API stores it.
 * Field names are SPEC's multipart names; dispatch mode is kept as the chosen mode plus the
 * typed text (see toCommodityInquiryFields / fromCommodityInquiryFields for the wire form).
 */
export const commodityInquirySchema = z
  .object({
    fullName: requiredText('Full Name is required'),
    companyName: requiredText('Company Name is required'),
    designation: optionalText(),
    gstNumber: optionalText(60),
    phoneNumber: requiredText('Phone Number is required', 40),
    email: requiredEmail(),
    addressCountry: optionalText(MAX_LENGTH.medium),
    userType: requiredText('User Type is required').refine(
      (v) => v === '' || USER_TYPE_VALUES.includes(v),
      'User Type is required',
    ),
    selectedCommodities: stringList.refine((list) => list.length > 0, 'Select at least one commodity'),
    otherCommodity: optionalText(),
    quantity: requiredText('Quantity is required', 30).refine(
      (v) => v === '' || DECIMAL.test(v),
      'Quantity must be a number',
    ),
    unit: z
      .preprocess((v) => (v === UNIT_PLACEHOLDER ? '' : v), requiredText('Unit is required', 20))
      .refine((v) => v === '' || (UNITS as readonly string[]).includes(v), 'Unit is required'),
    purity: trimmed(10).refine((v) => {
      if (v === '') return true;
      const n = v.replace(/%$/, '');
      return DECIMAL.test(n) && Number(n) <= 100;
    }, 'Purity must be a percentage up to 100'),
    techSpecs: optionalText(MAX_LENGTH.long),
    packagingType: optionalText(),
    packagingSize: optionalText(),
    specialPackaging: optionalText(MAX_LENGTH.medium),
    destinationCountry: requiredText('Destination Country is required'),
    destinationPort: requiredText('Destination Port is required'),
    dispatchMode: requiredText('Dispatch Mode is required', 40).refine(
      (v) => v === '' || (DISPATCH_MODES as readonly string[]).includes(v),
      'Dispatch Mode is required',
    ),
    customDispatchMode: optionalText(),
    deliveryTimeline: optionalText(),
    certifications: optionalText(MAX_LENGTH.medium),
    regulatoryCompliance: optionalText(MAX_LENGTH.medium),
    paymentTerms: optionalText(MAX_LENGTH.medium),
    additionalComments: optionalText(MAX_LENGTH.long),
  })
  .superRefine((v, ctx) => {
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
  });

export type CommodityInquiryInput = z.input<typeof commodityInquirySchema>;
export type CommodityInquiry = z.output<typeof commodityInquirySchema>;

/** Form values: every field a string, except the commodity list. */
export type CommodityInquiryValues = { [K in keyof CommodityInquiry]: K extends 'selectedCommodities' ? string[] : string };

/** The form's starting values: nothing chosen, unit on its 'Select Unit' placeholder. */
export const COMMODITY_INQUIRY_DEFAULTS: CommodityInquiryValues = {
  fullName: '',
  companyName: '',
  designation: '',
  gstNumber: '',
  phoneNumber: '',
  email: '',
  addressCountry: '',
  userType: '',
  selectedCommodities: [],
  otherCommodity: '',
  quantity: '',
  unit: UNIT_PLACEHOLDER,
  purity: '',
  techSpecs: '',
  packagingType: '',
  packagingSize: '',
  specialPackaging: '',
  destinationCountry: '',
  destinationPort: '',
  dispatchMode: '',
  customDispatchMode: '',
  deliveryTimeline: '',
  certifications: '',
  regulatoryCompliance: '',
  paymentTerms: '',
  additionalComments: '',
};

/**
 * The multipart text fields SPEC describes: the commodity list as JSON and, when the mode is
 * Others, the typed text in dispatchMode itself (customDispatchMode travels alongside).
 * Text typed for Others and then hidden by choosing something else is not sent.
 */
export function toCommodityInquiryFields(values: CommodityInquiryValues): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    fields[key] = Array.isArray(value) ? JSON.stringify(value) : String(value ?? '');
  }
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
