import {
  DEFAULT_SORT,
  OWNER_UNASSIGNED,
  SPAM_STATUS,
  sortParam,
  type ListColumn,
  type ListFilters,
  type ListSort,
} from '@sourcing/shared';
import type { AppDeps } from '../../app-deps';
import type { Queries } from '../../db/database';
import { dbTime, timeFromDb, type Engine } from '../../db/engine';
import { sortKeyColumn } from '../../db/sort-key-columns';
import type { Cursor } from './cursor';

/**
 * A list's rows in any order of its columns, a keyset page at a time (docs/api.md#sorting): each
 * order reads one or more ranges of an index in turn, so a page costs the same at any depth and
 * size (docs/operations.md#sort-keys).
 */

type SortDeps = Pick<AppDeps, 'db'>;

/** The rows a page is read from: the list's FROM, and the WHERE of its search, filters and status. */
export interface RowsWhere {
  from: string;
  where: string[];
  params: unknown[];
}

/** What of a list an order needs: its table and entity, its columns and statuses. */
export interface SortedList {
  entity: string;
  columns: readonly ListColumn[];
  statuses: readonly string[] | null;
}

/** The column a range is ordered by before (createdAt, id), and how its raw value becomes a cursor's and back. */
interface OrderedColumn {
  sql: string;
  read(raw: unknown): string;
  param(value: string): unknown;
}

/**
 * One index range of an order: its rows' condition, and either an ordered column (its rows then
 * by arrival, all in `direction`) or none (its rows newest first, or in `direction` for Created At).
 */
interface Segment {
  where: string[];
  params: unknown[];
  column: OrderedColumn | null;
  direction: 'ASC' | 'DESC';
  /** Whether a cursor's value lies in this range. */
  holds(value: string | null): boolean;
  /** The cursor value of a row read from it (its ordered column's, or the range's own). */
  valueOf(raw: Record<string, unknown>): string | null;
}

export interface SortOrder {
  /** What a cursor of this order carries as its `sort` (null: Created At's plain cursor). */
  cursorSort: string | null;
  segments: Segment[];
}

/** A row of a page and where it lies in its order. */
export interface SortedRow {
  raw: Record<string, unknown>;
  cursor: Cursor;
}

const SORT_VALUE = 'sortValue';

const asc = (direction: ListSort['direction']) => (direction === 'asc' ? 'ASC' : 'DESC');

/** A range whose rows all have one value of a column (a status, an owner, an empty text): newest first. */
function groupOf(condition: string, params: unknown[], value: string): Segment {
  return {
    where: [condition],
    params,
    column: null,
    direction: 'DESC',
    holds: (v) => v === value,
    valueOf: () => value,
  };
}

/** A time column of the record, its cursor value an ISO time. */
const timeColumn = (engine: Engine, key: string): OrderedColumn => ({
  sql: `r."${key}"`,
  read: (raw) => timeFromDb(raw as Date | string).toISOString(),
  param: (value) => dbTime(engine, new Date(value)),
});

/** A range ordered by a column, then by arrival, all in the sort's direction. */
function orderedBy(
  column: OrderedColumn,
  direction: 'ASC' | 'DESC',
  where: string[] = [],
  holds: (value: string | null) => boolean = (value) => value !== null,
): Segment {
  return {
    where,
    params: [],
    column,
    direction,
    holds,
    valueOf: (raw) => column.read(raw[SORT_VALUE]),
  };
}

/**
 * The ranges a list is read from in `sort`, within what `filter` narrows it to (a status tab or an
 * owner filter leaves only their ranges). Owners are ordered by e-mail, read from the staff
 * accounts on each request.
 */
