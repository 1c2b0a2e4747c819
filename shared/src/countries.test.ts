/**
 * The calling codes offered in the forms, checked one by one against Google's libphonenumber
 * metadata (libphonenumber-js, pinned), the reference phone software relies on.
 */
import { getCountryCallingCode, isSupportedCountry, type CountryCode } from 'libphonenumber-js';
import { describe, expect, it } from 'vitest';
import { COUNTRIES, DEFAULT_CALLING_CODE, splitAddress } from './countries';

/** Territories without a numbering plan of their own, which libphonenumber does not list. */
const NOT_IN_LIBPHONENUMBER = ['AQ', 'BV', 'GS', 'HM', 'PN', 'TF', 'UM'];

describe('the calling-code list', () => {
  it('gives every country the calling code libphonenumber knows it by', () => {
    const wrong = COUNTRIES.filter((c) => isSupportedCountry(c.cca2))
      .filter((c) => c.callingCode !== `+${getCountryCallingCode(c.cca2 as CountryCode)}`)
      .map((c) => `${c.name} ${c.callingCode}, not +${getCountryCallingCode(c.cca2 as CountryCode)}`);
    expect(wrong).toEqual([]);
  });

  it('leaves unchecked only the territories libphonenumber has no plan for', () => {
    expect(
      COUNTRIES.filter((c) => !isSupportedCountry(c.cca2))
        .map((c) => c.cca2)
        .sort(),
    ).toEqual(NOT_IN_LIBPHONENUMBER);
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

describe('splitAddress', () => {
  it('takes the country off the end of an address, by its name or a usual short form', () => {
    expect(splitAddress('12 Park Street, Kolkata, India')).toEqual({ address: '12 Park Street, Kolkata', country: 'India' });
    expect(splitAddress('1 Main St\nSpringfield, IL 62701\nU.S.A.')).toEqual({
      address: '1 Main St\nSpringfield, IL 62701',
      country: 'United States',
    });
    expect(splitAddress('Hauptstraße 1, 10115 Berlin, Deutschland.')).toEqual({
      address: 'Hauptstraße 1, 10115 Berlin',
      country: 'Germany',
    });
    expect(splitAddress('Plot 4, Jebel Ali, UAE')).toEqual({ address: 'Plot 4, Jebel Ali', country: 'United Arab Emirates' });
    expect(splitAddress("Abidjan, Côte d'Ivoire")).toEqual({ address: 'Abidjan', country: 'Ivory Coast' });
    expect(splitAddress('India')).toEqual({ address: '', country: 'India' });
  });

  it('keeps the whole text as the address when it does not end with a country', () => {
    expect(splitAddress('12 Park Street, Kolkata')).toEqual({ address: '12 Park Street, Kolkata', country: '' });
    expect(splitAddress('Los Angeles, CA 90001')).toEqual({ address: 'Los Angeles, CA 90001', country: '' });
    expect(splitAddress('Mumbai, India 400001')).toEqual({ address: 'Mumbai, India 400001', country: '' });
    expect(splitAddress('')).toEqual({ address: '', country: '' });
  });
});
