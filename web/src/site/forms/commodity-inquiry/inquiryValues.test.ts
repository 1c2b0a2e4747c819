import { describe, expect, it } from 'vitest';
import { arriveWithCommodity, COMMODITY_INQUIRY_FORM, COMMODITY_INQUIRY_FORM_DEFAULTS } from './inquiryValues';

const { toFields: commodityInquiryFields, validate: validateCommodityInquiry } = COMMODITY_INQUIRY_FORM;

describe('the buyer form values', () => {
  it('start with India calling code and the unit placeholder', () => {
    expect(COMMODITY_INQUIRY_FORM_DEFAULTS.callingCountry).toBe('IN');
    expect(COMMODITY_INQUIRY_FORM_DEFAULTS.unit).toBe('Select Unit');
  });

  it("send the number joined with the chosen country's calling code, without the country itself", () => {
    const fields = commodityInquiryFields({
      ...COMMODITY_INQUIRY_FORM_DEFAULTS,
      callingCountry: 'CA',
      phoneNumber: '4165550100',
    });
    expect(fields.phoneNumber).toBe('+1 4165550100');
    expect(fields).not.toHaveProperty('callingCountry');
  });

  it('say Phone Number is required when only the calling code is there', () => {
    const result = validateCommodityInquiry(COMMODITY_INQUIRY_FORM_DEFAULTS);
    expect(!result.ok && result.fields.phoneNumber).toBe('Phone Number is required');
  });

  it('choose exactly the commodity of a card, the closest checklist entry when the name differs', () => {
    const chosen = (name?: string) => arriveWithCommodity(name)(COMMODITY_INQUIRY_FORM_DEFAULTS).values.selectedCommodities;
    expect(chosen('Coal')).toEqual(['Coal']);
    expect(chosen('Iron Ore')).toEqual(['Iron ore (Fe 62+)']);
    expect(chosen('Copper Cathode')).toEqual(['Copper Cathode']);
    expect(chosen('Unobtainium')).toEqual([]);
    expect(chosen(undefined)).toEqual([]);
  });

  it('replace the commodities of a kept draft, say which are no longer ticked and keep everything else', () => {
    const drafted = { ...COMMODITY_INQUIRY_FORM_DEFAULTS, fullName: 'Asha Rao', selectedCommodities: ['Gems', 'Coal', 'Silica'] };
    const { values, notice } = arriveWithCommodity('Coal')(drafted);
    expect(values).toEqual({ ...drafted, selectedCommodities: ['Coal'] });
    expect(notice).toBe('Coal is now the only commodity chosen; Gems, Silica are no longer ticked.');
    expect(arriveWithCommodity('Gems')({ ...drafted, selectedCommodities: ['Coal'] }).notice).toBe(
      'Gems is now the only commodity chosen; Coal is no longer ticked.',
    );
    expect(arriveWithCommodity('Coal')({ ...drafted, selectedCommodities: ['Coal'] }).notice).toBeNull();
    expect(arriveWithCommodity(undefined)(drafted)).toEqual({ values: drafted });
  });
});
