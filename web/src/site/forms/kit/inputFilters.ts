/**
 * Keystroke filters (docs/forms.md#keystroke-filters): what a field accepts while typing, and how it is tidied
 * on blur and focus. Pure functions so the rules are unit-tested apart from the components.
 */

/** Digits and at most one dot (quantity, purity, capacity, MOQ, price). */
export function decimalInput(raw: string): string {
  const kept = raw.replace(/[^\d.]/g, '');
  const dot = kept.indexOf('.');
  return dot === -1 ? kept : kept.slice(0, dot + 1) + kept.slice(dot + 1).replace(/\./g, '');
}

/** A trailing dot left after typing ('12.') is dropped when the field loses focus. */
export function withoutTrailingDot(value: string): string {
  return value.endsWith('.') ? value.slice(0, -1) : value;
}

export const PURITY_MAX = 100;

/** Purity while typing: a decimal capped at 100. */
export function purityInput(raw: string): string {
  const value = decimalInput(raw.replace(/%/g, ''));
  return value !== '' && Number(value) > PURITY_MAX ? String(PURITY_MAX) : value;
}

/** Purity on blur: tidied and shown as a percentage. */
export function purityOnBlur(value: string): string {
  const number = withoutTrailingDot(value.replace(/%$/, ''));
  return number === '' ? '' : `${number}%`;
}

/** Purity on focus: the % sign is removed so the number can be edited. */
export function purityOnFocus(value: string): string {
  return value.replace(/%$/, '');
}

/** Phone numbers: digits only (the calling code is chosen separately). */
export function phoneInput(raw: string): string {
  return raw.replace(/\D/g, '');
}
