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

/**
 * English alphabetical order, as `localeCompare(b, 'en')` gives it, from one collator: localeCompare
 * with a locale sets one up for each comparison, 25 times slower for this list, which every form
 * page sorts as it starts.
 */
const byEnglishName = new Intl.Collator('en').compare;

/** Every country with a calling code, sorted by name; shipped in the build, no network call. */
export const COUNTRIES: readonly Country[] = Object.entries(countries)
  .filter(([, c]) => c.phone.length > 0)
  .map(([cca2, c]) => ({ name: c.name, cca2, callingCode: callingCodeOf(cca2, c.phone[0]) }))
  .sort((a, b) => byEnglishName(a.name, b.name));

/** India's calling code, else the first entry's (docs/forms.md#phone-and-calling-code). */
export const DEFAULT_CALLING_CODE = COUNTRIES.find((c) => c.cca2 === 'IN')?.callingCode ?? COUNTRIES[0].callingCode;

/** Names people often write for a country instead of the list's own (by cca2). */
const COUNTRY_ALIASES: Record<string, string[]> = {
  US: ['USA', 'United States of America'],
  GB: ['UK', 'Great Britain', 'Britain', 'England', 'Scotland', 'Wales', 'Northern Ireland'],
  AE: ['UAE'],
  CD: ['DRC', 'DR Congo', 'Democratic Republic of Congo', 'Congo-Kinshasa'],
  CG: ['Congo-Brazzaville'],
  CZ: ['Czech Republic'],
  KR: ['Republic of Korea'],
  NL: ['Holland'],
  RU: ['Russian Federation'],
  TR: ['Turkey'],
  VN: ['Viet Nam'],
};

/** 'U.S.A.' -> 'usa', 'Côte d’Ivoire' -> "cote d'ivoire", 'The Netherlands' -> 'netherlands'. */
const comparable = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[’`]/g, "'")
    .replace(/\./g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase()
    .replace(/^the /, '');

let countryByName: Map<string, string> | undefined;

/** The list's name of the country a text names ('USA' -> 'United States'), or null. */
export function countryNamed(text: string): string | null {
  countryByName ??= new Map(
    COUNTRIES.flatMap((c) =>
      [c.name, countries[c.cca2 as keyof typeof countries].native, ...(COUNTRY_ALIASES[c.cca2] ?? [])].map(
        (name) => [comparable(name), c.name] as const,
      ),
    ),
  );
  return countryByName.get(comparable(text)) ?? null;
}

/**
 * A postal address written as one text, split into the street part and the country it ends
 * with ('12 Park Street, Kolkata, India' -> '12 Park Street, Kolkata' and 'India'). An address
 * whose last line or comma-separated part is not a country keeps all its text, with no country.
 */
export function splitAddress(text: string): { address: string; country: string } {
  const trimmed = text.trim().replace(/[.,;\s]+$/, '');
  const cut = Math.max(trimmed.lastIndexOf(','), trimmed.lastIndexOf('\n'));
  const country = countryNamed(trimmed.slice(cut + 1));
  if (!country) return { address: text.trim(), country: '' };
  return { address: trimmed.slice(0, Math.max(cut, 0)).replace(/[,\s]+$/, ''), country };
}
