/** Keyset position: the (createdAt, id) of the last row of a page, sent back opaque. */
export interface Cursor {
  createdAt: Date;
  id: string;
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Years both databases store alike (PostgreSQL refuses year 0 and much of what JavaScript dates reach). */
export const isStorableDate = (date: Date) => {
  const year = date.getUTCFullYear();
  return year >= 1 && year <= 9999;
};

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt.toISOString(), cursor.id])).toString('base64url');
}

export function decodeCursor(text: string): Cursor | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [at, id] = value as unknown[];
    if (typeof at !== 'string' || typeof id !== 'string' || !UUID.test(id)) return null;
    const createdAt = new Date(at);
    return isStorableDate(createdAt) ? { createdAt, id } : null;
  } catch {
    return null;
  }
}
