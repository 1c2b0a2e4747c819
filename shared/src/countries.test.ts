/**
 * The calling codes offered in the forms, checked one by one against Google's libphonenumber
 * metadata (libphonenumber-js, pinned), the reference phone software relies on.
 */
import { getCountryCallingCode, isSupportedCountry, type CountryCode } from 'libphonenumber-js';
import { describe, expect, it } from 'vitest';
import { COUNTRIES, DEFAULT_CALLING_CODE } from './countries';

/** Territories without a numbering plan of their own, which libphonenumber does not list. */
const NOT_IN_LIBPHONENUMBER = ['AQ', 'BV', 'GS', 'HM', 'PN', 'TF', 'UM'];

describe('the calling-code list', () => {
  it("gives every country the calling code libphonenumber knows it by", () => {
    const wrong = COUNTRIES.filter((c) => isSupportedCountry(c.cca2))
      .filter((c) => c.callingCode !== `+${getCountryCallingCode(c.cca2 as CountryCode)}`)
      .map((c) => `${c.name} ${c.callingCode}, not +${getCountryCallingCode(c.cca2 as CountryCode)}`);
    expect(wrong).toEqual([]);
  });

  it('leaves unchecked only the territories libphonenumber has no plan for', () => {
    expect(COUNTRIES.filter((c) => !isSupportedCountry(c.cca2)).map((c) => c.cca2).sort()).toEqual(NOT_IN_LIBPHONENUMBER);
  });

  it('offers Kosovo as +383 and North American countries as +1', () => {
    const code = (cca2: string) => COUNTRIES.find((c) => c.cca2 === cca2)?.callingCode;
    expect(code('XK')).toBe('+383');
    expect(['US', 'CA', 'JM', 'PR', 'DO'].map(code)).toEqual(['+1', '+1', '+1', '+1', '+1']);
  });

  it("is sorted by name, with India's +91 as the default", () => {
    const names = COUNTRIES.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(DEFAULT_CALLING_CODE).toBe('+91');
  });
});
