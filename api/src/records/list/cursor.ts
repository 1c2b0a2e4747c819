/**
 * Keyset position: the last row of a page, sent back opaque (docs/api.md#pagination). In the
 * default order (Created At, either way) it is the row's (createdAt, id); sorted by another column
 * it also holds that order's `sort` parameter and the row's value there (a text's sort key, a time,
 * a status, an owner's id), so a cursor of one order is refused in another.
 */
export interface Cursor {
  /** The `sort` parameter of the order it was made in; null for Created At's. */
  sort: string | null;
  /** The row's value in that order (null in Created At's; '' for an empty text or nobody as owner). */
  value: string | null;
  createdAt: Date;
  id: string;
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Years both databases store alike (PostgreSQL refuses year 0 and much of what JavaScript dates reach). */
export const isStorableDate = (date: Date) => {
  const year = date.getUTCFullYear();
  return year >= 1 && year <= 9999;
};

/** The longest cursor taken: a sort key of 64 characters of any script, the time and the id, in base64url. */
export const CURSOR_MAX_LENGTH = 1000;

export function encodeCursor(cursor: Cursor): string {
  const tail = [cursor.createdAt.toISOString(), cursor.id];
  const values = cursor.sort === null ? tail : [cursor.sort, cursor.value, ...tail];
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

export function decodeCursor(text: string): Cursor | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || (value.length !== 2 && value.length !== 4)) return null;
    const [sort, sortValue] = value.length === 4 ? (value as unknown[]) : [null, null];
    const [at, id] = (value as unknown[]).slice(-2);
    if (typeof at !== 'string' || typeof id !== 'string' || !UUID.test(id)) return null;
    if (value.length === 4 && (typeof sort !== 'string' || (typeof sortValue !== 'string' && sortValue !== null))) return null;
    const createdAt = new Date(at);
    return isStorableDate(createdAt) ? { sort: sort as string | null, value: sortValue as string | null, createdAt, id } : null;
  } catch {
    return null;
  }
}
