import { describe, expect, expectTypeOf, it } from 'vitest';
import { validate } from '../schemas/common';
import {
  BUYER_INQUIRY,
  filesField,
  initialValues,
  RECORD_DEFINITIONS,
  sampleValues,
  searchedKeys,
  storedValues,
  submissionSchema,
  SUPPLIER_OFFER,
  toCommodityInquiryFields,
  toSupplierOfferFields,
  composeSupplierOffer,
  type AttachmentFile,
  type InquiryRecord,
  type RecordDefinition,
  type SubscriberRecord,
} from '.';

describe('record definitions', () => {
  const definitions: RecordDefinition[] = Object.values(RECORD_DEFINITIONS);

  it.each(definitions)('$list: the samples make a valid submission', (definition) => {
    const result = validate(submissionSchema(definition), sampleValues(definition));
    expect(result).toMatchObject({ ok: true });
  });

  it.each(definitions)('$list: keys are unique, and every record has its creation time', (definition) => {
    const keys = definition.fields.map((f) => f.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(definition.fields.find((f) => f.key === 'createdAt')).toMatchObject({ kind: 'date' });
    expect(keys).toContain(definition.title);
  });

  it('label the admin columns as docs/admin.md#lists gives them, in order', () => {
    const labels = (definition: RecordDefinition) => definition.fields.map((f) => f.label);
    expect(labels(BUYER_INQUIRY)).toEqual([
      'Full Name',
      'Company Name',
      'Designation',
      'GST Number',
      'Phone Number',
      'Email',
      'Address',
      'Country',
      'User Type',
      'Commodities',
      'Other Commodity',
      'Quantity',
      'Unit',
      'Purity',
      'Technical Specs',
      'Packaging Type',
      'Packaging Size',
      'Special Packaging',
      'Destination Country',
      'Destination Port',
      'Dispatch Mode',
      'Custom Dispatch Mode',
      'Delivery Timeline',
      'Certifications',
      'Regulatory Compliance',
      'Payment Terms',
      'Comments',
      'Attachment',
      'Created At',
      'Updated At',
      'Reference',
    ]);
    expect(labels(SUPPLIER_OFFER)).toEqual([
      'Full Name',
      'Company Name',
      'Designation',
      'GST Number',
      'Phone Number',
      'Email',
      'Address',
      'Product Name',
      'Product Category',
      'Product Description',
      'Supply Capacity',
      'Unit',
      'Min Order Quantity',
      'Price Per Unit',
      'Currency',
      'Lead Time',
      'Incoterm',
      'Origin Country',
      'Port Of Loading',
      'Export Capability',
      'Export Markets',
      'Certifications',
      'Product Specs',
      'Packaging Details',
      'Private Labeling',
      'Payment Terms',
      'Additional Comments',
      'Attachments',
      'Created At',
      'Updated At',
      'Reference',
    ]);
    expect(labels(RECORD_DEFINITIONS.contacts)).toEqual(['Name', 'Email', 'Message', 'Received At', 'Reference']);
    expect(labels(RECORD_DEFINITIONS.subscribers)).toEqual(['Email', 'Subscribed At', 'Status']);
  });

  it('derives the record type the API answers', () => {
    expectTypeOf<InquiryRecord['commodities']>().toEqualTypeOf<string[]>();
    expectTypeOf<InquiryRecord['attachment']>().toEqualTypeOf<string | null>();
    expectTypeOf<InquiryRecord['attachmentFiles']>().toEqualTypeOf<AttachmentFile[]>();
    expectTypeOf<InquiryRecord['technicalSpecs']>().toEqualTypeOf<string>();
    expectTypeOf<SubscriberRecord>().toEqualTypeOf<{ _id: string; email: string; createdAt: string; status: string }>();
    expectTypeOf<InquiryRecord['reference']>().toEqualTypeOf<string>();
  });

  it('starts forms on their defaults: empty, or a field’s initial value', () => {
    expect(initialValues(SUPPLIER_OFFER)).toMatchObject({
      unit: 'MT',
      currency: 'USD',
      incoterm: 'FOB',
      certifications: [],
      fullName: '',
    });
    expect(initialValues(BUYER_INQUIRY)).toMatchObject({ unit: 'Select Unit', selectedCommodities: [], techSpecs: '' });
  });

  it('stores each field from its submitted name: one submitted address fills address and country', () => {
    const submitted = validate(submissionSchema(BUYER_INQUIRY), toCommodityInquiryFields(sampleValues(BUYER_INQUIRY)));
    if (!submitted.ok) throw new Error(JSON.stringify(submitted.fields));
    const stored = storedValues(BUYER_INQUIRY, submitted.value);
    expect(stored).toMatchObject({
      address: '1 Harbour Road, Mumbai, India',
      addressCountry: '1 Harbour Road, Mumbai, India',
      technicalSpecs: 'LME grade A, HS 7403',
      comments: 'Monthly shipments',
      commodities: ['Copper Cathode', 'Others'],
    });
    expect(stored).not.toHaveProperty('techSpecs');
    expect(stored).not.toHaveProperty('attachment');
    expect(stored).not.toHaveProperty('createdAt');
  });

  it('names the multipart file field and its limit', () => {
    expect(filesField(BUYER_INQUIRY)).toMatchObject({ key: 'attachment', maxFiles: 1 });
    expect(filesField(SUPPLIER_OFFER)).toMatchObject({ key: 'attachments', maxFiles: 10 });
    expect(filesField(RECORD_DEFINITIONS.contacts)).toBeNull();
  });

  it('searches every text and list field, never files or times', () => {
    expect(searchedKeys(BUYER_INQUIRY)).toEqual(
      BUYER_INQUIRY.fields.filter((f) => f.kind !== 'files' && f.kind !== 'date').map((f) => f.key),
    );
    expect(searchedKeys(SUPPLIER_OFFER)).toContain('portOfLoading');
    expect(searchedKeys(SUPPLIER_OFFER)).toContain('paymentTerms');
    expect(searchedKeys(BUYER_INQUIRY)).toEqual(expect.arrayContaining(['destinationPort', 'technicalSpecs', 'comments']));
    expect(searchedKeys(RECORD_DEFINITIONS.contacts)).toEqual(['name', 'email', 'message', 'reference']);
    expect(searchedKeys(RECORD_DEFINITIONS.subscribers)).toEqual(['email']);
  });

  it('composes the supplier sample into the texts the API stores', () => {
    const fields = toSupplierOfferFields(composeSupplierOffer(sampleValues(SUPPLIER_OFFER)));
    expect(fields).toMatchObject({ supplyCapacity: '500 MT/month', minOrderQuantity: '25 MT', pricePerUnit: 'USD 8900 per MT' });
  });
});
