import {
  composeSupplierOffer,
  SUPPLIER_OFFER_DEFAULTS,
  supplierOfferSchema,
  toSupplierOfferFields,
  validate,
  type SupplierOfferValues,
} from '@sourcing/shared';
import { DEFAULT_CALLING_COUNTRY, joinPhoneNumber } from '../kit/phone';

/** What the supplier's form holds: SPEC's values, the phone number without its code, and the code's country. */
export type SupplierOfferFormValues = SupplierOfferValues & { callingCountry: string };

export const SUPPLIER_OFFER_FORM_DEFAULTS: SupplierOfferFormValues = {
  ...SUPPLIER_OFFER_DEFAULTS,
  callingCountry: DEFAULT_CALLING_COUNTRY,
};

export const SUPPLIER_OFFER_DRAFT_KEY = 'draft:supplier-offer';

/** SPEC's composed offer ('500 MT/month', 'USD 450 per MT', ...) with the phone's calling code joined. */
export function composedOfferOf({ callingCountry, ...values }: SupplierOfferFormValues): SupplierOfferValues {
  return composeSupplierOffer({ ...values, phoneNumber: joinPhoneNumber(callingCountry, values.phoneNumber) });
}

export const validateSupplierOffer = (values: SupplierOfferFormValues) =>
  validate(supplierOfferSchema, composedOfferOf(values));

export const supplierOfferFields = (values: SupplierOfferFormValues) => toSupplierOfferFields(composedOfferOf(values));

/** Title, description and canonical path of the form's page (the embed points its canonical here too). */
export const SUPPLIER_OFFER_META = {
  title: 'Supplier Product Submission Form',
  description:
    'Join our supply hub: offer your commodity with capacity, price, incoterm and certifications to buyers worldwide.',
  path: '/supplier-inquiry',
};
