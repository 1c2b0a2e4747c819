import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withBackupLock } from '../backups/backup-lock';
import { readBackupRuns } from '../backups/backup-runs';
import { startTestServer, TEST_ENGINES, TEST_JWT_SECRET, type TestServer } from '../test/support';
import { runBackupCommand } from './backup-command';

describe.each(TEST_ENGINES)('the backup commands on %s', (engine) => {
  let server: TestServer;
  let folder: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    folder = mkdtempSync(join(tmpdir(), 'sourcing-cli-backups-'));
    const { storage } = server.deps.config;
    env = {
      DATA_DIR: storage.dataDir,
      JWT_SECRET: TEST_JWT_SECRET,
      ...(storage.databaseUrl ? { DATABASE_URL: storage.databaseUrl } : {}),
    };
  });
  afterAll(async () => {
    await server?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  const run = async (argv: string[], extra: Record<string, string> = {}) => {
    const result = await runBackupCommand(argv, { ...env, ...extra });
    return { code: result.code, out: result.lines.join('\n') };
  };

  it('writes an archive into --to or BACKUP_DIR, says what it holds, and notes it in the audit trail', async () => {
    const written = await run(['backup', '--to', folder]);
    expect(written.code, written.out).toBe(0);
    expect(written.out).toMatch(
      /^Backup written: .*sourcing-backup-\d{8}T\d{6}Z-[0-9a-f]{4}\.tar \(\d+\.\d [KM]B\)\.\nMigration level: /,
    );
    expect(written.out).toContain(
      'JWT_SECRET is set by the environment, so it is not in the archive: keep its value with the backup.',
    );
    expect(written.out).toMatch(/\n {2}inquiries +\d+\n/);
    expect((await run(['backup'], { BACKUP_DIR: folder, BACKUP_KEEP: '1' })).code).toBe(0);
    expect(readdirSync(folder).filter((name) => name.endsWith('.tar'))).toHaveLength(1);
    expect((await readBackupRuns(server.deps.db)).lastSucceeded).toMatchObject({ by: 'cli' });
  });

  it('says where to write when neither --to nor BACKUP_DIR does, and how to call it', async () => {
    expect(await run(['backup'])).toEqual({
      code: 2,
      out: expect.stringMatching(/^Say where to write the backup: --to <folder>, or set BACKUP_DIR\./),
    });
    expect(await run(['backup', '--to'])).toMatchObject({ code: 2 });
    expect(await run(['restore'])).toMatchObject({ code: 2, out: expect.stringContaining('npm run admin -- restore <archive>') });
  });

  it('waits for no one: while another backup of the data is being taken it says so', async () => {
    const busy = await withBackupLock(server.deps.config.storage, () => run(['backup', '--to', folder]));
    expect(busy).toEqual({
      taken: true,
      value: { code: 1, out: expect.stringMatching(/^Another backup of this data is being taken/) },
    });
  });

  it('prints a refused restore and leaves the target as it was', async () => {
    const notAnArchive = join(folder, 'notes.tar');
    writeFileSync(notAnArchive, 'not a tar file at all');
    const target = mkdtempSync(join(tmpdir(), 'sourcing-cli-target-'));
    try {
      const refused = await run(['restore', notAnArchive], { DATA_DIR: target });
      expect(refused).toEqual({ code: 1, out: expect.stringMatching(/^The archive is damaged \(.*\): nothing was restored\.$/) });
      expect(readdirSync(target)).toEqual([]);
    } finally {
      rmSync(target, { recursive: true, force: true });
    }
  });
});
