import type { BackupStatus } from '@sourcing/shared';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffAccount, headersOf } from '../test/staff';
import { call, startTestServer, TEST_ENGINES, withPostgres, type TestServer, type TestServerOptions } from '../test/support';

const HOUR = 3_600_000;
const START = Date.parse('2026-11-20T02:00:00Z');

/** A server whose clock the test moves, with scheduled backups into a folder of its own. */
async function scheduledServer(
  engine: 'sqlite' | 'postgres',
  env: Record<string, string>,
  extra: Pick<TestServerOptions, 'sameDatabaseAs'> = {},
) {
  const clock = { at: START };
  const server = await startTestServer({
    engine,
    now: () => new Date(clock.at),
    env: { BACKUP_EVERY_HOURS: '6', BACKUP_KEEP: '3', NOTIFY_EMAILS: 'ops@example.com', ...env },
    ...extra,
  });
  return { server, clock };
}

describe.each(TEST_ENGINES)('scheduled backups on %s', (engine) => {
  let folder: string;
  let server: TestServer;
  let clock: { at: number };
  const archives = () =>
    readdirSync(folder)
      .filter((name) => name.endsWith('.tar'))
      .sort();

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'sourcing-scheduled-'));
    ({ server, clock } = await scheduledServer(engine, { BACKUP_DIR: folder }));
  });
  afterAll(async () => {
    await server?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('takes a backup when one is due, none before BACKUP_EVERY_HOURS, and keeps exactly BACKUP_KEEP', async () => {
    expect(server.deps.backups.health()).toMatchObject({ scheduled: true, state: 'none', lastSucceededAt: null });
    expect(await server.deps.backups.runDue()).toBe('taken');
    expect(await server.deps.backups.runDue()).toBe('not-due');
    clock.at += 6 * HOUR - 60_000;
    expect(await server.deps.backups.runDue()).toBe('not-due');
    expect(archives()).toHaveLength(1);

    const written = [archives()[0]];
    for (let run = 0; run < 4; run += 1) {
      clock.at += 6 * HOUR;
      expect(await server.deps.backups.runDue()).toBe('taken');
      written.push(archives().find((name) => !written.includes(name))!);
    }
    expect(archives()).toEqual(written.slice(-3).sort());
    expect(server.deps.backups.health()).toEqual({
      scheduled: true,
      state: 'ok',
      lastSucceededAt: new Date(clock.at).toISOString(),
      lastFailedAt: null,
    });
  });

  it('says overdue once the last backup is older than its interval and an hour', async () => {
    clock.at += 7 * HOUR + 60_000;
    expect(server.deps.backups.health().state).toBe('overdue');
    expect(await server.deps.backups.runDue()).toBe('taken');
    expect(server.deps.backups.health().state).toBe('ok');
  });

  it('never takes two at once: a backup being taken elsewhere makes the schedule wait', async () => {
    clock.at += 6 * HOUR;
    const before = archives();
    if (engine === 'postgres') {
      // Another replica holds the backup lock of this schema.
      await withPostgres(server.deps.config.databaseUrl!, async (client) => {
        await client.query(`SELECT pg_advisory_lock(hashtext(current_schema() || ':sourcing-backups'))`);
        expect(await server.deps.backups.runDue()).toBe('busy');
      });
      // Two replicas on one schema and one folder, due at the same moment.
      const { server: other, clock: otherClock } = await scheduledServer(
        engine,
        { BACKUP_DIR: folder },
        { sameDatabaseAs: server },
      );
      try {
        otherClock.at = clock.at;
        const outcomes = await Promise.all([server.deps.backups.runDue(), other.deps.backups.runDue()]);
        expect(outcomes.filter((o) => o === 'taken')).toHaveLength(1);
      } finally {
        await other.close();
      }
    } else {
      const outcomes = await Promise.all([server.deps.backups.runDue(), server.deps.backups.runDue()]);
      expect(outcomes.sort()).toEqual(['busy', 'taken']);
    }
    expect(archives()).toHaveLength(3);
    expect(archives().filter((name) => !before.includes(name))).toHaveLength(1);
  });

  it('shows owners the schedule, the last runs and the archives, and anyone only the state', async () => {
    const owner = headersOf(server, await createStaffAccount(server, 'owner'));
    const status = await call(server, '/api/admin/backups', { headers: owner });
    expect(status.status).toBe(200);
    const body = status.body as BackupStatus;
    expect(body).toMatchObject({
      scheduled: true,
      state: 'ok',
      schedule: { dir: folder, everyHours: 6, keep: 3 },
      lastSucceeded: { at: new Date(clock.at).toISOString(), by: 'backup schedule', archive: archives().at(-1) },
      lastFailed: null,
    });
    expect(body.archives.map((a) => a.name)).toEqual([...archives()].reverse());
    expect(body.archives.every((a) => a.bytes > 0)).toBe(true);

    const agent = headersOf(server, await createStaffAccount(server, 'agent'));
    expect((await call(server, '/api/admin/backups', { headers: agent })).status).toBe(403);
    const health = await call(server, '/api/health');
    expect(health.body).toEqual({
      status: 'ok',
      escapedErrors: 0,
      backups: { scheduled: true, state: 'ok', lastSucceededAt: body.lastSucceededAt, lastFailedAt: null },
    });
  });
});

describe.each(TEST_ENGINES)('a scheduled backup that fails on %s', (engine) => {
  let server: TestServer;
  let clock: { at: number };
  let notAFolder: string;

  beforeAll(async () => {
    notAFolder = join(mkdtempSync(join(tmpdir(), 'sourcing-scheduled-')), 'a-file');
    writeFileSync(notAFolder, 'not a folder');
    ({ server, clock } = await scheduledServer(engine, { BACKUP_DIR: notAFolder }));
  });
  afterAll(async () => {
    await server?.close();
    rmSync(join(notAFolder, '..'), { recursive: true, force: true });
  });

  it('is recorded, shown as failed, mailed to NOTIFY_EMAILS, and tried again at the next interval', async () => {
    expect(await server.deps.backups.runDue()).toBe('failed');
    expect(server.deps.backups.health()).toEqual({
      scheduled: true,
      state: 'failed',
      lastSucceededAt: null,
      lastFailedAt: new Date(START).toISOString(),
    });
    const mails: { subject: string; recipients: string; purpose: string }[] = await server.deps.db.all(
      `SELECT "subject", "recipients", "purpose" FROM "mail_outbox"`,
    );
    expect(mails).toEqual([{ subject: 'Backup failed', recipients: '["ops@example.com"]', purpose: 'staff-alert' }]);
    const owner = headersOf(server, await createStaffAccount(server, 'owner'));
    const status = (await call(server, '/api/admin/backups', { headers: owner })).body as BackupStatus;
    expect(status.lastFailed).toMatchObject({ by: 'backup schedule', error: expect.stringContaining(notAFolder) });

    expect(await server.deps.backups.runDue()).toBe('not-due');
    clock.at += 6 * HOUR;
    expect(await server.deps.backups.runDue()).toBe('failed');
  });
});
