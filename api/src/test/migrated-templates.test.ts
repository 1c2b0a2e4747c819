import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { openDatabase } from '../db/open-database';
import { POSTGRES_TEMPLATE, SQLITE_TEMPLATE } from './migrated-templates';
import { startTestServer, TEST_ENGINES, withPostgres, postgresUrlWithSchema, type TestServer } from './support';

/** Every table, column, index, trigger, view and function the database lists, its own schema's name left out. */
async function catalogOf(db: Database, schema: string | null): Promise<unknown[]> {
  if (!schema) return db.all(`SELECT "type", "name", "tbl_name", "sql" FROM "sqlite_master" ORDER BY "type", "name"`);
  const rows = await Promise.all([
    db.all(
      `SELECT table_name, column_name, data_type, column_default, is_nullable FROM information_schema.columns
       WHERE table_schema = ? ORDER BY table_name, column_name`,
      [schema],
    ),
    db.all(`SELECT tablename, indexdef FROM pg_indexes WHERE schemaname = ? ORDER BY indexname`, [schema]),
    db.all(
      `SELECT trigger_name, event_object_table, event_manipulation, action_statement FROM information_schema.triggers
       WHERE trigger_schema = ? ORDER BY trigger_name, event_manipulation`,
      [schema],
    ),
    db.all(`SELECT table_name, view_definition FROM information_schema.views WHERE table_schema = ? ORDER BY table_name`, [
      schema,
    ]),
    db.all(
      `SELECT p.proname, p.prosrc FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = ? ORDER BY p.proname`,
      [schema],
    ),
    db.all(`SELECT "name" FROM "migrations" ORDER BY "id"`),
  ]);
  return JSON.parse(JSON.stringify(rows).replaceAll(schema, '<schema>')) as unknown[];
}

describe.each(TEST_ENGINES)('test servers on %s', (engine) => {
  let server: TestServer | null = null;
  let fresh: Database | null = null;
  const dataDir = mkdtempSync(join(tmpdir(), 'migrated-template-'));
  const schema = `test_fresh_${process.pid}`;
  afterEach(async () => {
    await server?.close();
    await fresh?.close();
    if (engine === 'postgres') {
      await withPostgres(process.env.TEST_DATABASE_URL!, (client) => client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`));
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('start from a copy of the migrated template, the same tables, indexes and triggers as migrations from empty make', async () => {
    expect(process.env[engine === 'sqlite' ? SQLITE_TEMPLATE : POSTGRES_TEMPLATE]).toBeTruthy();
    server = await startTestServer({ engine });
    let url: string | null = null;
    if (engine === 'postgres') {
      url = postgresUrlWithSchema(process.env.TEST_DATABASE_URL!, schema);
      await withPostgres(process.env.TEST_DATABASE_URL!, (client) => client.query(`CREATE SCHEMA "${schema}"`));
    }
    fresh = await openDatabase({ databaseUrl: url, dataDir });
    await fresh.migrate();
    const fromEmpty = await catalogOf(fresh, engine === 'postgres' ? schema : null);
    expect(fromEmpty.length).toBeGreaterThan(0);
    expect(await catalogOf(server.deps.db, server.postgresSchema)).toEqual(fromEmpty);
  });
});
