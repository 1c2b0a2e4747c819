import { describe, expect, it } from 'vitest';
import { COMMODITY_INQUIRY_FORM, COMMODITY_INQUIRY_FORM_DEFAULTS, withCommodityTicked } from './inquiryValues';

const { toFields: commodityInquiryFields, validate: validateCommodityInquiry } = COMMODITY_INQUIRY_FORM;

describe('the buyer form values', () => {
  it('start with India calling code and the unit placeholder', () => {
    expect(COMMODITY_INQUIRY_FORM_DEFAULTS.callingCountry).toBe('IN');
    expect(COMMODITY_INQUIRY_FORM_DEFAULTS.unit).toBe('Select Unit');
  });

  it("send the number joined with the chosen country's calling code, without the country itself", () => {
    const fields = commodityInquiryFields({ ...COMMODITY_INQUIRY_FORM_DEFAULTS, callingCountry: 'CA', phoneNumber: '4165550100' });
    expect(fields.phoneNumber).toBe('+1 4165550100');
    expect(fields).not.toHaveProperty('callingCountry');
  });

  it('say Phone Number is required when only the calling code is there', () => {
    const result = validateCommodityInquiry(COMMODITY_INQUIRY_FORM_DEFAULTS);
    expect(!result.ok && result.fields.phoneNumber).toBe('Phone Number is required');
  });

  it("tick the checklist entry of a commodity card, the closest one when the name differs", () => {
    const tick = (name?: string) => withCommodityTicked(COMMODITY_INQUIRY_FORM_DEFAULTS, name).selectedCommodities;
    expect(tick('Coal')).toEqual(['Coal']);
    expect(tick('Iron Ore')).toEqual(['Iron ore (Fe 62+)']);
    expect(tick('Copper Cathode')).toEqual(['Copper Cathode']);
    expect(tick('Unobtainium')).toEqual([]);
    expect(tick(undefined)).toEqual([]);
    const drafted = { ...COMMODITY_INQUIRY_FORM_DEFAULTS, selectedCommodities: ['Coal'] };
    expect(withCommodityTicked(drafted, 'Coal').selectedCommodities).toEqual(['Coal']);
    expect(withCommodityTicked(drafted, 'Gems').selectedCommodities).toEqual(['Coal', 'Gems']);
  });
});
