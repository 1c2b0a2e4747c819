import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadStorageConfig, type StorageConfig } from '../config';
import type { Engine } from '../db/engine';
import { postgresUrlWithSchema, withPostgres } from './support';

/** Where a test restores a backup: an empty DATA_DIR and, on PostgreSQL, a fresh database holding one empty schema. */
export interface RestoreTarget {
  storage: StorageConfig;
  /** The environment naming it (DATA_DIR, and DATABASE_URL on PostgreSQL), to start a server on it. */
  env: Record<string, string>;
  /** Every file under DATA_DIR, and every table or function of the schema: empty while nothing was restored. */
  contents(): Promise<string[]>;
  dispose(): Promise<void>;
}

export async function freshRestoreTarget(
  engine: Engine,
  postgresSchema: string | null,
  env: Record<string, string> = {},
): Promise<RestoreTarget> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sourcing-restore-target-'));
  const targetEnv: Record<string, string> = { DATA_DIR: dataDir, ...env };
  let database: string | null = null;
  const baseUrl = process.env.TEST_DATABASE_URL ?? '';
  if (engine === 'postgres') {
    database = `restore_${randomBytes(5).toString('hex')}`;
    await withPostgres(baseUrl, (client) => client.query(`CREATE DATABASE "${database}"`));
    const url = new URL(baseUrl);
    url.pathname = `/${database}`;
    await withPostgres(url.toString(), (client) => client.query(`CREATE SCHEMA IF NOT EXISTS "${postgresSchema}"`));
    targetEnv.DATABASE_URL = postgresUrlWithSchema(url.toString(), postgresSchema ?? 'public');
  }
  const storage = loadStorageConfig(targetEnv);
  return {
    storage,
    env: targetEnv,
    async contents() {
      const files = readdirSync(dataDir, { recursive: true, withFileTypes: true })
        .filter((entry) => !entry.isDirectory())
        .map((entry) => join(entry.parentPath, entry.name));
      if (!storage.databaseUrl) return files;
      const objects = await withPostgres(storage.databaseUrl, async (client) => {
        const { rows } = await client.query<{ name: string }>(
          `SELECT relname AS name FROM pg_class WHERE relnamespace = current_schema()::regnamespace
UNION ALL SELECT proname FROM pg_proc WHERE pronamespace = current_schema()::regnamespace`,
        );
        return rows.map((row) => row.name);
      });
      return [...files, ...objects];
    },
    async dispose() {
      rmSync(dataDir, { recursive: true, force: true });
      if (database) await withPostgres(baseUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`));
    },
  };
}
