import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { TestServer } from './support';

/**
 * Where a string is stored: every column of every table the database itself lists (SQLite's
 * sqlite_master and table_info, PostgreSQL's information_schema for the server's schema), each
 * read as text, and every file under DATA_DIR, byte for byte (the database files too). Nothing is
 * named by hand, so a table or file a new feature adds is searched as soon as it exists.
 */
export async function whereStored(server: TestServer, marker: string): Promise<string[]> {
  const found: string[] = [];
  const { db } = server.deps;
  const columns: { table: string; column: string }[] = [];
  if (server.postgresSchema) {
    const rows = await db.all<{ table: string; column: string }>(
      `SELECT table_name AS "table", column_name AS "column" FROM information_schema.columns WHERE table_schema = ?`,
      [server.postgresSchema],
    );
    columns.push(...rows);
  } else {
    const tables = await db.all<{ name: string }>(`SELECT "name" FROM "sqlite_master" WHERE "type" = 'table'`);
    for (const { name } of tables) {
      const info = await db.all<{ name: string }>(`PRAGMA table_info("${name}")`);
      columns.push(...info.map((c) => ({ table: name, column: c.name })));
    }
  }
  const like = `%${marker.toLowerCase()}%`;
  for (const { table, column } of columns) {
    const [{ n }] = await db.all<{ n: string | number }>(
      `SELECT COUNT(*) AS "n" FROM "${table}" WHERE LOWER(CAST("${column}" AS TEXT)) LIKE ?`,
      [like],
    );
    if (Number(n) > 0) found.push(`${table}.${column}`);
  }
  const needles = [Buffer.from(marker), Buffer.from(marker.toLowerCase()), Buffer.from(marker, 'utf16le')];
  for (const file of filesUnder(server.dataDir)) {
    const bytes = readFileSync(file);
    if (needles.some((needle) => bytes.includes(needle))) found.push(`file ${file.slice(server.dataDir.length + 1)}`);
  }
  return found;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}
