import {
  CLOSED_STATUSES,
  MATCH_FACTS,
  MATCH_LIMIT,
  MATCHED_LISTS,
  RECORD_DEFINITIONS,
  SPAM_STATUS,
  type MatchedListName,
  type MatchedRecord,
  type MatchesResponse,
  type RecordDefinition,
} from '@sourcing/shared';
import type { Database } from '../../db/database';
import type { AnyRow } from '../record-kind';
import { RECORD_KINDS } from '../record-kinds';

/** The column of record_links naming a record of each matched list. */
export const LINK_COLUMN = { inquiries: 'inquiryId', supplierInquiries: 'offerId' } as const satisfies Record<
  MatchedListName,
  string
>;

type Hits = { nameHits: number | string; wordHits: number | string };

/**
 * The records of the other list sharing a term with this one, best first (docs/admin.md#matching):
 * a same name before a shared word, more shared words first, open before closed, newer first;
 * never Spam. The record's few terms are looked up in record_terms_term (an index seek per term),
 * their hits summed per record and only those records read by primary key: no scan of either table.
 */
export function matchesSql(list: MatchedListName, columns: string): string {
  const other = MATCHED_LISTS[list];
  const closed = CLOSED_STATUSES[other].map(() => '?').join(', ');
  return `SELECT ${columns}, m."nameHits" AS "nameHits", m."wordHits" AS "wordHits"
FROM (
  SELECT theirs."recordId" AS "id",
    SUM(CASE WHEN theirs."source" = 'name' THEN 1 ELSE 0 END) AS "nameHits",
    SUM(CASE WHEN theirs."source" = 'word' THEN 1 ELSE 0 END) AS "wordHits"
  FROM "record_terms" mine
  JOIN "record_terms" theirs ON theirs."term" = mine."term" AND theirs."source" = mine."source" AND theirs."recordKind" = ?
  WHERE mine."recordKind" = ? AND mine."recordId" = ?
  GROUP BY theirs."recordId"
) m
JOIN "${RECORD_KINDS[other].table}" o ON o."id" = m."id"
WHERE o."status" <> ?
ORDER BY CASE WHEN m."nameHits" > 0 THEN 0 ELSE 1 END, m."wordHits" DESC,
  CASE WHEN o."status" IN (${closed}) THEN 1 ELSE 0 END, o."createdAt" DESC, o."id"
LIMIT ?`;
}

/** The parameters of matchesSql for one record. */
export function matchesParams(list: MatchedListName, id: string): unknown[] {
  const other = MATCHED_LISTS[list];
  return [RECORD_DEFINITIONS[other].kind, RECORD_DEFINITIONS[list].kind, id, SPAM_STATUS, ...CLOSED_STATUSES[other], MATCH_LIMIT];
}

/** The records linked to this one, newest link first. */
function linkedSql(list: MatchedListName, columns: string): string {
  const other = MATCHED_LISTS[list];
  return `SELECT ${columns} FROM "record_links" l
JOIN "${RECORD_KINDS[other].table}" o ON o."id" = l."${LINK_COLUMN[other]}"
WHERE l."${LINK_COLUMN[list]}" = ?
ORDER BY l."createdAt" DESC, o."id"`;
}

/** A record of a matched list as a match or a link shows it: name, status and its MATCH_FACTS with their labels. */
export function matchedRecord(list: MatchedListName, row: AnyRow, match: MatchedRecord['match'], linked: boolean): MatchedRecord {
  const definition: RecordDefinition = RECORD_DEFINITIONS[list];
  const facts = (MATCH_FACTS[list] as readonly string[]).map((key): [string, string] => {
    const field = definition.fields.find((f) => f.key === key)!;
    const value = row[key];
    const text = Array.isArray(value) ? value.join(', ') : typeof value === 'string' ? value : '';
    return [field.label, field.display ? field.display(text) : text];
  });
  return {
    _id: row.id,
    list,
    name: String(row[definition.title]),
    status: String(row.status),
    createdAt: row.createdAt.toISOString(),
    facts,
    match,
    linked,
  };
}

/** GET <list>/:id/matches: what this record is linked to, and its best matches. */
export async function findMatches(
  db: Pick<Database, 'all' | 'rowReader'>,
  list: MatchedListName,
  id: string,
): Promise<MatchesResponse> {
  const other = MATCHED_LISTS[list];
  const reader = db.rowReader<AnyRow>(RECORD_KINDS[other].entity);
  const [linkedRows, matchRows] = await Promise.all([
    db.all(linkedSql(list, reader.columns('o')), [id]),
    db.all<Record<string, unknown> & Hits>(matchesSql(list, reader.columns('o')), matchesParams(list, id)),
  ]);
  const linkedIds = new Set(linkedRows.map((raw) => String(raw.id)));
  return {
    linked: linkedRows.map((raw) => matchedRecord(other, reader.read(raw), null, true)),
    matches: matchRows.map((raw) => {
      const row = reader.read(raw);
      return matchedRecord(other, row, Number(raw.nameHits) > 0 ? 'name' : 'word', linkedIds.has(row.id));
    }),
  };
}
