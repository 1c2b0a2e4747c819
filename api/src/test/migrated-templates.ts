import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '../db/database';
import { SQLITE_FILE_NAME } from '../db/engine';
import { openDatabase } from '../db/open-database';
import { postgresUrlOfDatabase, postgresUrlWithSchema, withPostgres } from './postgres';

/**
 * Databases with every migration applied, made once per vitest run (migrated-templates.setup.ts),
 * that each test server starts from a copy of: the migrations run once per run instead of once per
 * server. The server still runs `migrate()` at start and finds nothing left to apply. The
 * migrations keep tests of their own: from empty in the production bundle (db/all-migrations.test.ts),
 * taken back and run again over data (db/*-migration.test.ts), and a copy's tables, indexes and
 * triggers against those of a database migrated from empty (migrated-templates.test.ts). Without
 * the setup (another project's tests start API servers too), a server migrates its own database.
 */
export const SQLITE_TEMPLATE = 'SOURCING_TEST_SQLITE_TEMPLATE';
export const POSTGRES_TEMPLATE = 'SOURCING_TEST_POSTGRES_TEMPLATE';

/** The schema the PostgreSQL template's tables live in; each copy renames it to its own. */
const TEMPLATE_SCHEMA = 'test_template';

/** Makes the templates (PostgreSQL's when `postgresBaseUrl` is given); answers their names and a teardown. */
export async function createMigratedTemplates(postgresBaseUrl: string | undefined) {
  const folder = mkdtempSync(join(tmpdir(), 'sourcing-api-template-'));
  const sqlite = await openDatabase({ databaseUrl: null, dataDir: folder });
  await migrateAndClose(sqlite);
  const names: Record<string, string> = { [SQLITE_TEMPLATE]: join(folder, SQLITE_FILE_NAME) };
  let postgresTemplate: string | null = null;
  if (postgresBaseUrl) {
    postgresTemplate = `test_template_${randomBytes(6).toString('hex')}`;
    await onPostgres(postgresBaseUrl, `CREATE DATABASE "${postgresTemplate}"`);
    const url = postgresUrlWithSchema(postgresUrlOfDatabase(postgresBaseUrl, postgresTemplate), TEMPLATE_SCHEMA);
    await onPostgres(url, `CREATE SCHEMA "${TEMPLATE_SCHEMA}"`);
    await migrateAndClose(await openDatabase({ databaseUrl: url, dataDir: folder }));
    names[POSTGRES_TEMPLATE] = postgresTemplate;
  }
  return {
    names,
    async remove() {
      rmSync(folder, { recursive: true, force: true });
      if (postgresTemplate) await onPostgres(postgresBaseUrl!, `DROP DATABASE IF EXISTS "${postgresTemplate}" WITH (FORCE)`);
    },
  };
}

async function migrateAndClose(db: Database) {
  try {
    await db.migrate();
  } finally {
    await db.close();
  }
}

/** A copy of the SQLite template as `dataDir`'s database, unless it has one (a server started again on its data). */
export function copySqliteTemplate(dataDir: string): void {
  const template = process.env[SQLITE_TEMPLATE];
  const target = join(dataDir, SQLITE_FILE_NAME);
  if (template && !existsSync(target)) copyFileSync(template, target);
}

export interface PostgresDatabase {
  /** Its schema (unique in the run). */
  schema: string;
  /** Its DATABASE_URL: `search_path` set to its schema. */
  url: string;
  drop(): Promise<void>;
}

/**
 * A PostgreSQL database of its own for a test server: a copy of the template (a database of its
 * own, the template's schema renamed), or without one a fresh schema in `baseUrl`'s database.
 */
export async function newPostgresDatabase(baseUrl: string): Promise<PostgresDatabase> {
  const template = process.env[POSTGRES_TEMPLATE];
  const schema = `test_${randomBytes(6).toString('hex')}`;
  if (!template) {
    await onPostgres(baseUrl, `CREATE SCHEMA "${schema}"`);
    return {
      schema,
      url: postgresUrlWithSchema(baseUrl, schema),
      drop: () => onPostgres(baseUrl, `DROP SCHEMA "${schema}" CASCADE`),
    };
  }
  await onPostgres(baseUrl, `CREATE DATABASE "${schema}" TEMPLATE "${template}"`);
  await onPostgres(postgresUrlOfDatabase(baseUrl, schema), `ALTER SCHEMA "${TEMPLATE_SCHEMA}" RENAME TO "${schema}"`);
  return {
    schema,
    url: postgresUrlWithSchema(postgresUrlOfDatabase(baseUrl, schema), schema),
    drop: () => onPostgres(baseUrl, `DROP DATABASE IF EXISTS "${schema}" WITH (FORCE)`),
  };
}

const onPostgres = (url: string, sql: string) => withPostgres(url, (client) => client.query(sql)).then(() => undefined);
