import { describe, expect, it } from 'vitest';
import { COMMODITY_OPTIONS, DISPATCH_MODES, UNIT_PLACEHOLDER } from '../constants';
import { validate } from '../schemas/common';
import {
  COMMODITY_INQUIRY_DEFAULTS,
  commodityInquirySchema,
  fromCommodityInquiryFields,
  toCommodityInquiryFields,
  type CommodityInquiryValues,
} from './buyer-inquiry';

const complete: CommodityInquiryValues = {
  ...COMMODITY_INQUIRY_DEFAULTS,
  fullName: 'Asha Rao',
  companyName: 'Rao Metals',
  phoneNumber: '+91 9876543210',
  email: 'asha@example.com',
  userType: 'Trader',
  selectedCommodities: ['Coal'],
  quantity: '500',
  unit: 'MT',
  destinationCountry: 'India',
  destinationPort: 'Mundra',
  dispatchMode: 'CIF',
};

describe('commodityInquirySchema', () => {
  it('gives every message of docs/forms.md#inquiry-messages for an empty form (unit still on its placeholder)', () => {
    expect(COMMODITY_INQUIRY_DEFAULTS.unit).toBe(UNIT_PLACEHOLDER);
    expect(validate(commodityInquirySchema, COMMODITY_INQUIRY_DEFAULTS)).toEqual({
      ok: false,
      fields: {
        fullName: 'Full Name is required',
        companyName: 'Company Name is required',
        phoneNumber: 'Phone Number is required',
        email: 'Email is required',
        userType: 'User Type is required',
        selectedCommodities: 'Select at least one commodity',
        quantity: 'Quantity is required',
        unit: 'Unit is required',
        destinationCountry: 'Destination Country is required',
        destinationPort: 'Destination Port is required',
        dispatchMode: 'Dispatch Mode is required',
      },
    });
  });

  it('treats blank-after-trimming as empty', () => {
    const result = validate(commodityInquirySchema, { ...complete, fullName: '   ', destinationPort: '\t' });
    expect(result).toEqual({
      ok: false,
      fields: { fullName: 'Full Name is required', destinationPort: 'Destination Port is required' },
    });
  });

  it('accepts a complete inquiry and trims it', () => {
    const result = validate(commodityInquirySchema, { ...complete, companyName: '  Rao Metals ' });
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.value.companyName).toBe('Rao Metals');
  });

  it('asks to specify the other commodity and the other dispatch mode, even beside other errors', () => {
    const result = validate(commodityInquirySchema, {
      ...COMMODITY_INQUIRY_DEFAULTS,
      selectedCommodities: ['Others'],
      dispatchMode: 'Others',
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fields.otherCommodity).toBe('Specify other commodity');
    expect(result.fields.customDispatchMode).toBe('Specify dispatch mode');
    expect(result.fields.fullName).toBe('Full Name is required');
  });

  it('is satisfied once the Others texts are typed', () => {
    const values = {
      ...complete,
      selectedCommodities: ['Others'],
      otherCommodity: 'Manganese',
      dispatchMode: 'Others',
      customDispatchMode: 'Rail',
    };
    expect(validate(commodityInquirySchema, values).ok).toBe(true);
  });

  it('reads the commodity list from multipart JSON and refuses unknown entries', () => {
    const fromJson = validate(commodityInquirySchema, { ...complete, selectedCommodities: '["Coal","Gems"]' });
    expect(fromJson.ok && fromJson.value.selectedCommodities).toEqual(['Coal', 'Gems']);
    expect(validate(commodityInquirySchema, { ...complete, selectedCommodities: 'not json' })).toEqual({
      ok: false,
      fields: { selectedCommodities: 'Select at least one commodity' },
    });
    expect(validate(commodityInquirySchema, { ...complete, selectedCommodities: ['Uranium'] })).toEqual({
      ok: false,
      fields: { selectedCommodities: 'Unknown commodity: Uranium' },
    });
  });

  it('checks quantity, purity, unit, user type and dispatch mode values', () => {
    const fields = (patch: Partial<Record<keyof CommodityInquiryValues, unknown>>) => {
      const result = validate(commodityInquirySchema, { ...complete, ...patch });
      return result.ok ? {} : result.fields;
    };
    expect(fields({ quantity: '12.' })).toEqual({ quantity: 'Quantity must be a number' });
    expect(fields({ quantity: '12.5' })).toEqual({});
    expect(fields({ purity: '99.5%' })).toEqual({});
    expect(fields({ purity: '100' })).toEqual({});
    expect(fields({ purity: '100.1' })).toEqual({ purity: 'Purity must be a percentage up to 100' });
    expect(fields({ unit: 'Tonnes' })).toEqual({ unit: 'Unit is required' });
    expect(fields({ userType: 'Procurement Firm' })).toEqual({ userType: 'User Type is required' });
    expect(fields({ dispatchMode: 'Rail' })).toEqual({ dispatchMode: 'Dispatch Mode is required' });
  });

  it('has a checklist ending with Others and dispatch modes with Others', () => {
    expect(COMMODITY_OPTIONS.at(-1)).toBe('Others');
    expect(DISPATCH_MODES).toContain('Others');
  });
});

describe('toCommodityInquiryFields / fromCommodityInquiryFields', () => {
  it('sends the commodity list as JSON and every other field as text', () => {
    const fields = toCommodityInquiryFields({ ...complete, selectedCommodities: ['Coal', 'Gems'] });
    expect(fields.selectedCommodities).toBe('["Coal","Gems"]');
    expect(fields.dispatchMode).toBe('CIF');
    expect(Object.keys(fields).sort()).toEqual(Object.keys(COMMODITY_INQUIRY_DEFAULTS).sort());
  });

  it('sends the typed mode in dispatchMode when Others is chosen, and reads it back', () => {
    const fields = toCommodityInquiryFields({ ...complete, dispatchMode: 'Others', customDispatchMode: 'Rail' });
    expect(fields.dispatchMode).toBe('Rail');
    expect(fields.customDispatchMode).toBe('Rail');
    expect(fromCommodityInquiryFields(fields)).toMatchObject({ dispatchMode: 'Others', customDispatchMode: 'Rail' });
    expect(validate(commodityInquirySchema, fromCommodityInquiryFields(fields)).ok).toBe(true);
  });

  it('drops Others texts the visitor hid again by choosing something else', () => {
    const fields = toCommodityInquiryFields({
      ...complete,
      dispatchMode: 'FOB',
      customDispatchMode: 'Rail',
      selectedCommodities: ['Coal'],
      otherCommodity: 'Manganese',
    });
    expect(fields.customDispatchMode).toBe('');
    expect(fields.otherCommodity).toBe('');
    expect(fromCommodityInquiryFields(fields)).toMatchObject({ dispatchMode: 'FOB' });
  });
});
