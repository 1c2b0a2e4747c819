import Database from 'better-sqlite3';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServerBundle } from '../test/built-server';
import { MIGRATION_FILE, MIGRATIONS } from './all-migrations';
import { SQLITE_FILE_NAME } from './engine';

/** The folder's files by timestamp: what must run, in this order. */
const folderTimestamps = () =>
  readdirSync(join(import.meta.dirname, 'migrations'))
    .map((file) => MIGRATION_FILE.exec(file)?.[1] ?? file)
    .sort();

describe('all migrations', () => {
  it('are every file of the migrations folder, each named <timestamp>-<what>.ts, in timestamp order', () => {
    for (const file of readdirSync(join(import.meta.dirname, 'migrations'))) expect(file).toMatch(MIGRATION_FILE);
    const timestamps = folderTimestamps();
    expect(new Set(timestamps).size).toBe(timestamps.length);
    expect(MIGRATIONS.map((migration) => new migration().name?.slice(-13))).toEqual(timestamps);
  });

  describe('in the production bundle (no source folder to read)', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'all-migrations-'));
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

    it('run every one, in timestamp order', async () => {
      const env = { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, JWT_SECRET: 'migrations-test-secret-0123456789' };
      // The admin CLI migrates before it answers.
      await promisify(execFile)(process.execPath, [buildServerBundle().admin, 'list'], { env });
      const db = new Database(join(dataDir, SQLITE_FILE_NAME), { readonly: true });
      try {
        const ran = db.prepare('SELECT "name" FROM "migrations" ORDER BY "id"').all() as { name: string }[];
        expect(ran.map((m) => m.name.slice(-13))).toEqual(folderTimestamps());
      } finally {
        db.close();
      }
    }, 60_000);
  });
});
