import { matchTerms, MATCHED_LISTS, type AdminListName, type MatchedListName } from '@sourcing/shared';
import type { Transaction } from '../../db/database';
import type { AnyRow, RecordKind } from '../record-kind';
import { RECORD_TERM, type RecordTermRow } from './matching-tables';

export const isMatched = (list: AdminListName): list is MatchedListName => list in MATCHED_LISTS;

/** The record_terms rows of a stored record: its names and their words (none for a kind that is not matched). */
export function termRows(kind: RecordKind, row: AnyRow): RecordTermRow[] {
  const { list, kind: recordKind } = kind.definition;
  if (!isMatched(list)) return [];
  const { names, words } = matchTerms(list, row);
  const of = (source: RecordTermRow['source']) => (term: string) => ({ recordKind, recordId: row.id, source, term });
  return [...names.map(of('name')), ...words.map(of('word'))];
}

/** Stores the terms of a new record in the caller's transaction, so it is matchable as soon as it commits. */
export async function storeTerms(tx: Transaction, kind: RecordKind, row: AnyRow): Promise<void> {
  for (const term of termRows(kind, row)) await tx.insert(RECORD_TERM, term);
}
