import type { Database } from '../db/database';

/**
 * The columns a table's search index really covers, in order, read from the database itself
 * (docs/operations.md#search-indexes): on SQLite from the insert trigger that fills the FTS5
 * table, on PostgreSQL from the trigram index's expression. Null when there is no index.
 */
export async function indexedSearchColumns(db: Database, table: string): Promise<string[] | null> {
  if (db.engine === 'postgres') {
    const rows = await db.all<{ text: string | null }>(`SELECT pg_get_indexdef(to_regclass(?), 1, false) AS "text"`, [
      `"${table}_search"`,
    ]);
    const text = rows[0]?.text;
    // lower((("fullName" || '\x1f'::text) || email) ...): the quoted or bare names, once the literals and lower() are gone.
    if (!text) return null;
    const names = text.replace(/'(?:[^']|'')*'::text/g, '').replace(/^lower\(/, '');
    return [...names.matchAll(/"((?:[^"]|"")+)"|\b([a-z_][a-z0-9_$]*)\b/g)].map(([, quoted, bare]) =>
      quoted !== undefined ? quoted.replace(/""/g, '"') : bare,
    );
  }
  const rows = await db.all<{ sql: string }>(`SELECT "sql" FROM "sqlite_master" WHERE "type" = 'trigger' AND "name" = ?`, [
    `${table}_search_insert`,
  ]);
  if (!rows[0]) return null;
  return [...rows[0].sql.matchAll(/new\."([^"]+)"/g)].map(([, name]) => name).filter((name) => name !== 'id');
}
