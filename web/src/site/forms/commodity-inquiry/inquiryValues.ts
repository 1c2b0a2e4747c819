import {
  API_PATHS,
  API_PREFIX,
  BUYER_INQUIRY,
  checklistOptionFor,
  COMMODITY_INQUIRY_DEFAULTS,
  commodityInquirySchema,
  FAILURE_MESSAGES,
  formLabels,
  toCommodityInquiryFields,
  validate,
  type CommodityInquiryValues,
  UPLOAD_LIMITS,
} from '@sourcing/shared';
import type { Arrival } from '../kit/draft';
import { DEFAULT_CALLING_COUNTRY, joinPhoneNumber } from '../kit/phone';
import type { FormDefinition } from '../kit/useSubmittableForm';

/** What the buyer's form holds: the schema's values, the phone number without its code, and the code's country. */
export type CommodityInquiryFormValues = CommodityInquiryValues & { callingCountry: string };

export const COMMODITY_INQUIRY_FORM_DEFAULTS: CommodityInquiryFormValues = {
  ...COMMODITY_INQUIRY_DEFAULTS,
  callingCountry: DEFAULT_CALLING_COUNTRY,
};

/** The values the schema and multipart fields speak of (docs/forms.md#inquiry-submission-fields): phoneNumber carries its calling code. */
export function inquiryValuesOf({ callingCountry, ...values }: CommodityInquiryFormValues): CommodityInquiryValues {
  return { ...values, phoneNumber: joinPhoneNumber(callingCountry, values.phoneNumber) };
}

export const COMMODITY_INQUIRY_FORM: FormDefinition<CommodityInquiryFormValues> = {
  defaults: COMMODITY_INQUIRY_FORM_DEFAULTS,
  draftKey: 'draft:commodity-inquiry',
  files: { field: 'attachment', maxFiles: UPLOAD_LIMITS.maxInquiryFiles },
  labels: formLabels(BUYER_INQUIRY),
  url: `${API_PREFIX}${API_PATHS.inquiry}`,
  validate: (values) => validate(commodityInquirySchema, inquiryValuesOf(values)),
  toFields: (values) => toCommodityInquiryFields(inquiryValuesOf(values)),
  successMessage: 'Inquiry submitted successfully!',
  failureMessage: FAILURE_MESSAGES.submitInquiry,
};

/**
 * A visitor arriving from a commodity card (or a partner's link naming one) has chosen that
 * commodity: its checklist entry (e.g. 'Iron Ore' -> 'Iron ore (Fe 62+)') becomes the only one
 * ticked. The rest of a kept draft stays; the notice names what is no longer ticked.
 */
export function arriveWithCommodity<V extends CommodityInquiryValues>(commodityName: string | undefined): Arrival<V> {
  return (start) => {
    const option = commodityName ? checklistOptionFor(commodityName) : null;
    if (!option) return { values: start };
    const unticked = start.selectedCommodities.filter((c) => c !== option);
    const verb = unticked.length > 1 ? 'are' : 'is';
    const notice = unticked.length
      ? `${option} is now the only commodity chosen; ${unticked.join(', ')} ${verb} no longer ticked.`
      : null;
    return { values: { ...start, selectedCommodities: [option] }, notice };
  };
}

/** Title, description and canonical path of the form's page (the embed points its canonical here too). */
export const COMMODITY_INQUIRY_META = {
  title: 'Commodity Inquiry Form',
  description:
    'Request a quote for copper, coal, iron ore, aluminium, petroleum coke and more: tell us the commodity, volume and destination.',
  path: '/commodity-inquiry',
};
