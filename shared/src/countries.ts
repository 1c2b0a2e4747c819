import { countries } from 'countries-list';

/** A country list entry: name, two-letter code (cca2), calling code ('+91'). */
export interface Country {
  name: string;
  cca2: string;
  callingCode: string;
}

/**
 * Where countries-list's first phone prefix is not the country's calling code (ITU E.164, as
 * libphonenumber has it): Kosovo lists the codes it borrowed before +383, the Caribbean
 * Netherlands and Curaçao a trunk digit after +599, Svalbard Norway's +47 with a number range,
 * and the Vatican its unused +379 (its numbers are Italian, +39 06 698...).
 */
const CALLING_CODE_CORRECTIONS: Record<string, string> = { XK: '383', BQ: '599', CW: '599', SJ: '47', VA: '39' };

/** North American Numbering Plan members (other than the US and Canada) list +1 with their area code. */
const NANP_AREA_CODE = /^1\d{3}$/;

function callingCodeOf(cca2: string, firstPrefix: number): string {
  const prefix = String(firstPrefix);
  return `+${CALLING_CODE_CORRECTIONS[cca2] ?? (NANP_AREA_CODE.test(prefix) ? '1' : prefix)}`;
}

/** Every country with a calling code, sorted by name; shipped in the build, no network call. */
export const COUNTRIES: readonly Country[] = Object.entries(countries)
  .filter(([, c]) => c.phone.length > 0)
  .map(([cca2, c]) => ({ name: c.name, cca2, callingCode: callingCodeOf(cca2, c.phone[0]) }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

/** India's calling code, else the first entry's (SPEC section 7). */
export const DEFAULT_CALLING_CODE = COUNTRIES.find((c) => c.cca2 === 'IN')?.callingCode ?? COUNTRIES[0].callingCode;
