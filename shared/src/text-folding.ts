/**
 * How the admin compares texts whatever their letter case and accents, in every script
 * (docs/operations.md#search-indexes): the search and the sort keys are folded here, in
 * JavaScript, and stored folded, so both databases compare the same texts and give the same
 * answers.
 */

/**
 * The combining diacritical marks of the Latin, Greek, Cyrillic and Armenian scripts (accents,
 * cedillas, breves, the dialytika): left after NFKD, dropped. The marks other scripts write their
 * vowels with (Devanagari, Thai, kana's voicing) are letters of their words and stay.
 */
const DIACRITIC_BLOCKS: readonly [number, number][] = [
  [0x0300, 0x036f], // Combining Diacritical Marks
  [0x1ab0, 0x1aff], // ... Extended
  [0x1dc0, 0x1dff], // ... Supplement
  [0x20d0, 0x20ff], // ... for Symbols
  [0xfe20, 0xfe2f], // Combining Half Marks
];
const NONSPACING_MARK = /\p{Mn}/gu;
const withoutDiacritic = (mark: string) => {
  const code = mark.codePointAt(0)!;
  return DIACRITIC_BLOCKS.some(([from, to]) => code >= from && code <= to) ? '' : mark;
};

/** Lower-case letters that stand for others without a Unicode decomposition to them. */
const LETTER_FOLDS: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  ħ: 'h',
  ı: 'i',
  þ: 'th',
  // Greek writes sigma ς at the end of a word: the same letter as σ.
  ς: 'σ',
};
const FOLDED_LETTERS = new RegExp(`[${Object.keys(LETTER_FOLDS).join('')}]`, 'g');

/**
 * A text as the search compares it: compatibility forms made plain (ｆｕｌｌ, ﬁ, ²), accents
 * dropped, lower case in every script with case (Latin, Greek, Cyrillic, Armenian, ...):
 * `Ångström`, `ÅNGSTRÖM` and `angstrom` all fold to `angstrom`, `ООО «ИВАН»` to `ооо «иван»`.
 * Scripts without case come back as they were (in NFC).
 */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(NONSPACING_MARK, withoutDiacritic)
    .toLowerCase()
    .normalize('NFC')
    .replace(FOLDED_LETTERS, (letter) => LETTER_FOLDS[letter]);
}

/** How many characters of a folded text its sort key keeps: values alike this far sort by their time. */
export const SORT_KEY_LENGTH = 64;

const DIGIT_RUN = /\d+/g;

/**
 * A text as a sort key: folded (so `zoë`, `Zoe` and `ZOË` sort together), each run of digits led by
 * a character saying how long it is (so `60` sorts before `500` and `500` before `1000`), cut at
 * SORT_KEY_LENGTH characters. Keys compare by code point, as both databases compare them. An empty
 * text has the empty key: the list puts those last in either direction.
 */
export function sortKeyOf(text: string): string {
  const folded = foldText(text.trim()).replace(DIGIT_RUN, (digits) => String.fromCodePoint(0x30 + digits.length) + digits);
  return Array.from(folded).slice(0, SORT_KEY_LENGTH).join('');
}
