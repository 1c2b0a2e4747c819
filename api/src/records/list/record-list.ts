import { containsPattern } from '../../db/like-pattern';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  filteredFields,
  foldText,
  sortColumnsOf,
  OWNER_UNASSIGNED,
  rangeBound,
  SPAM_STATUS,
  type AdminListName,
  type FilteredField,
  type ListColumn,
  type DeskListName,
  type ListPage,
} from '@sourcing/shared';
import type { AppDeps } from '../../app-deps';
import { dbTime } from '../../db/engine';
import type { Queries } from '../../db/database';
import type { LinkSigner } from '../attachment-files';
import { createPresenter } from '../present-record';
import { SEARCH_TEXT_COLUMN } from '../record-entity';
import { countsInOrder, statusCounts, withoutSpam } from '../desk/status-counts';
import { responseConditions } from '../response-targets/response-target-views';
import { FOLLOW_UP_PARAMS, followUpConditions, followUpsNarrow, unsnoozedCounts } from '../follow-ups/follow-up-views';
import { recordCounts } from '../record-counts';
import type { RecordKind, RecordTable } from '../record-kind';
import { csvColumnsOf, type CsvColumn } from './csv';
import { encodeCursor, UUID, type Cursor } from './cursor';
import type { ParsedListQuery } from './list-query';
import { readSorted, sortOrderOf, type RowsWhere, type SortOrder } from './sorted-pages';

/** What differs between the four admin lists, derived from each kind; the paging, search and export are shared. */
export interface RecordListDefinition<Rec> {
  name: AdminListName;
  entity: string;
  table: RecordTable;
  /** The desk's statuses (tabs, the status filter), null for a list staff do not work on. */
  statuses: readonly string[] | null;
  /** The fields its filters compare (docs/admin.md#filters). */
  filterFields: readonly FilteredField[];
  /** What it sorts by: its columns and a worked list's desk times (docs/api.md#sorting). */
  columns: readonly ListColumn[];
  present(row: ListRow, sign: LinkSigner): Rec;
  csvColumns: CsvColumn<Rec>[];
}

/** A row as the list code reads it: keyset position and whatever the presenter needs. */
export type ListRow = { id: string; createdAt: Date };

/** The admin list of a record kind. */
export function listDefinitionOf(kind: RecordKind): RecordListDefinition<Record<string, unknown>> {
  const present = createPresenter(kind) as unknown as (row: ListRow, sign: LinkSigner) => Record<string, unknown>;
  return {
    name: kind.definition.list,
    entity: kind.entity,
    table: kind.table,
    statuses: kind.definition.statuses,
    filterFields: filteredFields(kind.definition),
    columns: sortColumnsOf(kind.definition),
    present,
    csvColumns: csvColumnsOf(kind.definition),
  };
}

/** The clock and TIME_ZONE decide which records are snoozed and which follow-ups are due today. */
type ListDeps = Pick<AppDeps, 'db' | 'now' | 'config'>;
export type Filter = Pick<ParsedListQuery, 'q' | 'since' | 'filters'> & Partial<Pick<ParsedListQuery, 'status'>>;

/** SQLite's FTS5 index serves LIKE only without an ESCAPE clause, so it is added only when needed. */
const likeOf = (text: string) => (/[\\%_]/.test(text) ? `LIKE ? ESCAPE '\\'` : 'LIKE ?');

/** A list's rows narrowed by the search, the filters and the status: the FROM and WHERE of its statements, `?` placeholders. */
export type FilteredRows = RowsWhere;

export function filteredRows(
  deps: ListDeps,
  def: Pick<RecordListDefinition<unknown>, 'name' | 'table' | 'statuses' | 'filterFields'>,
  filter: Filter,
): FilteredRows {
  return withStatus(def, matchingRows(deps, def, filter), filter.status);
}

/** The matching rows of one status, or (on a worked list) of every status but Spam. */
function withStatus(
  def: Pick<RecordListDefinition<unknown>, 'statuses'>,
  rows: FilteredRows,
  status?: string | null,
): FilteredRows {
  if (status) return { ...rows, where: [...rows.where, 'r."status" = ?'], params: [...rows.params, status] };
  if (def.statuses) return { ...rows, where: [...rows.where, 'r."status" <> ?'], params: [...rows.params, SPAM_STATUS] };
  return rows;
}

/**
 * True when anything but the status narrows the list: its totals are counted, not read from the
 * trigger-kept counts. Leaving out the snoozed records (a worked list's default) does not count:
 * they are taken off those counts (unsnoozedCounts).
 */
