/**
 * Matching buyers with suppliers (docs/admin.md#matching): a buyer inquiry's matching supplier
 * offers and an offer's matching inquiries, best first, and the links staff make between them.
 */
import { OTHERS } from './constants';
import { RECORD_DEFINITIONS } from './records';

/** The two matched lists, each with the list it matches against. */
export const MATCHED_LISTS = { inquiries: 'supplierInquiries', supplierInquiries: 'inquiries' } as const;
export type MatchedListName = keyof typeof MATCHED_LISTS;

type KeyOf<N extends MatchedListName> = (typeof RECORD_DEFINITIONS)[N]['fields'][number]['key'];
type StatusOf<N extends MatchedListName> = (typeof RECORD_DEFINITIONS)[N]['statuses'][number];

/** The fields naming what a record buys or sells: the terms it is matched on. */
export const MATCHED_FIELDS: { [N in MatchedListName]: readonly KeyOf<N>[] } = {
  inquiries: ['commodities', 'otherCommodity'],
  supplierInquiries: ['productName'],
};

/** What records of each list are called in a sentence ('linked supplier offer Sam Supplier', 'Matching buyer inquiries'). */
export const MATCHED_NOUNS: { [N in MatchedListName]: { one: string; many: string } } = {
  inquiries: { one: 'buyer inquiry', many: 'buyer inquiries' },
  supplierInquiries: { one: 'supplier offer', many: 'supplier offers' },
};

/** What a match shows of the other record besides its name and status (labels from its definition). */
export const MATCH_FACTS: { [N in MatchedListName]: readonly KeyOf<N>[] } = {
  inquiries: ['companyName', 'commodities', 'quantity', 'unit', 'destinationCountry'],
  supplierInquiries: ['companyName', 'productName', 'originCountry', 'pricePerUnit', 'supplyCapacity'],
};

/** Statuses of a finished deal or a refused offer: such records rank after the open ones. */
export const CLOSED_STATUSES: { [N in MatchedListName]: readonly StatusOf<N>[] } = {
  inquiries: ['Won', 'Lost'],
  supplierInquiries: ['Rejected'],
};

/** Words too common to say two records deal in the same thing. */
const STOP_WORDS = new Set(['and', 'the', 'for', 'with', 'grade', 'other', 'others']);

/** A name as it is compared: lower case, one space between words. */
export const normalName = (text: string): string => text.toLowerCase().trim().replace(/\s+/g, ' ');

/** The words of a name that say what it is: 3 letters or more, not a number, not a stop word. */
export function nameWords(text: string): string[] {
  const words = normalName(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 3 && /\p{L}/u.test(w) && !STOP_WORDS.has(w));
  return [...new Set(words)];
}

/** A record's terms: its commodity or product names (an exact match) and their words (a partial one). */
export interface MatchTerms {
  names: string[];
  words: string[];
}

export function matchTerms(list: MatchedListName, record: Record<string, unknown>): MatchTerms {
  const texts = (MATCHED_FIELDS[list] as readonly string[])
    .flatMap((key) => {
      const value = record[key];
      return Array.isArray(value) ? (value as unknown[]) : [value];
    })
    .filter((v): v is string => typeof v === 'string' && v.trim() !== '' && v !== OTHERS);
  const names = [...new Set(texts.map(normalName))];
  return { names, words: [...new Set(names.flatMap(nameWords))] };
}

/** One record of the other list, as a match or a link shows it. */
export interface MatchedRecord {
  _id: string;
  list: MatchedListName;
  /** Its person's name (the definition's title). */
  name: string;
  status: string;
  createdAt: string;
  /** The MATCH_FACTS with their labels, in order: [label, value as text]. */
  facts: [string, string][];
  /** 'name': the same commodity or product name; 'word': a word of it in common; null: linked but no longer matching. */
  match: 'name' | 'word' | null;
  linked: boolean;
}

/** GET <list>/:id/matches: the records linked to this one (newest link first) and the matching ones (best first). */
export interface MatchesResponse {
  linked: MatchedRecord[];
  matches: MatchedRecord[];
}

/** How many matches a record shows. */
export const MATCH_LIMIT = 20;

export const ALREADY_LINKED = 'These records are already linked';
export const NOT_LINKED = 'These records are not linked';
