import {
  ADMIN_LISTS,
  BLOCK_VALUE_INVALID,
  type AuditPage,
  type BlockedSender,
  type OutboxMailSummary,
  type TimelineEntry,
} from '@sourcing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPLY_REFUSED } from '../mail/reply-routes';
import { withProof } from '../test/form-proof';
import { inquiryForm, inquiryValues, postForm } from '../test/forms';
import { recordByReference } from '../test/references';
import { smtpCapture, type SmtpCapture } from '../test/smtp-capture';
import { call, jsonBody, startTestServer, TEST_ENGINES, type TestServer } from '../test/support';
import { UNBLOCKED } from './block-list-routes';

const POLL = { timeout: 10_000 };

describe.each(TEST_ENGINES)('the block list on %s', (engine) => {
  let smtp: SmtpCapture;
  let server: TestServer;

  beforeAll(async () => {
    smtp = await smtpCapture({ started: false });
    server = await startTestServer({
      engine,
      env: { SMTP_URL: smtp.url, NOTIFY_EMAILS: 'desk@sourcing.example', MAIL_RETRY_BASE_MS: '30', MAIL_POLL_MS: '30' },
    });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.stop();
  });

  const send = (method: string, path: string, body?: unknown) =>
    call(server, `/api/admin/block-list${path}`, {
      method,
      headers: { ...server.adminHeaders(), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const outbox = async (recordId: string) =>
    (await call(server, `/api/admin/outbox?recordId=${recordId}`, { headers: server.adminHeaders() })).body
      .data as OutboxMailSummary[];
  /** The record of a reference, in the default list or under the Spam tab. */
  const byReference = async (list: 'contacts' | 'inquiries', reference: string) => {
    const spam = await call(server, `/api${ADMIN_LISTS[list].path}?status=Spam&q=${reference}`, {
      headers: server.adminHeaders(),
    });
    return spam.body.data[0] ?? recordByReference(server, list, reference);
  };
  const contact = async (email: string) => {
    const res = await call(server, '/api/contact', await withProof(server, jsonBody({ name: 'Sam', email, message: 'Hi' })));
    expect(res.status).toBe(201);
    return byReference('contacts', res.body.reference);
  };
  const timeline = async (list: 'contacts' | 'inquiries', id: string) =>
    (await call(server, `/api${ADMIN_LISTS[list].path}/${id}/timeline`, { headers: server.adminHeaders() }))
      .body as TimelineEntry[];

  it('takes addresses and domains from owners, in lower case, once each; the audit trail names domains, never addresses', async () => {
    const added = await send('POST', '', { values: ['Spam@Example.com', '@Spam.Example', 'spam@example.com'] });
    expect(added.status).toBe(201);
    expect((added.body.data as BlockedSender[]).map((b) => [b.value, b.kind])).toEqual([
      ['spam@example.com', 'address'],
      ['spam.example', 'domain'],
    ]);
    expect((await send('POST', '', { values: ['spam.example'] })).body).toEqual({ data: [] });
    const listed = (await send('GET', '')).body.data as BlockedSender[];
    expect(listed.map((b) => b.value)).toEqual(['spam.example', 'spam@example.com']);
    expect(listed[0]).toMatchObject({ createdBy: 'admin@example.com', createdAt: expect.any(String) });

    const trail = (await call(server, '/api/admin/audit?action=senders-blocked', { headers: server.adminHeaders() }))
      .body as AuditPage;
    expect(trail.data.map((e) => e.details)).toMatchObject([
      { summary: 'blocked 1 address and 1 domain', domains: ['spam.example'] },
    ]);
    expect(JSON.stringify(trail)).not.toContain('spam@');
  });

  it('refuses what is neither one address nor a domain', async () => {
    for (const values of [[], ['no spaces.example x'], ['a@b'], ['x\u0000@example.com'], 'spam.example', [42]]) {
      const res = await send('POST', '', { values });
      expect(res.status, JSON.stringify(values)).toBe(400);
    }
    expect((await send('POST', '', { values: ['localhost'] })).body.error).toBe(BLOCK_VALUE_INVALID);
    expect((await send('DELETE', `/${encodeURIComponent('not a value')}`)).status).toBe(404);
  });

  it('stores what a blocked address or a subdomain of a blocked domain sends as spam, and mails nobody', async () => {
    await smtp.start();
    const blocked = await contact('SPAM@example.com');
    const inquiry = await call(
      server,
      '/api/inquiry',
      await withProof(server, postForm(inquiryForm(inquiryValues({ email: 'sales@mail.spam.example' })))),
    );
    expect(inquiry.status).toBe(201);
    const fromDomain = await byReference('inquiries', inquiry.body.reference);
    const fine = await contact('fine@example.com');

    expect([blocked.status, fromDomain.status, fine.status]).toEqual(['Spam', 'Spam', 'Open']);
    const shown = (await call(server, '/api/contact', { headers: server.adminHeaders() })).body.data.map(
      (r: { _id: string }) => r._id,
    );
    expect(shown).toContain(fine._id);
    expect(shown).not.toContain(blocked._id);

    await expect.poll(async () => (await outbox(fine._id)).map((m) => m.state).sort(), POLL).toEqual(['sent', 'sent']);
    expect(await outbox(blocked._id)).toEqual([]);
    expect(await outbox(fromDomain._id)).toEqual([]);
    expect(smtp.received.flatMap((m) => m.envelope.to).sort()).toEqual(['desk@sourcing.example', 'fine@example.com']);
    expect((await timeline('contacts', blocked._id)).filter((e) => e.type === 'withheld')).toMatchObject([
      { purpose: 'confirmation', to: 'SPAM@example.com', reason: 'blocked' },
    ]);

    const reply = await call(server, `/api/contact/${blocked._id}/reply`, {
      ...jsonBody({ message: 'Hello' }),
      headers: { ...server.adminHeaders(), 'Content-Type': 'application/json' },
    });
    expect(reply).toMatchObject({ status: 409, body: { error: REPLY_REFUSED.blocked } });
  });

  it('withholds at send time a mail queued before its address was blocked, and takes entries off again', async () => {
    await smtp.stop();
    const early = await contact('early@late-block.example');
    await expect
      .poll(async () => (await outbox(early._id)).some((m) => m.attempts > 0 && m.state === 'pending'), POLL)
      .toBe(true);
    expect((await send('POST', '', { values: ['late-block.example'] })).status).toBe(201);
    smtp.received.splice(0);
    await smtp.start();
    await expect
      .poll(async () => (await outbox(early._id)).map((m) => [m.purpose, m.state]).sort(), POLL)
      .toEqual([
        ['confirmation', 'withheld'],
        ['staff-alert', 'sent'],
      ]);
    expect((await outbox(early._id)).find((m) => m.purpose === 'confirmation')?.lastError).toBe(
      'Not sent: early@late-block.example is on the block list',
    );
    expect(smtp.received.flatMap((m) => m.envelope.to)).toEqual(['desk@sourcing.example']);

    expect((await send('DELETE', '/late-block.example')).body).toEqual({ message: UNBLOCKED });
    expect((await send('DELETE', '/late-block.example')).status).toBe(404);
    expect((await contact('again@late-block.example')).status).toBe('Open');
  });
});
