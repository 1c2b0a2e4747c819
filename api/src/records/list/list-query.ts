import { ADMIN_LIST_LIMIT, INVALID_CHARACTERS, isStorableText } from '@sourcing/shared';
import { z } from 'zod';
import { HttpError } from '../../http/errors';
import { decodeCursor, isStorableDate, type Cursor } from './cursor';

export interface ParsedListQuery {
  limit: number;
  cursor: Cursor | null;
  q: string;
  since: Date | null;
  sort: 'newest' | 'oldest';
}

const emptyAsUndefined = (v: unknown) => (v === '' || Array.isArray(v) ? undefined : v);

const listQuerySchema = z.object({
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
  sort: z.preprocess(emptyAsUndefined, z.enum(['newest', 'oldest'], { error: 'sort must be newest or oldest' }).default('newest')),
});

/** Reads `limit`, `cursor`, `q`, `since`, `sort` of an admin list; 400 with fields when malformed. */
export function parseListQuery(query: Record<string, unknown>): ParsedListQuery {
  const parsed = listQuerySchema.safeParse(query);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
    throw new HttpError(400, Object.values(fields)[0], fields);
  }
  const { limit, cursor, q, since, sort } = parsed.data;
  const decoded = cursor ? decodeCursor(cursor) : null;
  if (cursor && !decoded) throw new HttpError(400, 'Invalid cursor', { cursor: 'Invalid cursor' });
  return { limit, cursor: decoded, q, since: since ? new Date(since) : null, sort };
}
