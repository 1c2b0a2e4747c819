import { CURRENCIES, SUPPLIER_CERTIFICATIONS, SUPPLIER_INCOTERMS, UNITS, YES_NO } from '@sourcing/shared';
import { ContactFields } from '../kit/ContactFields';
import { CheckboxGroup, FilePicker, FormSection, RadioGroup, SelectField, SuffixSelect, TextField } from '../kit/fields';
import { FormFrame } from '../kit/FormFrame';
import { decimalInput, withoutTrailingDot } from '../kit/inputFilters';
import { useSubmittableForm } from '../kit/useSubmittableForm';
import { SUPPLIER_OFFER_FORM } from './offerValues';

/** Digits and a dot while typing, no dangling dot after. */
const decimal = { inputMode: 'decimal', filter: decimalInput, tidyOnBlur: withoutTrailingDot } as const;

/** The supplier's seven-section Supplier Product Submission Form. */
export function SupplierOfferForm() {
  const { form, submission } = useSubmittableForm(SUPPLIER_OFFER_FORM);
  const { values, bind } = form;
  const unitSuffix = <span className="form-suffix">{values.unit}</span>;

  return (
    <FormFrame
      title="Supplier Product Submission Form"
      intro="Join our supply hub: tell us what you produce, how much you can supply and on which terms."
      submitLabel="Submit Product Offer"
      form={form}
      submission={submission}
    >
      <FormSection number={1} title="Supplier Information">
        <ContactFields bind={bind} designationLabel="Designation" />
        <TextField {...bind('address')} label="Address" multiline autoComplete="street-address" />
      </FormSection>

      <FormSection number={2} title="Product Details">
        <TextField {...bind('productName')} label="Product Name" required />
        <TextField {...bind('productCategory')} label="Product Category" required placeholder="e.g. Minerals, Agro" />
        <TextField {...bind('productDescription')} label="Product Description" multiline />
        <TextField
          {...bind('supplyCapacity')}
          {...decimal}
          label="Monthly Supply Capacity"
          required
          suffix={<SuffixSelect {...bind('unit')} label="Unit" options={UNITS} after="/month" />}
        />
        <TextField {...bind('minOrderQuantity')} {...decimal} label="Minimum Order Quantity (MOQ)" suffix={unitSuffix} />
        <TextField
          {...bind('pricePerUnit')}
          {...decimal}
          label="Price per Unit"
          required
          suffix={<SuffixSelect {...bind('currency')} label="Currency" options={CURRENCIES} after={`per ${values.unit}`} />}
        />
        <TextField {...bind('leadTime')} label="Lead Time" placeholder="e.g. 15 days after order" />
      </FormSection>

      <FormSection number={3} title="Trade & Logistics">
        <TextField {...bind('originCountry')} label="Country of Origin" required autoComplete="country-name" />
        <TextField {...bind('portOfLoading')} label="Port of Loading" />
        <SelectField {...bind('incoterm')} label="Incoterm" options={SUPPLIER_INCOTERMS} />
        <RadioGroup {...bind('exportCapability')} legend="Do you export internationally?" options={YES_NO} />
        {values.exportCapability === 'Yes' && (
          <TextField {...bind('exportMarkets')} label="Main Export Markets" wide placeholder="e.g. UAE, China, Europe" />
        )}
      </FormSection>

      <FormSection number={4} title="Specifications & Packaging">
        <TextField {...bind('productSpecs')} label="Product Specifications" multiline />
        <TextField {...bind('packagingDetails')} label="Packaging Details" multiline />
        <RadioGroup {...bind('privateLabeling')} legend="Private Labeling / Custom Packaging Available?" options={YES_NO} />
      </FormSection>

      <FormSection number={5} title="Compliance & Payment Terms">
        <CheckboxGroup {...form.bindList('certifications')} legend="Certifications" options={SUPPLIER_CERTIFICATIONS} />
        <TextField {...bind('paymentTerms')} label="Payment Terms" wide placeholder="e.g. LC at sight, 30% advance" />
      </FormSection>

      <FormSection number={6} title="Upload Product Images / Certificates">
        <FilePicker form={form} label="Product Images / Certificates" />
      </FormSection>

      <FormSection number={7} title="Additional Comments">
        <TextField {...bind('additionalComments')} label="Additional Comments" multiline />
      </FormSection>
    </FormFrame>
  );
}
