import { describe, expect, it } from 'vitest';
import { foldText, SORT_KEY_LENGTH, sortKeyOf } from './text-folding';

describe('foldText', () => {
  it.each([
    // Latin with diacritics: case and accents alike.
    ['Ångström', 'angstrom'],
    ['ÅNGSTRÖM', 'angstrom'],
    ['ångström', 'angstrom'],
    ['Zoë Müller', 'zoe muller'],
    ['İstanbul', 'istanbul'],
    ['STRAẞE', 'strasse'],
    ['Łódź', 'lodz'],
    ['Œuvre', 'oeuvre'],
    // Cyrillic, Greek (final sigma is sigma), Armenian (and its ligature).
    ['ООО «ИВАН»', 'ооо «иван»'],
    ['Ёлка', 'елка'],
    ['ΟΔΟΣ', 'οδοσ'],
    ['Ὀδυσσεύς', 'οδυσσευσ'],
    ['ԱՐԱՄ', 'արամ'],
    ['և', 'եւ'],
    // Compatibility forms.
    ['ｆｕｌｌ', 'full'],
    ['ﬁne', 'fine'],
    ['㎒', 'mhz'],
    // Scripts without case stay as written, their own marks too.
    ['東京', '東京'],
    ['がぎ', 'がぎ'],
    ['한국어', '한국어'],
    ['हिन्दी', 'हिन्दी'],
  ])('%s folds to %s', (text, folded) => {
    expect(foldText(text)).toBe(folded);
  });

  it('keeps the separator that stops a match spanning two fields', () => {
    expect(foldText('A\u001fB')).toBe('a\u001fb');
  });
});

describe('sortKeyOf', () => {
  const sorted = (texts: string[]) =>
    [...texts].sort((a, b) => (sortKeyOf(a) < sortKeyOf(b) ? -1 : sortKeyOf(a) > sortKeyOf(b) ? 1 : 0));

  it('orders letters whatever their case and accents, numbers by their value', () => {
    expect(sorted(['zoë', 'Ångström', 'Bob', 'alice', 'ÉMILE'])).toEqual(['alice', 'Ångström', 'Bob', 'ÉMILE', 'zoë']);
    expect(sorted(['1000 MT', '60 MT', '500 MT', '500 KG'])).toEqual(['60 MT', '500 KG', '500 MT', '1000 MT']);
    expect(sorted(['Buyer 10', 'Buyer 9', 'Buyer 100'])).toEqual(['Buyer 9', 'Buyer 10', 'Buyer 100']);
  });

  it('is empty for an empty text and cut at SORT_KEY_LENGTH characters, never inside a character', () => {
    expect(sortKeyOf('   ')).toBe('');
    const long = sortKeyOf('𝐀'.repeat(100));
    expect(Array.from(long)).toHaveLength(SORT_KEY_LENGTH);
    expect(long).toBe('a'.repeat(SORT_KEY_LENGTH));
  });
});
