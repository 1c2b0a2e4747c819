import type { OutboxMailSummary, TimelineEntry } from '@sourcing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withProof } from '../test/form-proof';
import { smtpCapture, type SmtpCapture } from '../test/smtp-capture';
import { call, jsonBody, startTestServer, TEST_ENGINES, type TestServer } from '../test/support';
import { ALERTS_PER_MINUTE, DIGEST_EVERY_MS } from './staff-alerts';

const POLL = { timeout: 10_000 };
const STAFF = 'desk@sourcing.example';
const SITE = 'https://sourcing.example';

describe.each(TEST_ENGINES)('staff alerts in a burst on %s', (engine) => {
  let smtp: SmtpCapture;
  let server: TestServer;
  let clock = new Date('2026-11-26T09:00:00Z');
  const at = (ms: number) => (clock = new Date(new Date('2026-11-26T09:00:00Z').getTime() + ms));

  beforeAll(async () => {
    smtp = await smtpCapture();
    server = await startTestServer({
      engine,
      now: () => clock,
      env: { SMTP_URL: smtp.url, NOTIFY_EMAILS: STAFF, PUBLIC_URL: SITE, MAIL_POLL_MS: '20' },
    });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.stop();
  });

  const outbox = async () =>
    (await call(server, '/api/admin/outbox', { headers: server.adminHeaders() })).body.data as OutboxMailSummary[];
  const alerts = async () => (await outbox()).filter((m) => m.purpose === 'staff-alert' || m.purpose === 'staff-digest');
  const submit = async (n: number) => {
    const res = await call(
      server,
      '/api/contact',
      await withProof(
        server,
        jsonBody({ name: `Sender ${'abcdefghijklmnop'[n]}`, email: `sender${n}@example.com`, message: 'Hi' }),
      ),
    );
    expect(res.status).toBe(201);
    return res.body.reference as string;
  };

  it('alerts 10 a minute, then groups the rest into one digest 5 minutes after the first of them, by reference only', async () => {
    const references: string[] = [];
    for (let n = 0; n < ALERTS_PER_MINUTE + 2; n++) references.push(await submit(n));
    await expect.poll(async () => (await alerts()).length, POLL).toBe(ALERTS_PER_MINUTE);

    // Still waiting four minutes on, and a submission then waits too: the digest is open.
    at(4 * 60_000);
    references.push(await submit(12));
    server.deps.mail.nudge();
    await expect.poll(async () => (await outbox()).filter((m) => m.purpose === 'confirmation').length, POLL).toBe(13);
    expect(await alerts()).toHaveLength(ALERTS_PER_MINUTE);

    at(DIGEST_EVERY_MS);
    server.deps.mail.nudge();
    await expect.poll(async () => (await alerts()).filter((m) => m.purpose === 'staff-digest').length, POLL).toBe(1);
    const digests = (await smtp.waitFor(24)).filter((m) => m.mail.subject?.startsWith('Staff digest'));
    expect(digests).toHaveLength(1);
    const [digest] = digests;
    expect(digest.envelope.to).toEqual([STAFF]);
    expect(digest.mail.subject).toBe('Staff digest — 3 new submissions');
    const held = references.slice(ALERTS_PER_MINUTE);
    for (const reference of held)
      expect(digest.mail.text).toContain(`New contact message ${reference}: ${SITE}/admin/contact-queries/`);
    expect(digest.mail.text).not.toMatch(/Sender|sender\d/);

    const [record] = (await call(server, `/api/contact?q=${held[0]}`, { headers: server.adminHeaders() })).body.data;
    const lines = (await call(server, `/api/contact/${record._id}/timeline`, { headers: server.adminHeaders() }))
      .body as TimelineEntry[];
    expect(lines.filter((e) => e.type === 'mail').map((e) => e.type === 'mail' && e.purpose)).toEqual([
      'confirmation',
      'staff-digest',
    ]);

    // Nothing more waits: another round sends no second digest; once the burst is over alerts go one by one again.
    at(DIGEST_EVERY_MS + 10 * 60_000);
    server.deps.mail.nudge();
    await submit(13);
    await expect
      .poll(async () => (await alerts()).map((m) => m.purpose).filter((p) => p === 'staff-alert').length, POLL)
      .toBe(ALERTS_PER_MINUTE + 1);
    expect((await alerts()).filter((m) => m.purpose === 'staff-digest')).toHaveLength(1);
  });
});