const isNarrowed = (filter: Filter) =>
  Boolean(
    filter.q ||
    filter.since ||
    Object.keys(filter.filters).some((key) => !FOLLOW_UP_PARAMS.includes(key)) ||
    followUpsNarrow(filter.filters),
  );

/** The rows matching the search and every filter but the status (the status tabs count these). */
function matchingRows(
  deps: ListDeps,
  def: Pick<RecordListDefinition<unknown>, 'name' | 'table' | 'statuses' | 'filterFields'>,
  filter: Filter,
): FilteredRows {
  const engine = deps.db.engine;
  const rows: FilteredRows = { from: `"${def.table}" "r"`, where: [], params: [] };
  const add = (condition: string, ...params: unknown[]) => {
    rows.where.push(condition);
    rows.params.push(...params);
  };
  if (filter.q) {
    // Folded as each record's searched text was when stored (docs/operations.md#search-indexes).
    // PostgreSQL: a trigram GIN index on that column; SQLite: the FTS5 trigram table its triggers
    // fill from it (migration 1795000002600).
    const folded = foldText(filter.q);
    const text =
      engine === 'postgres'
        ? `r."${SEARCH_TEXT_COLUMN}" ${likeOf(folded)}`
        : `r."id" IN (SELECT "id" FROM "${def.table}_search" WHERE "text" ${likeOf(folded)})`;
    const pattern = containsPattern(folded);
    // A record's reference (its id, given to the visitor) finds it too.
    if (UUID.test(filter.q)) add(`(${text} OR r."id" = ?)`, pattern, filter.q.toLowerCase());
    else add(text, pattern);
  }
  if (filter.since) add('r."createdAt" > ?', dbTime(engine, filter.since));
  const { owner, hasAttachment, from, to } = filter.filters;
  if (owner === OWNER_UNASSIGNED) add('r."ownerId" IS NULL');
  else if (owner) add('r."ownerId" = ?', owner);
  if (hasAttachment) add(`r."attachments" ${hasAttachment === 'yes' ? '<>' : '='} '[]'`);
  if (from) add('r."createdAt" >= ?', dbTime(engine, rangeBound(from, 'from')!));
  if (to) add('r."createdAt" <= ?', dbTime(engine, rangeBound(to, 'to')!));
  for (const field of def.filterFields) {
    const value = filter.filters[field.key];
    if (!value) continue;
    const column = `r."${field.key}"`;
    if (field.filter.by === 'oneOf') add(`${column} = ?`, value);
    else if (field.filter.by === 'matches') add(`LOWER(${column}) = ?`, value.toLowerCase());
    else {
      // A list is stored as JSON text: the option, quoted, is one of its items.
      const item = JSON.stringify(value);
      add(`${column} ${likeOf(item)}`, containsPattern(item));
    }
  }
  if (def.statuses) {
    const now = deps.now();
    for (const views of [
      followUpConditions(filter.filters, { now, timeZone: deps.config.timeZone, engine }),
      responseConditions(def.name as DeskListName, filter.filters, now, engine),
    ]) {
      rows.where.push(...views.where);
      rows.params.push(...views.params);
    }
  }
  return rows;
}

const whereClause = (where: string[]) => (where.length ? ` WHERE ${where.join(' AND ')}` : '');

/** Up to `limit` rows after `cursor` in the order, each with its place in it (sorted-pages.ts). */
async function pageRows(
  deps: ListDeps,
  def: Pick<RecordListDefinition<unknown>, 'entity'>,
  base: FilteredRows,
  order: SortOrder,
  cursor: Cursor | null,
  limit: number,
  reads: Pick<Queries, 'all'> = deps.db,
): Promise<{ row: ListRow; cursor: Cursor }[]> {
  const reader = deps.db.rowReader<ListRow>(def.entity);
  const rows = await readSorted(deps, def, base, order, cursor, limit, reads);
  return rows.map(({ raw, cursor: place }) => ({ row: reader.read(raw), cursor: place }));
}

/** Rows per status of the rows matching the search and filters: one grouped count. */
async function countPerStatus(deps: ListDeps, matching: FilteredRows): Promise<Record<string, number>> {
  const rows = await deps.db.all<{ status: string; total: string | number }>(
    `SELECT r."status" AS "status", COUNT(*) AS "total" FROM ${matching.from}${whereClause(matching.where)} GROUP BY r."status"`,
    matching.params,
  );
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.total)]));
}

