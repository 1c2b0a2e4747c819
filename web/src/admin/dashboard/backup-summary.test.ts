import type { BackupStatus } from '@sourcing/shared';
import { describe, expect, it } from 'vitest';
import { summarizeBackups } from './backup-summary';

const when = (iso: string) => iso.slice(0, 16).replace('T', ' ');
const written = { at: '2026-11-20T02:00:00.000Z', by: 'backup schedule', archive: 'a.tar', bytes: 5 * 1024 * 1024, error: null };
const failed = { at: '2026-11-21T02:00:00.000Z', by: 'backup schedule', archive: null, bytes: null, error: 'disk full' };
const status = (over: Partial<BackupStatus>): BackupStatus => ({
  scheduled: true,
  state: 'ok',
  lastSucceededAt: written.at,
  lastFailedAt: null,
  schedule: { dir: '/backups', everyHours: 24, keep: 7 },
  lastSucceeded: written,
  lastFailed: null,
  archives: [{ name: 'a.tar', bytes: 1 }],
  ...over,
});

describe('summarizeBackups', () => {
  it('says when the last backup was written, its size and the schedule (docs/admin.md#backups)', () => {
    expect(summarizeBackups(status({}), when)).toEqual({
      headline: 'Last backup: 2026-11-20 02:00 (5.0 MB)',
      error: null,
      schedule: 'Every 24 hours into /backups, keeping the newest 7 (1 there now).',
      tone: 'ok',
    });
  });

  it('puts a failure first, with its reason and the last good backup', () => {
    const summary = summarizeBackups(status({ state: 'failed', lastFailed: failed, lastFailedAt: failed.at }), when);
    expect(summary).toMatchObject({
      headline: 'The last backup failed: 2026-11-21 02:00. Last backup: 2026-11-20 02:00 (5.0 MB)',
      error: 'disk full',
      tone: 'warning',
    });
    expect(summarizeBackups(status({ state: 'failed', lastSucceeded: null, lastFailed: failed }), when).headline).toBe(
      'The last backup failed: 2026-11-21 02:00. No backup has succeeded yet.',
    );
  });

  it('says overdue, none yet, and that the schedule is off', () => {
    expect(summarizeBackups(status({ state: 'overdue' }), when)).toMatchObject({
      headline: 'Overdue. Last backup: 2026-11-20 02:00 (5.0 MB)',
      tone: 'warning',
    });
    const none = summarizeBackups(status({ state: 'none', lastSucceeded: null, schedule: null, scheduled: false }), when);
    expect(none).toMatchObject({
      headline: 'No backup has been taken yet.',
      schedule: 'Scheduled backups are off: set BACKUP_DIR.',
      tone: 'warning',
    });
  });
});
