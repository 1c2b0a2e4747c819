import { searchedKeys, SPAM_STATUS, type AdminListName, type ListPage } from '@sourcing/shared';
import type { AppDeps } from '../../app-deps';
import { dbTime, engineOf } from '../../db/engine';
import { rawSql } from '../../db/raw-sql';
import { rowReader } from '../../db/row-reader';
import type { LinkSigner } from '../attachment-files';
import { createPresenter } from '../present-record';
import { countsInOrder, statusCounts, withoutSpam } from '../desk/status-counts';
import { recordCounts } from '../record-counts';
import type { RecordKind, RecordTable } from '../record-kind';
import { csvColumnsOf, type CsvColumn } from './csv';
import { encodeCursor, type Cursor } from './cursor';
import type { ParsedListQuery } from './list-query';

/** What differs between the four admin lists, derived from each kind; the paging, search and export are shared. */
export interface RecordListDefinition<Rec> {
  name: AdminListName;
  entity: string;
  table: RecordTable;
  /** Searched by `q`, case-insensitively, anywhere in the text. */
  searchColumns: readonly string[];
  /** The desk's statuses (tabs, the status filter), null for a list staff do not work on. */
  statuses: readonly string[] | null;
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
    searchColumns: searchedKeys(kind.definition),
    statuses: kind.definition.statuses,
    present,
    csvColumns: csvColumnsOf(kind.definition),
  };
}

type ListDeps = Pick<AppDeps, 'dataSource'>;
type Filter = Pick<ParsedListQuery, 'q' | 'since'> & Partial<Pick<ParsedListQuery, 'status'>>;

/**
 * The searched columns joined by a unit separator (so a match never spans two fields) and
 * lower-cased: the same expression the search indexes of both engines are built on.
 */
