import type { ListPage, SubscriberRecord } from '@sourcing/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RESEND_AFTER_MS } from './subscribe';
import { recordEvents } from '../../test/events';
import { smtpCapture, type CapturedMail, type SmtpCapture } from '../../test/smtp-capture';
import { call, jsonBody, startTestServer, TEST_ENGINES, type TestServer } from '../../test/support';
import { withProof } from '../../test/form-proof';
import { SUBSCRIBED } from './subscriber-kind';

describe.each(TEST_ENGINES)('newsletter double opt-in on %s', (engine) => {
  let server: TestServer;
  let smtp: SmtpCapture;
  let recorder: ReturnType<typeof recordEvents>;
  let clock = new Date('2026-03-01T10:00:00Z');

  beforeAll(async () => {
    smtp = await smtpCapture();
    server = await startTestServer({
      engine,
      now: () => clock,
      env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://sourcing.example' },
    });
    recorder = recordEvents(server);
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.stop();
  });
  afterEach(() => smtp.received.splice(0));

  const count = async () => Number((await server.deps.db.all(`SELECT COUNT(*) AS n FROM "subscribers"`))[0].n);
  const subscribe = async (email: string) => call(server, '/api/subscribers', await withProof(server, jsonBody({ email })));
  const subscriber = async (email: string) => {
    const page = (await call(server, `/api/subscribers?q=${encodeURIComponent(email)}`, { headers: server.adminHeaders() }))
      .body as ListPage<SubscriberRecord>;
    return page.data[0];
  };
  /** The link of the confirmation mail, as a path on the test server. */
  const linkOf = (mail: CapturedMail, kind: 'confirm' | 'unsubscribe') => {
    const url = new URL(
      String(mail.mail.text).match(new RegExp(`https://sourcing\\.example/api/newsletter/${kind}\\?token=\\S+`))![0],
    );
    return `${url.pathname}${url.search}`;
  };
  const get = (path: string) => call(server, path, { redirect: 'manual' });

  it('keeps a new address pending and mails it a confirmation with unsubscribe headers', async () => {
    const res = await subscribe('Reader@Example.com');
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: SUBSCRIBED });
    expect(await subscriber('reader@example.com')).toMatchObject({ email: 'Reader@example.com', status: 'pending' });

    const [mail] = await smtp.waitFor(1);
    expect(mail.envelope.to.map((a) => a.toLowerCase())).toEqual(['reader@example.com']);
    expect(mail.mail.subject).toBe('Please confirm your newsletter subscription');
    const unsubscribe = `https://sourcing.example${linkOf(mail, 'unsubscribe')}`;
    // Long header values are folded onto continuation lines.
    const headerLines = mail.mail.headerLines.map((h) => h.line.replace(/\r?\n[ \t]+/g, ' '));
    expect(headerLines).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(headerLines).toContain(`List-Unsubscribe: <${unsubscribe}>`);
    expect(String(mail.mail.html)).toContain('Confirm my subscription');

    const confirmed = await get(linkOf(mail, 'confirm'));
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get('location')).toBe('/newsletter/confirmed');
    expect(await subscriber('reader@example.com')).toMatchObject({ status: 'confirmed' });
    const stats = (await call(server, '/api/admin/stats', { headers: server.adminHeaders() })).body;
    expect(stats.totals.subscribers).toBe(1);

    // RFC 8058 one-click: the provider POSTs List-Unsubscribe=One-Click to the header's URL.
    const oneClick = await call(server, linkOf(mail, 'unsubscribe'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await subscriber('reader@example.com')).toMatchObject({ status: 'unsubscribed' });
    expect((await call(server, '/api/admin/stats', { headers: server.adminHeaders() })).body.totals.subscribers).toBe(0);
  });

  it('answers every sign-up alike and re-sends a pending confirmation at most every 10 minutes', async () => {
    const first = await subscribe('twice@example.com');
    await smtp.waitFor(1);
    const again = await subscribe(' TWICE@example.COM ');
    expect([again.status, again.body]).toEqual([first.status, first.body]);

    clock = new Date(clock.getTime() + RESEND_AFTER_MS);
    expect((await subscribe('twice@example.com')).body).toEqual({ message: SUBSCRIBED });
    const mails = await smtp.waitFor(2);
    expect(mails.map((m) => m.envelope.to)).toEqual([['twice@example.com'], ['twice@example.com']]);

    await get(linkOf(mails[1], 'confirm'));
    clock = new Date(clock.getTime() + RESEND_AFTER_MS);
    expect((await subscribe('twice@example.com')).body).toEqual({ message: SUBSCRIBED });
    const outbox = (await call(server, '/api/admin/outbox', { headers: server.adminHeaders() })).body.data as {
      recipients: string[];
    }[];
    expect(outbox.filter((m) => m.recipients[0] === 'twice@example.com')).toHaveLength(2);
  });

  it('refuses an expired confirmation link and a forged one-click', async () => {
    await subscribe('late@example.com');
    const [mail] = await smtp.waitFor(1);
    clock = new Date(clock.getTime() + 8 * 24 * 60 * 60_000);
    const expired = await get(linkOf(mail, 'confirm'));
    expect(expired.headers.get('location')).toBe('/newsletter/link-expired');
    expect(await subscriber('late@example.com')).toMatchObject({ status: 'pending' });
    const forged = await call(server, `${linkOf(mail, 'unsubscribe').slice(0, -3)}abc`, { method: 'POST' });
    expect(forged.status).toBe(400);
  });

  it('tells the truth to a confirmation opened after unsubscribing: the address stays unsubscribed', async () => {
    await subscribe('changed-mind@example.com');
    const [mail] = await smtp.waitFor(1);
    const left = await get(linkOf(mail, 'unsubscribe'));
    expect(left.headers.get('location')).toBe('/newsletter/unsubscribed');
    const late = await get(linkOf(mail, 'confirm'));
    expect(late.headers.get('location')).toBe('/newsletter/not-subscribed');
    expect(await subscriber('changed-mind@example.com')).toMatchObject({ status: 'unsubscribed' });
  });

  it('stores one row and sends one confirmation when the same address arrives concurrently', async () => {
    await recorder.reset();
    const before = await count();
    const answers = await Promise.all(Array.from({ length: 8 }, () => subscribe('race@example.com')));
    expect(new Set(answers.map((a) => `${a.status} ${JSON.stringify(a.body)}`)).size).toBe(1);
    expect(await count()).toBe(before + 1);
    expect((await recorder.settle()).filter((e) => e.summary.displayName === 'race@example.com')).toHaveLength(1);
    await smtp.waitFor(1);
    const outbox = (await call(server, '/api/admin/outbox', { headers: server.adminHeaders() })).body.data as {
      recipients: string[];
    }[];
    expect(outbox.filter((m) => m.recipients[0] === 'race@example.com')).toHaveLength(1);
  });

  it('refuses a missing or malformed e-mail', async () => {
    const missing = await subscribe(undefined as unknown as string);
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ error: 'Please fill all required fields', fields: { email: 'Email is required' } });
    const malformed = await subscribe('nobody');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ error: 'Enter a valid email address', fields: { email: 'Enter a valid email address' } });
  });
});
