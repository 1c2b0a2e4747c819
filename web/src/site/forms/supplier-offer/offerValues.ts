import {
  API_PATHS,
  API_PREFIX,
  composeSupplierOffer,
  FAILURE_MESSAGES,
  formLabels,
  SUPPLIER_OFFER,
  SUPPLIER_OFFER_DEFAULTS,
  supplierOfferSchema,
  toSupplierOfferFields,
  validate,
  type SupplierOfferValues,
  UPLOAD_LIMITS,
} from '@sourcing/shared';
import { DEFAULT_CALLING_COUNTRY, joinPhoneNumber } from '../kit/phone';
import type { FormDefinition } from '../kit/useSubmittableForm';

/** What the supplier's form holds: the schema's values, the phone number without its code, and the code's country. */
export type SupplierOfferFormValues = SupplierOfferValues & { callingCountry: string };

export const SUPPLIER_OFFER_FORM_DEFAULTS: SupplierOfferFormValues = {
  ...SUPPLIER_OFFER_DEFAULTS,
  callingCountry: DEFAULT_CALLING_COUNTRY,
};

/** The composed offer of docs/forms.md#composed-texts ('500 MT/month', 'USD 450 per MT', ...) with the phone's calling code joined. */
export function composedOfferOf({ callingCountry, ...values }: SupplierOfferFormValues): SupplierOfferValues {
  return composeSupplierOffer({ ...values, phoneNumber: joinPhoneNumber(callingCountry, values.phoneNumber) });
}

export const SUPPLIER_OFFER_FORM: FormDefinition<SupplierOfferFormValues> = {
  defaults: SUPPLIER_OFFER_FORM_DEFAULTS,
  draftKey: 'draft:supplier-offer',
  files: { field: 'attachments', maxFiles: UPLOAD_LIMITS.maxSupplierFiles },
  labels: formLabels(SUPPLIER_OFFER),
  url: `${API_PREFIX}${API_PATHS.supplier}`,
  validate: (values) => validate(supplierOfferSchema, composedOfferOf(values)),
  toFields: (values) => toSupplierOfferFields(composedOfferOf(values)),
  successMessage: 'Product submitted successfully!',
  failureMessage: FAILURE_MESSAGES.submitSupplierOffer,
};

/** Title, description and canonical path of the form's page (the embed points its canonical here too). */
export const SUPPLIER_OFFER_META = {
  title: 'Supplier Product Submission Form',
  description: 'Join our supply hub: offer your commodity with capacity, price, incoterm and certifications to buyers worldwide.',
  path: '/supplier-inquiry',
};
