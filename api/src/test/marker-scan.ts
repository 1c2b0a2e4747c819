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
  const ds = server.deps.dataSource;
  const columns: { table: string; column: string }[] = [];
  if (server.postgresSchema) {
    const rows = await ds.query<{ table: string; column: string }[]>(
      `SELECT table_name AS "table", column_name AS "column" FROM information_schema.columns WHERE table_schema = $1`,
      [server.postgresSchema],
    );
    columns.push(...rows);
  } else {
    const tables = await ds.query<{ name: string }[]>(`SELECT "name" FROM "sqlite_master" WHERE "type" = 'table'`);
    for (const { name } of tables) {
      const info = await ds.query<{ name: string }[]>(`PRAGMA table_info("${name}")`);
      columns.push(...info.map((c) => ({ table: name, column: c.name })));
    }
  }
  const like = `%${marker.toLowerCase()}%`;
  for (const { table, column } of columns) {
    const sql = server.postgresSchema
      ? `SELECT COUNT(*) AS "n" FROM "${table}" WHERE LOWER(CAST("${column}" AS text)) LIKE $1`
      : `SELECT COUNT(*) AS "n" FROM "${table}" WHERE LOWER(CAST("${column}" AS TEXT)) LIKE ?`;
    const [{ n }] = await ds.query<{ n: string | number }[]>(sql, [like]);
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