export function searchedText(columns: readonly string[], alias: string): string {
  return `LOWER(${columns.map((c) => `${alias}."${c}"`).join(` || '\u001f' || `)})`;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A list's rows narrowed by `q` and `since`: the FROM and WHERE of its statements, `?` placeholders. */
export interface FilteredRows {
  from: string;
  where: string[];
  params: unknown[];
}

export function filteredRows(
  deps: ListDeps,
  def: Pick<RecordListDefinition<unknown>, 'table' | 'searchColumns' | 'statuses'>,
  filter: Filter,
): FilteredRows {
  const engine = engineOf(deps.dataSource);
  const rows: FilteredRows = { from: `"${def.table}" "r"`, where: [], params: [] };
  if (filter.q) {
    // SQLite's FTS5 index serves LIKE only without an ESCAPE clause, so it is added only when needed.
    const like = /[\\%_]/.test(filter.q) ? `LIKE ? ESCAPE '\\'` : 'LIKE ?';
    // PostgreSQL: a trigram GIN index on this very expression; SQLite: the FTS5 trigram table
    // the triggers of migration 1795000000040 fill.
    rows.where.push(
      engine === 'postgres'
        ? `${searchedText(def.searchColumns, 'r')} ${like}`
        : `r."id" IN (SELECT "id" FROM "${def.table}_search" WHERE "text" ${like})`,
    );
    rows.params.push(`%${escapeLike(filter.q.toLowerCase())}%`);
  }
  if (filter.since) {
    rows.where.push('r."createdAt" > ?');
    rows.params.push(dbTime(engine, filter.since));
  }
  if (filter.status) {
    rows.where.push('r."status" = ?');
    rows.params.push(filter.status);
  } else if (def.statuses) {
    rows.where.push('r."status" <> ?');
    rows.params.push(SPAM_STATUS);
  }
  return rows;
}

const whereClause = (where: string[]) => (where.length ? ` WHERE ${where.join(' AND ')}` : '');

/** The SELECT of a page: rows after `cursor` in the chosen order (one index range scan on (createdAt, id), whatever the depth). */
export function pageQuery(
  deps: ListDeps,
  def: Pick<RecordListDefinition<unknown>, 'entity'>,
  base: FilteredRows,
  order: ParsedListQuery['sort'],
  cursor: Cursor | null,
  limit: number,
): { sql: string; params: unknown[] } {
  const where = [...base.where];
  const params = [...base.params];
  if (cursor) {
    where.push(`(r."createdAt", r."id") ${order === 'oldest' ? '>' : '<'} (?, ?)`);
    params.push(dbTime(engineOf(deps.dataSource), cursor.createdAt), cursor.id);
  }
  const direction = order === 'oldest' ? 'ASC' : 'DESC';
  const columns = rowReader(deps.dataSource, def.entity).columns('r');
  return {
    sql: `SELECT ${columns} FROM ${base.from}${whereClause(where)} ORDER BY r."createdAt" ${direction}, r."id" ${direction} LIMIT ${limit}`,
    params,
  };
}

async function pageRows(
  deps: ListDeps,
  def: Pick<RecordListDefinition<unknown>, 'entity'>,
  base: FilteredRows,
  order: ParsedListQuery['sort'],
  cursor: Cursor | null,
  limit: number,
): Promise<ListRow[]> {
  const { sql, params } = pageQuery(deps, def, base, order, cursor, limit);
  const reader = rowReader<ListRow>(deps.dataSource, def.entity);
  return (await rawSql(deps.dataSource).all(sql, params)).map((raw) => reader.read(raw));
}

/**
 * The unfiltered total (of a status, or of every status but Spam) comes from the trigger-kept
 * counts; a search or `since` counts its matches.
 */
async function countRows(
  deps: ListDeps,
  table: RecordTable,
  base: FilteredRows,
  filter: Filter,
  byStatus: Record<string, number> | undefined,
): Promise<number> {
  if (!filter.q && !filter.since) {
    if (!byStatus) return (await recordCounts(deps.dataSource))[table];
    return filter.status ? (byStatus[filter.status] ?? 0) : withoutSpam(byStatus);
  }
  const [raw] = await rawSql(deps.dataSource).all<{ total: string | number }>(
    `SELECT COUNT(*) AS "total" FROM ${base.from}${whereClause(base.where)}`,
    base.params,
  );
  return Number(raw?.total ?? 0);
}

export async function listRecords<Rec>(
  deps: ListDeps,
  def: RecordListDefinition<Rec>,
  query: ParsedListQuery,
  sign: LinkSigner,
): Promise<ListPage<Rec>> {
  const base = filteredRows(deps, def, query);
  const byStatus = def.statuses ? countsInOrder(def.statuses, (await statusCounts(deps.dataSource))[def.table]) : undefined;
  const [total, rows] = await Promise.all([
    countRows(deps, def.table, base, query, byStatus),
    pageRows(deps, def, base, query.sort, query.cursor, query.limit + 1),
  ]);
  const more = rows.length > query.limit;
  const page = more ? rows.slice(0, query.limit) : rows;
  const last = page.at(-1);
  return {
    data: page.map((row) => def.present(row, sign)),
    total,
    nextCursor: more && last ? encodeCursor(last) : null,
    ...(byStatus ? { statusCounts: byStatus } : {}),
  };
}

export async function findRecord<Rec>(
  deps: ListDeps,
  def: RecordListDefinition<Rec>,
  id: string,
  sign: LinkSigner,
): Promise<Rec | null> {
  const reader = rowReader<ListRow>(deps.dataSource, def.entity);
  const [raw] = await rawSql(deps.dataSource).all(`SELECT ${reader.columns('r')} FROM "${def.table}" "r" WHERE r."id" = ?`, [id]);
  return raw ? def.present(reader.read(raw), sign) : null;
}

export const CSV_BATCH_SIZE = 1000;

/** Every matching record, newest first (or oldest), fetched in keyset batches so memory stays flat. */
export async function* allRecords<Rec>(
  deps: ListDeps,
  def: RecordListDefinition<Rec>,
  query: Pick<ParsedListQuery, 'q' | 'since' | 'sort'> & Partial<Pick<ParsedListQuery, 'status'>>,
  sign: LinkSigner,
): AsyncGenerator<Rec> {
  const base = filteredRows(deps, def, query);
  let cursor: Cursor | null = null;
  for (;;) {
    const rows: ListRow[] = await pageRows(deps, def, base, query.sort, cursor, CSV_BATCH_SIZE);
    for (const row of rows) yield def.present(row, sign);
    if (rows.length < CSV_BATCH_SIZE) return;
    cursor = rows[rows.length - 1];
  }
}