async function countRows(deps: ListDeps, base: FilteredRows): Promise<number> {
  const [raw] = await deps.db.all<{ total: string | number }>(
    `SELECT COUNT(*) AS "total" FROM ${base.from}${whereClause(base.where)}`,
    base.params,
  );
  return Number(raw?.total ?? 0);
}

/**
 * A list's total and, on a worked list, its counts per status (its tabs). Unnarrowed, both come
 * from the trigger-kept counts (a worked list's less its snoozed records); a search, `since` or a
 * filter counts its matches (per status on a worked list, so the tabs follow the filters).
 */
async function totals(
  deps: ListDeps,
  def: Pick<RecordListDefinition<unknown>, 'table' | 'statuses'>,
  filter: Filter,
  matching: FilteredRows,
  base: FilteredRows,
): Promise<{ total: number; byStatus?: Record<string, number> }> {
  const narrowed = isNarrowed(filter);
  if (!def.statuses) {
    return { total: narrowed ? await countRows(deps, base) : (await recordCounts(deps.db))[def.table] };
  }
  const counts = narrowed
    ? await countPerStatus(deps, matching)
    : await unsnoozedCounts(deps.db, def.table, (await statusCounts(deps.db))[def.table] ?? {}, filter.filters, deps.now());
  const byStatus = countsInOrder(def.statuses, counts);
  return { total: filter.status ? (byStatus[filter.status] ?? 0) : withoutSpam(byStatus), byStatus };
}

export async function listRecords<Rec>(
  deps: ListDeps,
  def: RecordListDefinition<Rec>,
  query: ParsedListQuery,
  sign: LinkSigner,
): Promise<ListPage<Rec>> {
  const matching = matchingRows(deps, def, query);
  const base = withStatus(def, matching, query.status);
  const [{ total, byStatus }, rows] = await Promise.all([
    totals(deps, def, query, matching, base),
    sortOrderOf(deps, def, query.sort, query).then((order) => pageRows(deps, def, base, order, query.cursor, query.limit + 1)),
  ]);
  const more = rows.length > query.limit;
  const page = more ? rows.slice(0, query.limit) : rows;
  const last = page.at(-1);
  return {
    data: page.map(({ row }) => def.present(row, sign)),
    total,
    nextCursor: more && last ? encodeCursor(last.cursor) : null,
    ...(byStatus ? { statusCounts: byStatus } : {}),
  };
}

export async function findRecord<Rec>(
  deps: ListDeps,
  def: RecordListDefinition<Rec>,
  id: string,
  sign: LinkSigner,
): Promise<Rec | null> {
  const reader = deps.db.rowReader<ListRow>(def.entity);
  const [raw] = await deps.db.all(`SELECT ${reader.columns('r')} FROM "${def.table}" "r" WHERE r."id" = ?`, [id]);
  return raw ? def.present(reader.read(raw), sign) : null;
}

/**
 * Rows per keyset read of an export. Small on purpose: a batch's rows outlive the young
 * generation's collections while the CSV is written, so V8 moves them to the old space and
 * frees them only at its next major collection, and the heap grows with the batch between those;
 * below 200 it grows no less (bench/README.md#csv-export-of-1m-rows-signed-link-streamed-to-disk).
 */
export const CSV_BATCH_SIZE = 200;

/**
 * Every matching record in the list's order, fetched in keyset batches so memory stays flat,
 * through reads of their own (db.openScan) closed when the caller stops. Each
 * batch after the first waits for the event loop's next turn: a SQLite read answers at once, so a
 * 1M-row export would otherwise hold the server for its whole length, every other request waiting.
 */
export async function* allRecords<Rec>(
  deps: ListDeps,
  def: RecordListDefinition<Rec>,
  query: Pick<ParsedListQuery, 'q' | 'since' | 'sort' | 'filters'> & Partial<Pick<ParsedListQuery, 'status'>>,
  sign: LinkSigner,
): AsyncGenerator<Rec> {
  const base = filteredRows(deps, def, query);
  const order = await sortOrderOf(deps, def, query.sort, query);
  const reads = deps.db.openScan();
  try {
    let cursor: Cursor | null = null;
    for (;;) {
      if (cursor) await nextTurn();
      const rows = await pageRows(deps, def, base, order, cursor, CSV_BATCH_SIZE, reads);
      for (const { row } of rows) yield def.present(row, sign);
      if (rows.length < CSV_BATCH_SIZE) return;
      cursor = rows[rows.length - 1].cursor;
    }
  } finally {
    reads.close();
  }
}
