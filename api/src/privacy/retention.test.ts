import type { AuditPage, PrivacySettings } from '@sourcing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordRow, seedRows } from '../test/factories';
import { call, startTestServer, TEST_ENGINES, type TestServer } from '../test/support';
import { receiveInbound } from '../mail/inbound/receive-inbound';
import { monthsBefore, runRetention } from './retention';

describe.each(TEST_ENGINES)('retention on %s', (engine) => {
  let server: TestServer;
  let clock = new Date('2027-06-15T03:00:00Z');
  beforeAll(async () => {
    server = await startTestServer({ engine, now: () => clock, env: { RETENTION_MONTHS: '12' } });
  });
  afterAll(() => server?.close());

  const owner = () => ({ ...server.adminHeaders(), 'Content-Type': 'application/json' });
  const exists = async (path: string, id: string) =>
    (await call(server, `${path}/${id}`, { headers: server.adminHeaders() })).status === 200;

  it('erases daily, once across replicas, what was not updated for RETENTION_MONTHS, but the statuses owners keep', async () => {
    const old = monthsBefore(clock, 13);
    const recent = monthsBefore(clock, 11);
    const oldNew = recordRow('inquiries', old);
    const oldWon = recordRow('inquiries', old, { status: 'Won' });
    const oldWorkedLately = recordRow('inquiries', old);
    const young = recordRow('inquiries', recent);
    const oldContact = recordRow('contacts', old);
    const confirmed = recordRow('subscribers', old, { status: 'confirmed' });
    const pending = recordRow('subscribers', old, { status: 'pending' });
    await seedRows(server.deps.db, 'inquiries', [oldNew, oldWon, oldWorkedLately, young]);
    await seedRows(server.deps.db, 'contacts', [oldContact]);
    await seedRows(server.deps.db, 'subscribers', [confirmed, pending]);
    const note = await call(server, `/api/inquiry/inquiries/${oldWorkedLately.id}/notes`, {
      method: 'POST',
      headers: owner(),
      body: JSON.stringify({ text: 'Still talking to them' }),
    });
    expect(note.status).toBe(201);

    const settings = await call(server, '/api/admin/privacy-settings', { headers: server.adminHeaders() });
    expect(settings.body).toEqual({
      retentionMonths: 12,
      keptStatuses: { subscribers: ['confirmed'] },
    } satisfies PrivacySettings);
    const changed = await call(server, '/api/admin/privacy-settings', {
      method: 'PATCH',
      headers: owner(),
      body: JSON.stringify({ keptStatuses: { inquiries: ['Won'], subscribers: ['confirmed'] } }),
    });
    expect(changed.body.keptStatuses).toEqual({ inquiries: ['Won'], subscribers: ['confirmed'] });

    // Two replicas asking at once: one runs today's job.
    const runs = await Promise.all([runRetention(server.deps), runRetention(server.deps)]);
    expect(runs.sort()).toEqual([3, null]);
    for (const [path, row, kept] of [
      ['/api/inquiry/inquiries', oldNew, false],
      ['/api/inquiry/inquiries', oldWon, true],
      ['/api/inquiry/inquiries', oldWorkedLately, true],
      ['/api/inquiry/inquiries', young, true],
      ['/api/contact', oldContact, false],
      ['/api/subscribers', confirmed, true],
      ['/api/subscribers', pending, false],
    ] as const) {
      expect(await exists(path, row.id), `${path} ${row.id}`).toBe(kept);
    }
    const trail = (await call(server, '/api/admin/audit?action=retention-erased', { headers: server.adminHeaders() }))
      .body as AuditPage;
    expect(trail.data.map((e) => [e.actorEmail, e.subjectKind, (e.details.records as unknown[]).length]).sort()).toEqual([
      ['retention', 'contact', 1],
      ['retention', 'inquiry', 1],
      ['retention', 'subscriber', 1],
    ]);

    // Later the same day nothing runs; the next day it does.
    clock = new Date(clock.getTime() + 6 * 60 * 60_000);
    expect(await runRetention(server.deps)).toBeNull();
    clock = new Date(clock.getTime() + 24 * 60 * 60_000);
    expect(await runRetention(server.deps)).toBe(0);
  });

  it('erases mails no record holds once they are older than RETENTION_MONTHS', async () => {
    clock = new Date(clock.getTime() + 2 * 24 * 60 * 60_000);
    const today = clock;
    const stranger = (subject: string) =>
      Buffer.from(
        `From: stranger@elsewhere.example\r\nTo: desk@example.com\r\nSubject: ${subject}\r\nMessage-ID: <${subject}@elsewhere.example>\r\n\r\nHello.\r\n`,
      );
    clock = monthsBefore(today, 13);
    expect(await receiveInbound(server.deps, stranger('old'), 'smtp')).toMatchObject({ outcome: 'unmatched' });
    clock = monthsBefore(today, 11);
    expect(await receiveInbound(server.deps, stranger('recent'), 'smtp')).toMatchObject({ outcome: 'unmatched' });
    clock = today;
    await runRetention(server.deps);
    const left = await server.deps.db.all<{ subject: string }>(`SELECT "subject" FROM "inbound_mails"`);
    expect(left.map((m) => m.subject)).toEqual(['recent']);
    const trail = (await call(server, '/api/admin/audit?action=retention-erased', { headers: server.adminHeaders() }))
      .body as AuditPage;
    expect(trail.data[0].details.summary).toBe(
      `erased 1 unmatched mail received before ${monthsBefore(today, 12).toISOString().slice(0, 10)}`,
    );
  });

  it('refuses a status a list does not have', async () => {
    const res = await call(server, '/api/admin/privacy-settings', {
      method: 'PATCH',
      headers: owner(),
      body: JSON.stringify({ keptStatuses: { inquiries: ['Forever'] } }),
    });
    expect(res).toMatchObject({ status: 400, body: { fields: { keptStatuses: 'Unknown status: Forever' } } });
    for (const body of [{}, { keptStatuses: { nowhere: [] } }, { keptStatuses: { inquiries: 'Won' } }]) {
      expect(
        (await call(server, '/api/admin/privacy-settings', { method: 'PATCH', headers: owner(), body: JSON.stringify(body) }))
          .status,
      ).toBe(400);
    }
  });
});
