import { COMMODITY_OPTIONS, DISPATCH_MODES, OTHERS, UNIT_PLACEHOLDER, UNITS, USER_TYPES } from '@sourcing/shared';
import { ContactFields } from '../kit/ContactFields';
import { CheckboxGroup, FilePicker, FormSection, RadioGroup, SelectField, TextField } from '../kit/fields';
import { FormFrame } from '../kit/FormFrame';
import { decimalInput, purityInput, purityOnBlur, purityOnFocus, withoutTrailingDot } from '../kit/inputFilters';
import { useSubmittableForm } from '../kit/useSubmittableForm';
import { arriveWithCommodity, COMMODITY_INQUIRY_FORM } from './inquiryValues';

const UNIT_OPTIONS = [UNIT_PLACEHOLDER, ...UNITS];
const DISPATCH_OPTIONS = [{ value: '', label: 'Select Dispatch Mode' }, ...DISPATCH_MODES];

/** The buyer's nine-section Commodity Inquiry Form; `commodityName` (a card's commodity) is the one chosen. */
export function CommodityInquiryForm({ commodityName }: { commodityName?: string }) {
  const { form, submission } = useSubmittableForm(COMMODITY_INQUIRY_FORM, arriveWithCommodity(commodityName));
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
        <ContactFields bind={bind} designationLabel="Designation / Role" />
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