export async function sortOrderOf(
  deps: SortDeps,
  list: SortedList,
  sort: ListSort,
  filter: { status?: string | null; filters: ListFilters },
): Promise<SortOrder> {
  const column = list.columns.find((c) => c.key === sort.column) ?? list.columns.find((c) => c.key === DEFAULT_SORT.column)!;
  const direction = asc(sort.direction);
  const cursorSort = column.key === DEFAULT_SORT.column ? null : sortParam(sort);
  const engine = deps.db.engine;
  switch (column.sort) {
    case 'time': {
      if (column.key === DEFAULT_SORT.column) {
        // The (createdAt, id) index alone; its cursor holds no value.
        const created: Segment = {
          where: [],
          params: [],
          column: null,
          direction,
          holds: (v) => v === null,
          valueOf: () => null,
        };
        return { cursorSort, segments: [created] };
      }
      return { cursorSort, segments: [orderedBy(timeColumn(engine, column.key), direction)] };
    }
    case 'due': {
      // The records with the time, then those without (newest first) in either direction.
      const time = timeColumn(engine, column.key);
      return {
        cursorSort,
        segments: [
          orderedBy(time, direction, [`${time.sql} IS NOT NULL`], (v) => v !== null && v !== ''),
          groupOf(`${time.sql} IS NULL`, [], ''),
        ],
      };
    }
    case 'value': {
      const value: OrderedColumn = { sql: `r."${column.key}"`, read: String, param: (v) => v };
      return { cursorSort, segments: [orderedBy(value, direction)] };
    }
    case 'text': {
      // The keys, then the records whose text is empty (newest first) in either direction.
      const sql = `r."${sortKeyColumn(column.key)}"`;
      const key: OrderedColumn = { sql, read: String, param: (v) => v };
      return {
        cursorSort,
        segments: [orderedBy(key, direction, [`${sql} > ''`], (v) => v !== null && v !== ''), groupOf(`${sql} = ''`, [], '')],
      };
    }
    case 'status': {
      const statuses = filter.status ? [filter.status] : (list.statuses ?? []).filter((s) => s !== SPAM_STATUS);
      const ordered = direction === 'ASC' ? statuses : [...statuses].reverse();
      return { cursorSort, segments: ordered.map((status) => groupOf('r."status" = ?', [status], status)) };
    }
    case 'owner': {
      const owner = filter.filters.owner;
      const staff = owner
        ? owner === OWNER_UNASSIGNED
          ? []
          : [owner]
        : (await deps.db.all<{ id: string }>(`SELECT "id" FROM "admins" ORDER BY "email" ${direction}, "id" ${direction}`)).map(
            (admin) => admin.id,
          );
      const owned = staff.map((id) => groupOf('r."ownerId" = ?', [id], id));
      // Records nobody owns come last, whichever way the owners are ordered.
      return {
        cursorSort,
        segments: owner && owner !== OWNER_UNASSIGNED ? owned : [...owned, groupOf('r."ownerId" IS NULL', [], '')],
      };
    }
  }
}

/** The SELECT of one range's rows after `cursor` (when it lies in the range), `limit` at most. */
export function segmentQuery(
  deps: SortDeps,
  list: Pick<SortedList, 'entity'>,
  rows: RowsWhere,
  segment: Segment,
  cursor: Cursor | null,
  limit: number,
): { sql: string; params: unknown[] } {
  const where = [...rows.where, ...segment.where];
  const params = [...rows.params, ...segment.params];
  const { direction, column } = segment;
  const after = direction === 'ASC' ? '>' : '<';
  if (cursor) {
    const time = dbTime(deps.db.engine, cursor.createdAt);
    if (column) {
      where.push(`(${column.sql}, r."createdAt", r."id") ${after} (?, ?, ?)`);
      params.push(column.param(cursor.value ?? ''), time, cursor.id);
    } else {
      where.push(`(r."createdAt", r."id") ${after} (?, ?)`);
      params.push(time, cursor.id);
    }
  }
  const order = [...(column ? [column.sql] : []), 'r."createdAt"', 'r."id"'].map((c) => `${c} ${direction}`).join(', ');
  const select = deps.db.rowReader(list.entity).columns('r') + (column ? `, ${column.sql} AS "${SORT_VALUE}"` : '');
  return {
    sql: `SELECT ${select} FROM ${rows.from}${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY ${order} LIMIT ${limit}`,
    params,
  };
}

/**
 * Up to `limit` rows after `cursor` in the order: its range first (from the cursor on), then the
 * ranges after it, until the page is full.
 */
export async function readSorted(
  deps: SortDeps,
  list: Pick<SortedList, 'entity'>,
  rows: RowsWhere,
  order: SortOrder,
  cursor: Cursor | null,
  limit: number,
  reads: Pick<Queries, 'all'> = deps.db,
): Promise<SortedRow[]> {
  const { segments } = order;
  let from = cursor ? segments.findIndex((segment) => segment.holds(cursor.value)) : 0;
  // A cursor no range holds any more (its owner's account is gone): nothing after it can be placed.
  if (from < 0) from = segments.length;
  const page: SortedRow[] = [];
  for (let i = from; i < segments.length && page.length < limit; i++) {
    const segment = segments[i];
    const { sql, params } = segmentQuery(deps, list, rows, segment, i === from ? cursor : null, limit - page.length);
    for (const raw of await reads.all(sql, params)) {
      const createdAt = timeFromDb(raw.createdAt as Date | string);
      page.push({ raw, cursor: { sort: order.cursorSort, value: segment.valueOf(raw), createdAt, id: String(raw.id) } });
    }
  }
  return page;
}
