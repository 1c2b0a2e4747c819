import { describe, expect, it } from 'vitest';
import { SUPPLIER_OFFER_FORM, SUPPLIER_OFFER_FORM_DEFAULTS } from './offerValues';

const { toFields: supplierOfferFields, validate: validateSupplierOffer } = SUPPLIER_OFFER_FORM;

describe('the supplier form values', () => {
  it('compose the texts of docs/forms.md#composed-texts and join the phone with its calling code', () => {
    const fields = supplierOfferFields({
      ...SUPPLIER_OFFER_FORM_DEFAULTS,
      callingCountry: 'AE',
      phoneNumber: '501234567',
      supplyCapacity: '500',
      minOrderQuantity: '20',
      pricePerUnit: '450',
      unit: 'Litre',
      currency: 'AED',
    });
    expect(fields).toMatchObject({
      phoneNumber: '+971 501234567',
      supplyCapacity: '500 Litre/month',
      minOrderQuantity: '20 Litre',
      pricePerUnit: 'AED 450 per Litre',
    });
    expect(fields).not.toHaveProperty('callingCountry');
  });

  it('are checked as composed, so an empty price is still "Price is required"', () => {
    const result = validateSupplierOffer(SUPPLIER_OFFER_FORM_DEFAULTS);
    expect(!result.ok && result.fields.pricePerUnit).toBe('Price is required');
    expect(!result.ok && result.fields.supplyCapacity).toBe('Supply Capacity is required');
  });
});
