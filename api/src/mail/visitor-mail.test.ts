import { randomUUID } from 'node:crypto';
import { ADMIN_LISTS, BLOCK_VALUE_INVALID, type OutboxMailSummary, type TimelineEntry } from '@sourcing/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MULTI_ADDRESS_SHAPES } from '../test/address-shapes';
import { recordRow, seedRows } from '../test/factories';
import { withProof } from '../test/form-proof';
import { inquiryForm, inquiryValues, multipart, postForm, submittedFields, supplierValues } from '../test/forms';
import { smtpCapture, type SmtpCapture } from '../test/smtp-capture';
import { call, jsonBody, startTestServer, TEST_ENGINES, type TestServer } from '../test/support';
import { OUTBOX, type OutboxRow } from './outbox-entity';
import { REPLY_REFUSED } from './reply-routes';

const POLL = { timeout: 10_000 };

const outbox = async (server: TestServer, query = '') =>
  (await call(server, `/api/admin/outbox${query}`, { headers: server.adminHeaders() })).body.data as OutboxMailSummary[];

const timeline = async (server: TestServer, path: string, id: string) =>
  (await call(server, `/api${path}/${id}/timeline`, { headers: server.adminHeaders() })).body as TimelineEntry[];

const json = (server: TestServer, method: string, path: string, body: unknown) =>
  call(server, path, {
    method,
    headers: { ...server.adminHeaders(), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

describe.each(TEST_ENGINES)('one address means one address, at a real SMTP server, on %s', (engine) => {
  let smtp: SmtpCapture;
  let server: TestServer;

  beforeAll(async () => {
    smtp = await smtpCapture();
    server = await startTestServer({
      engine,
      env: { SMTP_URL: smtp.url, NOTIFY_EMAILS: 'desk@sourcing.example', MAIL_POLL_MS: '50' },
    });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.stop();
  });
  afterEach(() => smtp.received.splice(0));

  /** Each e-mail field a visitor or an owner fills in, sent with `email` in it. */
  const FIELDS: [field: string, send: (email: string) => Promise<{ status: number; body: any }>][] = [
    [
      'the contact form',
      async (email) => call(server, '/api/contact', await withProof(server, jsonBody({ name: 'Ada', email, message: 'Hi' }))),
    ],
    [
      'the commodity inquiry',
      async (email) => call(server, '/api/inquiry', await withProof(server, postForm(inquiryForm(inquiryValues({ email }))))),
    ],
    [
      'the product offer',
      async (email) =>
        call(
          server,
          '/api/supplier',
          await withProof(
            server,
            postForm(multipart(submittedFields('supplierInquiries', supplierValues({ email })), 'attachments')),
          ),
        ),
    ],
    ['the newsletter', async (email) => call(server, '/api/subscribers', await withProof(server, jsonBody({ email })))],
    ['a staff account', (email) => json(server, 'POST', '/api/admin/staff', { email, role: 'agent' })],
    ['the sign-in', (email) => call(server, '/api/admin/login', jsonBody({ email, password: 'a-password-of-sorts' }))],
    ['the block list', (email) => json(server, 'POST', '/api/admin/block-list', { values: [email] })],
    [
      'the person look-up',
      (email) => call(server, `/api/admin/people?email=${encodeURIComponent(email)}`, { headers: server.adminHeaders() }),
    ],
    ['the person erasure', (email) => json(server, 'POST', '/api/admin/people/erase', { email })],
  ];

  it('refuses every multi-address shape in every e-mail field with its message, and nothing reaches the SMTP server', async () => {
    const before = (await outbox(server)).length;
    for (const [field, send] of FIELDS) {
      for (const [shape, value, message] of MULTI_ADDRESS_SHAPES) {
        const res = await send(value);
        expect(res.status, `${shape} in ${field}`).toBe(400);
        // The block list also takes domains: what has no @ after a local part is read as one.
        const [said, expected] =
          field === 'the block list'
            ? [res.body.error, value.indexOf('@') > 0 ? message : BLOCK_VALUE_INVALID]
            : [res.body.fields.email, message];
        expect(said, `${shape} in ${field}`).toBe(expected);
      }
    }
    // A valid address in each public form, so the worker surely ran after all of the above.
    await call(
      server,
      '/api/contact',
      await withProof(server, jsonBody({ name: 'Ada', email: 'ada@example.com', message: 'Hi' })),
    );
    await smtp.waitFor(2);
    expect(smtp.received.flatMap((m) => m.envelope.to).sort()).toEqual(['ada@example.com', 'desk@sourcing.example']);
    expect((await outbox(server)).length).toBe(before + 2);
  });

  it('never mails a record stored before addresses were parsed: a reply is refused, a queued mail is withheld at send time', async () => {
    const stored = 'ceo,hr,all-staff,victim@example.com';
    const [row] = [recordRow('contacts', new Date(), { email: stored })];
    await seedRows(server.deps.db, 'contacts', [row]);
    const path = ADMIN_LISTS.contacts.path;

    const reply = await json(server, 'POST', `/api${path}/${row.id}/reply`, { message: 'Hello' });
    expect(reply).toMatchObject({ status: 409, body: { error: REPLY_REFUSED['invalid-address'] } });

    // A confirmation queued by the code before this check, with the recipients the old parser made of it.
    const queued: OutboxRow = {
      id: randomUUID(),
      purpose: 'confirmation',
      recordKind: 'contact',
      recordId: row.id,
      sender: 'no-reply@localhost',
      recipients: ['ceo', 'hr', 'all-staff', 'victim@example.com'],
      subject: `We received your message — ${row.reference}`,
      content: { from: 'no-reply@localhost', text: 'Hi', html: '' },
      messageId: '<3b0e1c52-0c39-4b8e-9a4e-0f5b9f7c2d11@localhost>',
      state: 'pending',
      attempts: 0,
      nextAttemptAt: new Date(),
      leaseUntil: null,
      lastError: null,
      createdAt: new Date(),
      deliveredAt: null,
      bouncedAt: null,
      bounceReason: null,
    };
    await server.deps.db.transaction((tx) => tx.insert(OUTBOX, queued));
    server.deps.mail.nudge();
    await expect.poll(async () => (await outbox(server, `?recordId=${row.id}`)).map((m) => m.state), POLL).toEqual(['withheld']);
    expect((await outbox(server, `?recordId=${row.id}`))[0].lastError).toBe('Not sent: ceo is not one e-mail address');
    expect((await timeline(server, path, row.id)).filter((e) => e.type === 'withheld')).toMatchObject([
      { purpose: 'confirmation', to: 'ceo', reason: 'invalid-address' },
    ]);
    expect(smtp.received).toEqual([]);
  });
});

describe.each(TEST_ENGINES)('mails to one address, across the forms, on %s', (engine) => {
  let smtp: SmtpCapture;
  let server: TestServer;

  beforeAll(async () => {
    smtp = await smtpCapture();
    server = await startTestServer({
      engine,
      env: { SMTP_URL: smtp.url, CONFIRMATIONS_PER_ADDRESS_PER_10_MINUTES: '1', CONFIRMATIONS_PER_ADDRESS_PER_DAY: '3' },
    });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.stop();
  });

  it('sends one mail per address in 10 minutes, whatever the form or the letter case; the rest are stored and say why', async () => {
    const contact = await call(
      server,
      '/api/contact',
      await withProof(server, jsonBody({ name: 'Ada', email: 'victim@example.com', message: 'Hi' })),
    );
    const inquiry = await call(
      server,
      '/api/inquiry',
      await withProof(server, postForm(inquiryForm(inquiryValues({ email: 'Victim@Example.com' })))),
    );
    const subscribe = await call(server, '/api/subscribers', await withProof(server, jsonBody({ email: 'VICTIM@example.com' })));
    const other = await call(
      server,
      '/api/contact',
      await withProof(server, jsonBody({ name: 'Bea', email: 'bea@example.com', message: 'Hi' })),
    );
    // Every visitor sees the same success, with the reference.
    expect([contact, inquiry, subscribe, other].map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect(inquiry.body.reference).toMatch(/^INQ-/);

    await smtp.waitFor(2);
    await expect.poll(async () => (await outbox(server)).every((m) => m.state === 'sent'), POLL).toBe(true);
    expect(smtp.received.map((m) => m.envelope.to).sort()).toEqual([['bea@example.com'], ['victim@example.com']]);
    const stored = await call(server, `/api/inquiry/inquiries?q=${inquiry.body.reference}`, { headers: server.adminHeaders() });
    const [record] = stored.body.data;
    expect((await timeline(server, ADMIN_LISTS.inquiries.path, record._id)).filter((e) => e.type !== 'received')).toMatchObject([
      { type: 'withheld', purpose: 'confirmation', to: 'Victim@example.com', reason: 'recipient-limit' },
    ]);
  });
});

describe.each(TEST_ENGINES)('mails to one address in a day, on %s', (engine) => {
  let smtp: SmtpCapture;
  let server: TestServer;

  beforeAll(async () => {
    smtp = await smtpCapture();
    server = await startTestServer({
      engine,
      env: { SMTP_URL: smtp.url, CONFIRMATIONS_PER_ADDRESS_PER_10_MINUTES: '100', CONFIRMATIONS_PER_ADDRESS_PER_DAY: '3' },
    });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.stop();
  });

  it('sends at most three a day', async () => {
    for (let n = 0; n < 5; n++) {
      const res = await call(
        server,
        '/api/contact',
        await withProof(server, jsonBody({ name: 'Ada', email: 'ada@example.com', message: `Hi ${n}` })),
      );
      expect(res.status).toBe(201);
    }
    await smtp.waitFor(3);
    await expect.poll(async () => (await outbox(server)).map((m) => m.state), POLL).toEqual(['sent', 'sent', 'sent']);
    expect(smtp.received).toHaveLength(3);
  });
});
