import { z } from 'zod';
import { CURRENCIES, MAX_LENGTH, SUPPLIER_CERTIFICATIONS, SUPPLIER_INCOTERMS, UNITS, YES_NO } from '../constants';
import { optionalText, requiredEmail, requiredText, storableText } from './common';

const oneOf = <T extends readonly string[]>(options: T, fallback: T[number]) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : fallback),
    z.enum(options as unknown as [T[number], ...T[number][]], { error: `Must be one of ${options.join(', ')}` }),
  );

const certificationList = z.preprocess((v) => {
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      v = v === '' ? [] : [v];
    }
  }
  return Array.isArray(v) ? v.filter((x) => typeof x === 'string').map((x) => x.trim()).filter(Boolean) : [];
}, z.array(storableText(MAX_LENGTH.short)).max(SUPPLIER_CERTIFICATIONS.length + 5));

/**
 * The supplier's product offer as SPEC's multipart fields: capacity, MOQ and price are the
 * composed texts ('500 MT/month', '20 MT', 'USD 450 per MT'); see composeSupplierOffer.
 */
export const supplierOfferSchema = z.object({
  fullName: requiredText('Full Name is required'),
  companyName: requiredText('Company Name is required'),
  designation: optionalText(),
  gstNumber: optionalText(60),
  phoneNumber: requiredText('Phone Number is required', 40),
  email: requiredEmail(),
  address: optionalText(MAX_LENGTH.medium),
  productName: requiredText('Product Name is required'),
  productCategory: requiredText('Product Category is required'),
  productDescription: optionalText(MAX_LENGTH.long),
  supplyCapacity: requiredText('Supply Capacity is required', 60),
  unit: oneOf(UNITS, 'MT'),
  minOrderQuantity: optionalText(60),
  currency: oneOf(CURRENCIES, 'USD'),
  pricePerUnit: requiredText('Price is required', 60),
  leadTime: optionalText(),
  incoterm: oneOf(SUPPLIER_INCOTERMS, 'FOB'),
  originCountry: requiredText('Country of Origin is required'),
  portOfLoading: optionalText(),
  exportCapability: oneOf(YES_NO, 'Yes'),
  exportMarkets: optionalText(MAX_LENGTH.medium),
  certifications: certificationList,
  productSpecs: optionalText(MAX_LENGTH.long),
  packagingDetails: optionalText(MAX_LENGTH.medium),
  privateLabeling: oneOf(YES_NO, 'No'),
  paymentTerms: optionalText(MAX_LENGTH.medium),
  additionalComments: optionalText(MAX_LENGTH.long),
});

export type SupplierOffer = z.output<typeof supplierOfferSchema>;

/** What the supplier form holds: capacity, MOQ and price as bare numbers beside unit and currency. */
export type SupplierOfferValues = { [K in keyof SupplierOffer]: K extends 'certifications' ? string[] : string };

export const SUPPLIER_OFFER_DEFAULTS: SupplierOfferValues = {
  fullName: '',
  companyName: '',
  designation: '',
  gstNumber: '',
  phoneNumber: '',
  email: '',
  address: '',
  productName: '',
  productCategory: '',
  productDescription: '',
  supplyCapacity: '',
  unit: 'MT',
  minOrderQuantity: '',
  currency: 'USD',
  pricePerUnit: '',
  leadTime: '',
  incoterm: 'FOB',
  originCountry: '',
  portOfLoading: '',
  exportCapability: 'Yes',
  exportMarkets: '',
  certifications: [],
  productSpecs: '',
  packagingDetails: '',
  privateLabeling: 'No',
  paymentTerms: '',
  additionalComments: '',
};

/**
 * Composes the form's numbers into SPEC's texts: '<number> <unit>/month', '<number> <unit>',
 * '<currency> <price> per <unit>'. An empty number stays empty so "required" still applies.
 * Export markets are only sent when the supplier exports.
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
export function toSupplierOfferFields(composed: SupplierOfferValues): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(composed)) {
    fields[key] = Array.isArray(value) ? JSON.stringify(value) : String(value ?? '');
  }
  return fields;
}
