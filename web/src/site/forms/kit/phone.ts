import { COUNTRIES, DEFAULT_CALLING_CODE } from '@sourcing/shared';

/** The country preselected in the calling-code selector: the one owning the default code (India). */
export const DEFAULT_CALLING_COUNTRY = COUNTRIES.find((c) => c.callingCode === DEFAULT_CALLING_CODE)?.cca2 ?? COUNTRIES[0].cca2;

/** The phoneNumber of docs/forms.md#phone-and-calling-code: the calling code joined with the number ('+91 9876543210'); empty stays empty. */
export function joinPhoneNumber(callingCountry: string, number: string): string {
  const digits = number.trim();
  if (digits === '') return '';
  const code = COUNTRIES.find((c) => c.cca2 === callingCountry)?.callingCode ?? DEFAULT_CALLING_CODE;
  return `${code} ${digits}`;
}
