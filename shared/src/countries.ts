import { countries } from 'countries-list';

/** SPEC's country list entry: name, two-letter code, calling code (root plus first suffix). */
export interface Country {
  name: string;
  cca2: string;
  callingCode: string;
}

/** Every country with a calling code, sorted by name; shipped in the build, no network call. */
export const COUNTRIES: readonly Country[] = Object.entries(countries)
  .filter(([, c]) => c.phone.length > 0)
  .map(([cca2, c]) => ({ name: c.name, cca2, callingCode: `+${c.phone[0]}` }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

/** India's calling code, else the first entry's (SPEC section 7). */
export const DEFAULT_CALLING_CODE = COUNTRIES.find((c) => c.cca2 === 'IN')?.callingCode ?? COUNTRIES[0].callingCode;
