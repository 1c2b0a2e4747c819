import { describe, expect, it } from 'vitest';
import { BUYER_INQUIRY } from './buyer-inquiry';
import { CONTACT_MESSAGE } from './contact-message';
import { filterParamsOf, listFiltersSchema, rangeBound, readFilters } from './record-filters';
import { SUBSCRIBER } from './subscriber';
import { SUPPLIER_OFFER } from './supplier-offer';

describe('list filters', () => {
  it('come from the definitions: marked fields, then owner, attachment and the received range', () => {
    expect(filterParamsOf(BUYER_INQUIRY)).toEqual([
      'userType',
      'commodities',
      'destinationCountry',
      'dispatchMode',
      'owner',
      'hasAttachment',
      'from',
      'to',
    ]);
    expect(filterParamsOf(SUPPLIER_OFFER)).toEqual([
      'productName',
      'incoterm',
      'originCountry',
      'owner',
      'hasAttachment',
      'from',
      'to',
    ]);
    expect(filterParamsOf(CONTACT_MESSAGE)).toEqual(['owner', 'from', 'to']);
    expect(filterParamsOf(SUBSCRIBER)).toEqual(['from', 'to']);
  });

  it('read a day as a UTC day (to: its last millisecond) or an ISO time; anything else is no bound', () => {
    expect(rangeBound('2026-04-01', 'from')?.toISOString()).toBe('2026-04-01T00:00:00.000Z');
    expect(rangeBound('2026-04-01', 'to')?.toISOString()).toBe('2026-04-01T23:59:59.999Z');
    expect(rangeBound('2026-04-01T05:30:00+05:30', 'from')?.toISOString()).toBe('2026-04-01T00:00:00.000Z');
    for (const bad of ['2026-02-30', '2026-4-1', 'yesterday', '2026-04-01T05:30', '0000-01-01']) {
      expect(rangeBound(bad, 'from')).toBeNull();
    }
  });

  it('check every parameter and the range, blank meaning absent', () => {
    const schema = listFiltersSchema(BUYER_INQUIRY);
    expect(schema.parse({ userType: 'Trader', owner: 'mine', from: '', to: '2026-04-02' })).toEqual({
      userType: 'Trader',
      owner: 'mine',
      to: '2026-04-02',
    });
    expect(schema.safeParse({ from: '2026-04-03', to: '2026-04-02' }).success).toBe(false);
    expect(schema.safeParse({ commodities: 'Coal ' }).success).toBe(false);
    expect(schema.parse({ destinationCountry: '  India ' })).toEqual({ destinationCountry: 'India' });
  });

  it('keep what a URL holds that passes, and leave the rest out', () => {
    const params = new URLSearchParams('userType=Alien&dispatchMode=CIF&owner=mine&hasAttachment=yes&from=2026-13-01&q=x');
    expect(readFilters(BUYER_INQUIRY, params)).toEqual({ dispatchMode: 'CIF', owner: 'mine', hasAttachment: 'yes' });
  });
});
