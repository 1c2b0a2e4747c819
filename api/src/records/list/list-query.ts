import {
  ADMIN_LIST_LIMIT,
  checkRange,
  DEFAULT_SORT,
  followUpFiltersShape,
  INVALID_CHARACTERS,
  isStorableText,
  listFiltersShape,
  readSort,
  sortColumnsOf,
  sortParam,
  type ListFilters,
  type ListSort,
  type RecordDefinition,
} from '@sourcing/shared';
import { z } from 'zod';
import { CURSOR_MAX_LENGTH, decodeCursor, isStorableDate, type Cursor } from './cursor';

export interface ParsedListQuery {
  limit: number;
  cursor: Cursor | null;
  q: string;
  since: Date | null;
  /** The order of its rows: a column and a direction (docs/api.md#sorting). */
  sort: ListSort;
  /** A desk list's one status; null: every status but Spam (or no statuses at all). */
  status: string | null;
  /**
   * The kind's filters that were given (docs/admin.md#filters), and on a worked list its `snoozed`
   * and `followUp` (docs/api.md#follow-ups-and-snooze); `owner` may still say `mine`.
   */
  filters: ListFilters;
}

const emptyAsUndefined = (v: unknown) => (v === '' || Array.isArray(v) ? undefined : v);

const listQueryFields = z.object({
  limit: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'limit must be a number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(ADMIN_LIST_LIMIT.max, `limit must be at most ${ADMIN_LIST_LIMIT.max}`)
      .default(ADMIN_LIST_LIMIT.default),
  ),
  cursor: z.preprocess(emptyAsUndefined, z.string().max(CURSOR_MAX_LENGTH).optional()),
  q: z.preprocess(
    emptyAsUndefined,
    z.string().trim().max(200, 'q must be at most 200 characters').refine(isStorableText, INVALID_CHARACTERS).default(''),
  ),
  since: z.preprocess(
    emptyAsUndefined,
    z.iso
      .datetime({ offset: true, error: 'since must be an ISO date-time' })
      .refine((v) => isStorableDate(new Date(v)), 'since must be between the years 1 and 9999')
      .optional(),
  ),
});

export const SORT_MESSAGE = "sort must be newest, oldest, or a column's key (-key for descending)";

/** Whether a cursor was made in this order, holding a value of its column's kind. */
function cursorFits(cursor: Cursor, definition: RecordDefinition, sort: ListSort): boolean {
  if (sort.column === DEFAULT_SORT.column) return cursor.sort === null;
  if (cursor.sort !== sortParam(sort) || cursor.value === null) return false;
  const column = sortColumnsOf(definition).find((c) => c.key === sort.column);
  if (column?.sort === 'due' && cursor.value === '') return true;
  if (column?.sort !== 'time' && column?.sort !== 'due') return true;
  const time = new Date(cursor.value);
  return !Number.isNaN(time.getTime()) && isStorableDate(time);
}

/**
 * `limit`, `cursor`, `q`, `since`, `sort` of an admin list and its export, `status`, `snoozed` and
 * `followUp` on a list with statuses, and the kind's filters (400 with fields when malformed).
 */
export function listQuerySchemaOf(definition: Pick<RecordDefinition, 'statuses' | 'fields'>) {
  const { statuses } = definition;
  const status = statuses
    ? z.preprocess(emptyAsUndefined, z.enum(statuses as [string, ...string[]], { error: 'Unknown status' }).optional())
    : z.any().optional();
  const filterShape = { ...listFiltersShape(definition as RecordDefinition), ...followUpFiltersShape(definition) };
  const sort = z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .max(100, SORT_MESSAGE)
      .transform((param, ctx) => {
        const read = readSort(definition as RecordDefinition, param);
        if (read) return read;
        ctx.addIssue({ code: 'custom', message: SORT_MESSAGE });
        return z.NEVER;
      })
      .default(DEFAULT_SORT),
  );
  return listQueryFields.extend({ status, sort, ...filterShape }).transform((query, ctx): ParsedListQuery => {
    const decoded = query.cursor ? decodeCursor(query.cursor) : null;
    const cursor = decoded && cursorFits(decoded, definition as RecordDefinition, query.sort) ? decoded : null;
    if (query.cursor && !cursor) ctx.addIssue({ code: 'custom', path: ['cursor'], message: 'Invalid cursor' });
    const given = query as Record<string, unknown>;
    const filters: ListFilters = {};
    for (const key of Object.keys(filterShape)) if (typeof given[key] === 'string') filters[key] = given[key];
    checkRange(filters, ctx);
    return {
      limit: query.limit,
      cursor,
      q: query.q,
      since: query.since ? new Date(query.since) : null,
      sort: query.sort,
      status: statuses ? ((query.status as string | undefined) ?? null) : null,
      filters,
    };
  });
}
