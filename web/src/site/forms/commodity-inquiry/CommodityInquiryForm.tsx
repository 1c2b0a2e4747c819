import {
  API_PATHS,
  API_PREFIX,
  COMMODITY_OPTIONS,
  DISPATCH_MODES,
  OTHERS,
  UNIT_PLACEHOLDER,
  UNITS,
  UPLOAD_LIMITS,
  USER_TYPES,
} from '@sourcing/shared';
import { CheckboxGroup, FilePicker, FormSection, PhoneField, RadioGroup, SelectField, TextField } from '../kit/fields';
import { FormFrame } from '../kit/FormFrame';
import { decimalInput, purityInput, purityOnBlur, purityOnFocus, withoutTrailingDot } from '../kit/inputFilters';
import { useFormState } from '../kit/useFormState';
import { useSubmission } from '../kit/useSubmission';
import {
  COMMODITY_INQUIRY_DRAFT_KEY,
  COMMODITY_INQUIRY_FORM_DEFAULTS,
  commodityInquiryFields,
  validateCommodityInquiry,
  withCommodityTicked,
} from './inquiryValues';

const UNIT_OPTIONS = [UNIT_PLACEHOLDER, ...UNITS];
const DISPATCH_OPTIONS = [{ value: '', label: 'Select Dispatch Mode' }, ...DISPATCH_MODES];

/** The buyer's nine-section Commodity Inquiry Form; `commodityName` ticks a card's commodity. */
export function CommodityInquiryForm({ commodityName }: { commodityName?: string }) {
  const form = useFormState({
    defaults: COMMODITY_INQUIRY_FORM_DEFAULTS,
    draftKey: COMMODITY_INQUIRY_DRAFT_KEY,
    files: { field: 'attachment', maxFiles: UPLOAD_LIMITS.maxInquiryFiles },
    initialize: (start) => withCommodityTicked(start, commodityName),
  });
  const submission = useSubmission({
    form,
    url: `${API_PREFIX}${API_PATHS.inquiry}`,
    validate: validateCommodityInquiry,
    toFields: commodityInquiryFields,
    successMessage: 'Inquiry submitted successfully!',
    failureMessage: 'Failed to submit inquiry',
  });
  const { values, bind } = form;

  return (
    <FormFrame
      title="Commodity Inquiry Form"
      intro="Tell us what you need: commodity, volume and destination. Our team sources and verifies suppliers and comes back to you with an offer."
      submitLabel="Submit Inquiry"
      form={form}
      submission={submission}
    >
      <FormSection number={1} title="Customer Information">
        <TextField {...bind('fullName')} label="Full Name" required autoComplete="name" />
        <TextField {...bind('companyName')} label="Company Name" required autoComplete="organization" />
        <TextField {...bind('designation')} label="Designation / Role" autoComplete="organization-title" />
        <TextField {...bind('gstNumber')} label="GST / VAT Number" />
        <PhoneField number={bind('phoneNumber')} callingCountry={bind('callingCountry')} label="Phone" required />
        <TextField {...bind('email')} label="Email" required type="email" inputMode="email" autoComplete="email" />
        <TextField {...bind('addressCountry')} label="Full Address" multiline autoComplete="street-address" />
        <RadioGroup {...bind('userType')} legend="Are you:" options={USER_TYPES} />
      </FormSection>

      <FormSection number={2} title="Select Commodities">
        <CheckboxGroup {...form.bindList('selectedCommodities')} legend="Commodities" options={COMMODITY_OPTIONS} />
        {values.selectedCommodities.includes(OTHERS) && (
          <TextField {...bind('otherCommodity')} label="Other Commodity" placeholder="Which commodity?" />
        )}
      </FormSection>

      <FormSection number={3} title="Commodity Specifications">
        <TextField
          {...bind('quantity')}
          label="Quantity"
          required
          inputMode="decimal"
          filter={decimalInput}
          tidyOnBlur={withoutTrailingDot}
        />
        <SelectField {...bind('unit')} label="Unit" options={UNIT_OPTIONS} />
        <TextField
          {...bind('purity')}
          label="Purity (%)"
          inputMode="decimal"
          filter={purityInput}
          tidyOnBlur={purityOnBlur}
          tidyOnFocus={purityOnFocus}
        />
        <TextField {...bind('techSpecs')} label="Technical Specs / Grades / HS Code" multiline />
      </FormSection>

      <FormSection number={4} title="Packaging Requirements">
        <TextField {...bind('packagingType')} label="Packaging Type" placeholder="e.g. Bulk, Jumbo bags, Drums" />
        <TextField {...bind('packagingSize')} label="Packaging Size" placeholder="e.g. 1 MT bags" />
        <TextField {...bind('specialPackaging')} label="Special Packaging or Labelling" multiline />
      </FormSection>

      <FormSection number={5} title="Shipping & Incoterms">
        <TextField {...bind('destinationCountry')} label="Destination Country" required autoComplete="country-name" />
        <TextField {...bind('destinationPort')} label="Destination Port" required />
        <SelectField {...bind('dispatchMode')} label="Dispatch Mode" options={DISPATCH_OPTIONS} />
        {values.dispatchMode === OTHERS && <TextField {...bind('customDispatchMode')} label="Specify Dispatch Mode" />}
        <TextField {...bind('deliveryTimeline')} label="Delivery Timeline" placeholder="e.g. Within 30 days" />
      </FormSection>

      <FormSection number={6} title="Compliance & Certifications">
        <TextField {...bind('certifications')} label="Certifications Required" placeholder="e.g. SGS, ISO" />
        <TextField {...bind('regulatoryCompliance')} label="Regulatory Compliance" />
      </FormSection>

      <FormSection number={7} title="Payment Terms">
        <TextField {...bind('paymentTerms')} label="Payment Terms" wide placeholder="e.g. LC at sight, 30% advance" />
      </FormSection>

      <FormSection number={8} title="Attach Supporting Documents">
        <FilePicker form={form} label="Supporting Document" />
      </FormSection>

      <FormSection number={9} title="Additional Comments">
        <TextField {...bind('additionalComments')} label="Additional Comments" multiline />
      </FormSection>
    </FormFrame>
  );
}
