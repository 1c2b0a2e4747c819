import { describe, expect, it } from 'vitest';
import { validate } from '../schemas/common';
import {
  composeSupplierOffer,
  SUPPLIER_OFFER_DEFAULTS,
  supplierOfferSchema,
  toSupplierOfferFields,
  type SupplierOfferValues,
} from './supplier-offer';

const typed: SupplierOfferValues = {
  ...SUPPLIER_OFFER_DEFAULTS,
  fullName: 'Kofi Mensah',
  companyName: 'Mensah Minerals',
  phoneNumber: '+233 201234567',
  email: 'kofi@example.com',
  productName: 'Bauxite',
  productCategory: 'Minerals',
  supplyCapacity: '500',
  minOrderQuantity: '20',
  pricePerUnit: '450.5',
  originCountry: 'Ghana',
};

describe('SUPPLIER_OFFER_DEFAULTS', () => {
  it('starts on the defaults of docs/forms.md#offer-sections-and-fields: MT, USD, FOB, exporting, no private labelling', () => {
    expect(SUPPLIER_OFFER_DEFAULTS).toMatchObject({
      unit: 'MT',
      currency: 'USD',
      incoterm: 'FOB',
      exportCapability: 'Yes',
      privateLabeling: 'No',
      certifications: [],
    });
  });
});

describe('composeSupplierOffer', () => {
  it("composes '<number> <unit>/month', '<number> <unit>' and '<currency> <price> per <unit>'", () => {
    const composed = composeSupplierOffer({ ...typed, unit: 'KG', currency: 'EUR' });
    expect(composed.supplyCapacity).toBe('500 KG/month');
    expect(composed.minOrderQuantity).toBe('20 KG');
    expect(composed.pricePerUnit).toBe('EUR 450.5 per KG');
    expect(composed.unit).toBe('KG');
    expect(composed.currency).toBe('EUR');
  });

  it('trims the numbers and leaves empty numbers empty so "required" still applies', () => {
    const composed = composeSupplierOffer({ ...typed, supplyCapacity: ' 7 ', minOrderQuantity: '', pricePerUnit: '  ' });
    expect(composed.supplyCapacity).toBe('7 MT/month');
    expect(composed.minOrderQuantity).toBe('');
    expect(composed.pricePerUnit).toBe('');
  });

  it('sends export markets only when the supplier exports', () => {
    expect(composeSupplierOffer({ ...typed, exportMarkets: 'UAE, China' }).exportMarkets).toBe('UAE, China');
    expect(composeSupplierOffer({ ...typed, exportCapability: 'No', exportMarkets: 'UAE' }).exportMarkets).toBe('');
  });
});

describe('supplierOfferSchema', () => {
  it('gives every message of docs/forms.md#offer-messages for an empty form', () => {
    expect(validate(supplierOfferSchema, composeSupplierOffer(SUPPLIER_OFFER_DEFAULTS))).toEqual({
      ok: false,
      fields: {
        fullName: 'Full Name is required',
        companyName: 'Company Name is required',
        phoneNumber: 'Phone Number is required',
        email: 'Email is required',
        productName: 'Product Name is required',
        productCategory: 'Product Category is required',
        supplyCapacity: 'Supply Capacity is required',
        pricePerUnit: 'Price is required',
        originCountry: 'Country of Origin is required',
      },
    });
  });

  it('treats blank-after-trimming as empty', () => {
    expect(validate(supplierOfferSchema, composeSupplierOffer({ ...typed, productName: '   ' }))).toEqual({
      ok: false,
      fields: { productName: 'Product Name is required' },
    });
  });

  it('accepts a composed offer and fills the choices it lacks with the defaults of docs/forms.md#offer-submission-fields', () => {
    const result = validate(supplierOfferSchema, {
      ...composeSupplierOffer(typed),
      unit: '',
      currency: undefined,
      incoterm: ' ',
      exportCapability: undefined,
      privateLabeling: '',
    });
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.value).toMatchObject({
        unit: 'MT',
        currency: 'USD',
        incoterm: 'FOB',
        exportCapability: 'Yes',
        privateLabeling: 'No',
      });
    }
  });

  it('refuses a choice outside the lists of docs/forms.md#offer-sections-and-fields', () => {
    const result = validate(supplierOfferSchema, { ...composeSupplierOffer(typed), currency: 'GBP' });
    expect(result).toEqual({ ok: false, fields: { currency: 'Must be one of USD, EUR, INR, AED' } });
  });

  it('reads certifications from multipart JSON, a single text or a list', () => {
    const certs = (value: unknown) => {
      const result = validate(supplierOfferSchema, { ...composeSupplierOffer(typed), certifications: value });
      return result.ok ? result.value.certifications : null;
    };
    expect(certs('["ISO 9001","SGS"]')).toEqual(['ISO 9001', 'SGS']);
    expect(certs('CE')).toEqual(['CE']);
    expect(certs('')).toEqual([]);
    expect(certs(['RoHS', ' '])).toEqual(['RoHS']);
  });
});

describe('toSupplierOfferFields', () => {
  it('sends certifications as a JSON list and the composed texts as they are', () => {
    const fields = toSupplierOfferFields(composeSupplierOffer({ ...typed, certifications: ['ISO 9001', 'CE'] }));
    expect(fields.certifications).toBe('["ISO 9001","CE"]');
    expect(fields.supplyCapacity).toBe('500 MT/month');
    expect(fields.pricePerUnit).toBe('USD 450.5 per MT');
    expect(Object.keys(fields).sort()).toEqual(Object.keys(SUPPLIER_OFFER_DEFAULTS).sort());
    expect(validate(supplierOfferSchema, fields).ok).toBe(true);
  });
});
