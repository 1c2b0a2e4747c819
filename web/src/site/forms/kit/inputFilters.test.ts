import { describe, expect, it } from 'vitest';
import { decimalInput, phoneInput, purityInput, purityOnBlur, purityOnFocus, withoutTrailingDot } from './inputFilters';

describe('decimalInput', () => {
  it.each([
    ['12a3', '123'],
    ['1.2.3', '1.23'],
    ['..5', '.5'],
    ['-4,5 kg', '45'],
    ['450.50', '450.50'],
  ])('%j -> %j', (raw, kept) => expect(decimalInput(raw)).toBe(kept));
});

describe('withoutTrailingDot', () => {
  it('drops only a trailing dot', () => {
    expect(withoutTrailingDot('12.')).toBe('12');
    expect(withoutTrailingDot('12.5')).toBe('12.5');
    expect(withoutTrailingDot('')).toBe('');
  });
});

describe('purity', () => {
  it('accepts digits and one dot, capped at 100', () => {
    expect(purityInput('99.5x')).toBe('99.5');
    expect(purityInput('101')).toBe('100');
    expect(purityInput('100.5')).toBe('100');
    expect(purityInput('99.5%')).toBe('99.5');
  });

  it('appends % on blur (tidying a trailing dot) and removes it on focus', () => {
    expect(purityOnBlur('99.5')).toBe('99.5%');
    expect(purityOnBlur('98.')).toBe('98%');
    expect(purityOnBlur('99.5%')).toBe('99.5%');
    expect(purityOnBlur('')).toBe('');
    expect(purityOnFocus('99.5%')).toBe('99.5');
    expect(purityOnFocus('')).toBe('');
  });
});

describe('phoneInput', () => {
  it('keeps digits only', () => {
    expect(phoneInput('98-765 43a21')).toBe('987654321');
  });
});
