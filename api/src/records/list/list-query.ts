import {
  ADMIN_LIST_LIMIT,
  checkRange,
  INVALID_CHARACTERS,
  isStorableText,
  listFiltersShape,
  type ListFilters,
  type RecordDefinition,
} from '@sourcing/shared';
import { z } from 'zod';
import { decodeCursor, isStorableDate, type Cursor } from './cursor';

export interface ParsedListQuery {
  limit: number;
  cursor: Cursor | null;
  q: string;
  since: Date | null;
  sort: 'newest' | 'oldest';
  /** A desk list's one status; null: every status but Spam (or no statuses at all). */
  status: string | null;
  /** The kind's filters that were given (docs/admin.md#filters); `owner` may still say `mine`. */
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
  cursor: z.preprocess(emptyAsUndefined, z.string().max(200).optional()),
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
  sort: z.preprocess(
    emptyAsUndefined,
    z.enum(['newest', 'oldest'], { error: 'sort must be newest or oldest' }).default('newest'),
  ),
});

/**
 * `limit`, `cursor`, `q`, `since`, `sort` of an admin list and its export, `status` on a list
 * with statuses, and the kind's filters (400 with fields when malformed).
 */
export function listQuerySchemaOf(definition: Pick<RecordDefinition, 'statuses' | 'fields'>) {
  const { statuses } = definition;
  const status = statuses
    ? z.preprocess(emptyAsUndefined, z.enum(statuses as [string, ...string[]], { error: 'Unknown status' }).optional())
    : z.any().optional();
  const filterShape = listFiltersShape(definition as RecordDefinition);
  return listQueryFields.extend({ status, ...filterShape }).transform((query, ctx): ParsedListQuery => {
    const cursor = query.cursor ? decodeCursor(query.cursor) : null;
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
