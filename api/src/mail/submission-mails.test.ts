import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REFERENCE_PATTERN, type OutboxMailSummary, type TimelineEntry } from '@sourcing/shared';
import { simpleParser } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withProof } from '../test/form-proof';
import { inquiryForm, inquiryValues, postForm } from '../test/forms';
import { recordByReference } from '../test/references';
import { pdf } from '../test/sample-files';
import { smtpCapture, type SmtpCapture } from '../test/smtp-capture';
import { call, jsonBody, startTestServer, TEST_ADMIN, TEST_ENGINES, type TestServer } from '../test/support';

/** Delivery runs beside the requests: give it time on a busy machine. */
const POLL = { timeout: 10_000 };
const STAFF = ['desk@sourcing.example', 'sales@sourcing.example'];
const SITE = 'https://sourcing.example';

const outbox = async (server: TestServer, query = '') =>
  (await call(server, `/api/admin/outbox${query}`, { headers: server.adminHeaders() })).body.data as OutboxMailSummary[];

describe.each(TEST_ENGINES)('the mails of a submission, through SMTP, on %s', (engine) => {
  let smtp: SmtpCapture;
  let server: TestServer;

  beforeAll(async () => {
    smtp = await smtpCapture();
    server = await startTestServer({
      engine,
      env: {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Sourcing Desk <desk@sourcing.example>',
        NOTIFY_EMAILS: STAFF.join(','),
        PUBLIC_URL: SITE,
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.stop();
  });
  afterEach(() => smtp.received.splice(0));

  it('confirms to the sender with the reference, the request and the site, never what they typed, and alerts the staff with an escaped copy', async () => {
    const res = await call(
      server,
      '/api/contact',
      await withProof(
        server,
        jsonBody({ name: 'Ada <script>alert(1)</script>', email: 'Ada@Example.com', message: 'Price of "A&B"?\n<b>now</b>' }),
      ),
    );
    expect(res.status).toBe(201);
    const { reference } = res.body as { reference: string };
    expect(reference).toMatch(REFERENCE_PATTERN);
    const record = await recordByReference(server, 'contacts', reference);
    // Stored normalised: the same value is the envelope's recipient and the To header.
    expect(record.email).toBe('Ada@example.com');
    const mails = await smtp.waitFor(2);
    const confirmation = mails.find((m) => m.envelope.to.includes('Ada@example.com'))!;
    const alert = mails.find((m) => m.envelope.to.includes(STAFF[0]))!;
    expect(confirmation.envelope).toEqual({ from: 'desk@sourcing.example', to: ['Ada@example.com'] });
    expect(confirmation.mail.to).toMatchObject({ value: [{ address: 'Ada@example.com', name: '' }] });
    expect(confirmation.mail.from?.value).toEqual([{ name: 'Sourcing Desk', address: 'desk@sourcing.example' }]);
    expect(confirmation.mail.subject).toBe(`We received your message — ${reference}`);
    expect(confirmation.mail.messageId).toMatch(/^<.+@.+>$/);
    expect(confirmation.mail.text).toBe(
      `Hello,\n\nThank you for your message. Your reference is ${reference}: please quote it when you contact us.\n\n` +
        `If you did not contact us, please ignore this e-mail.\n\nOur website: ${SITE}\n`,
    );
    expect(String(confirmation.mail.html)).toContain(`<a href="${SITE}">`);
    for (const typed of ['script', 'Price', 'now'])
      expect(`${confirmation.mail.text}${String(confirmation.mail.html)}`).not.toContain(typed);

    expect(alert.envelope.to).toEqual(STAFF);
    expect(alert.mail.subject).toBe(`New contact message — Ada <script>alert(1)</script> (${reference})`);
    expect(alert.mail.replyTo?.text).toBe('Ada@example.com');
    expect(alert.mail.text).toContain('Name: Ada <script>alert(1)</script>');
    expect(alert.mail.text).toContain('Message: Price of "A&B"?\n<b>now</b>');
    const html = String(alert.mail.html);
    expect(html).toContain('Ada &#60;script&#62;alert(1)&#60;/script&#62;');
    expect(html).toContain('Price of &#34;A&#38;B&#34;?\n&#60;b&#62;now&#60;/b&#62;');
    expect(html).not.toMatch(/<script|<b>now/);
    const link = `${SITE}/admin/contact-queries/${record._id}`;
    expect(alert.mail.text).toContain(link);
    expect(html).toContain(`href="${link}"`);
    await expect
      .poll(async () => (await outbox(server, `?recordId=${record._id}`)).map((m) => [m.purpose, m.state]).sort(), POLL)
      .toEqual([
        ['confirmation', 'sent'],
        ['staff-alert', 'sent'],
      ]);
  });

  it('answers the phishing-shaped submission of the issue with a neutral confirmation: no name, no link, no message of theirs', async () => {
    const phishing = {
      name: 'Your bank: verify at http://phish.example.test/login',
      email: 'victim@example.com',
      message: 'Your account is locked. Verify at http://phish.example.test/login',
    };
    const res = await call(server, '/api/contact', await withProof(server, jsonBody(phishing)));
    expect(res.status).toBe(201);
    const mails = await smtp.waitFor(2);
    const confirmation = mails.find((m) => m.envelope.to.includes('victim@example.com'))!;
    const written = `${confirmation.mail.subject}\n${confirmation.mail.text}\n${String(confirmation.mail.html)}`;
    expect(written).not.toMatch(/phish|bank|locked|verify/i);
    expect(confirmation.mail.text).toMatch(/^Hello,\n/);
    expect(confirmation.mail.text).toContain(`Your reference is ${res.body.reference}`);
  });

  it('sends a reply from the record to its sender, and its timeline says which mails went out and who replied', async () => {
    const res = await call(
      server,
      '/api/contact',
      await withProof(server, jsonBody({ name: 'Bea', email: 'bea@example.com', message: 'Do you ship rice?' })),
    );
    const { reference } = res.body as { reference: string };
    const record = await recordByReference(server, 'contacts', reference);
    await smtp.waitFor(2);

    const reply = await call(server, `/api/contact/${record._id}/reply`, {
      ...jsonBody({ message: 'Yes: <b>from Kakinada</b>.' }),
      headers: { ...server.adminHeaders(), 'Content-Type': 'application/json' },
    });
    expect(reply).toMatchObject({ status: 201, body: { message: 'Reply queued' } });
    const mails = await smtp.waitFor(3);
    const sent = mails.find((m) => m.mail.subject === `Re: We received your message — ${reference}`)!;
    expect(sent.envelope.to).toEqual(['bea@example.com']);
    expect(sent.mail.text).toContain('Yes: <b>from Kakinada</b>.');
    expect(String(sent.mail.html)).not.toContain('<b>from');

    const timeline = await call(server, `/api/contact/${record._id}/timeline`, { headers: server.adminHeaders() });
    const mailLines = (timeline.body as TimelineEntry[]).filter((entry) => entry.type === 'mail');
    expect(mailLines.map((entry) => [entry.purpose, entry.to, entry.subject, entry.actor?.email ?? null])).toEqual([
      ['confirmation', ['bea@example.com'], `We received your message — ${reference}`, null],
      ['staff-alert', STAFF, `New contact message — Bea (${reference})`, null],
      ['reply', ['bea@example.com'], `Re: We received your message — ${reference}`, TEST_ADMIN.email],
    ]);

    const empty = await call(server, `/api/contact/${record._id}/reply`, {
      ...jsonBody({ message: '  ' }),
      headers: { ...server.adminHeaders(), 'Content-Type': 'application/json' },
    });
    expect(empty.status).toBe(400);
    const unknown = await call(server, `/api/contact/00000000-0000-4000-8000-000000000000/reply`, {
      ...jsonBody({ message: 'Hello' }),
      headers: { ...server.adminHeaders(), 'Content-Type': 'application/json' },
    });
    expect(unknown.status).toBe(404);
  });

  it('lists the attachments of an inquiry by name in the staff alert, attaching nothing, and greets the buyer by name', async () => {
    const res = await call(
      server,
      '/api/inquiry',
      await withProof(
        server,
        postForm(inquiryForm(inquiryValues({ email: 'bob@buyer.example' }), [{ name: 'spec <1>.pdf', bytes: pdf() }])),
      ),
    );
    expect(res.status).toBe(201);
    const mails = await smtp.waitFor(2);
    const confirmation = mails.find((m) => m.envelope.to.includes('bob@buyer.example'))!;
    const alert = mails.find((m) => m.envelope.to.includes(STAFF[0]))!;
    expect(confirmation.mail.subject).toBe(`We received your inquiry — ${res.body.reference}`);
    expect(confirmation.mail.text).toMatch(new RegExp(`^Dear ${inquiryValues().fullName},\n`));
    expect(confirmation.mail.text).not.toContain('spec');
    for (const mail of [confirmation, alert]) expect(mail.mail.attachments).toEqual([]);
    expect(alert.mail.text).toContain('Attachment: spec <1>.pdf');
    expect(alert.mail.text).toContain('Commodities: Copper Cathode, Others');
    expect(String(alert.mail.html)).toContain('spec &#60;1&#62;.pdf');
  });
});

describe.each(TEST_ENGINES)('an SMTP outage on %s', (engine) => {
  let smtp: SmtpCapture;
  let server: TestServer;

  beforeAll(async () => {
    smtp = await smtpCapture({ started: false });
    server = await startTestServer({
      engine,
      env: {
        SMTP_URL: smtp.url,
        NOTIFY_EMAILS: 'desk@sourcing.example',
        MAIL_RETRY_BASE_MS: '50',
        MAIL_MAX_ATTEMPTS: '30',
        MAIL_POLL_MS: '20',
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.stop();
  });

  it('keeps the mails while SMTP is down and delivers each exactly once when it is back', async () => {
    const sent = await Promise.all(
      [1, 2, 3].map(async (n) =>
        call(
          server,
          '/api/contact',
          await withProof(server, jsonBody({ name: `Ada ${n}`, email: `ada${n}@example.com`, message: 'Hi' })),
        ),
      ),
    );
    expect(sent.map((r) => r.status)).toEqual([201, 201, 201]);
    await expect
      .poll(
        async () => (await outbox(server)).filter((m) => m.state === 'pending' && m.attempts >= 1 && m.lastError).length,
        POLL,
      )
      .toBe(6);

    await smtp.start();
    await expect.poll(async () => (await outbox(server)).map((m) => m.state), { timeout: 15_000 }).toEqual(Array(6).fill('sent'));
    const ids = smtp.received.map((m) => m.mail.messageId);
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
    for (const n of [1, 2, 3]) {
      expect(smtp.received.filter((m) => m.envelope.to.includes(`ada${n}@example.com`))).toHaveLength(1);
    }
  });
});

describe.each(TEST_ENGINES)('failed mails on %s', (engine) => {
  let smtp: SmtpCapture;
  let server: TestServer;

  beforeAll(async () => {
    smtp = await smtpCapture({ started: false });
    server = await startTestServer({
      engine,
      env: { SMTP_URL: smtp.url, MAIL_RETRY_BASE_MS: '20', MAIL_MAX_ATTEMPTS: '2', MAIL_POLL_MS: '20' },
    });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.stop();
  });

  it('gives up after the last attempt, and an admin retries it once SMTP is back', async () => {
    const res = await call(
      server,
      '/api/contact',
      await withProof(server, jsonBody({ name: 'Ada', email: 'ada@example.com', message: 'Hi' })),
    );
    expect(res.status).toBe(201);
    await expect.poll(async () => (await outbox(server)).map((m) => [m.state, m.attempts]), POLL).toEqual([['failed', 2]]);
    const [failed] = await outbox(server);
    expect(failed.lastError).toBeTruthy();

    await smtp.start();
    const retry = await call(server, `/api/admin/outbox/${failed.id}/retry`, { method: 'POST', headers: server.adminHeaders() });
    expect(retry.status).toBe(200);
    await smtp.waitFor(1);
    await expect.poll(async () => (await outbox(server)).map((m) => m.state), POLL).toEqual(['sent']);
    const again = await call(server, `/api/admin/outbox/${failed.id}/retry`, { method: 'POST', headers: server.adminHeaders() });
    expect(again.status).toBe(409);
  });
});

describe.each(TEST_ENGINES)('mails without SMTP_URL on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine, env: { NOTIFY_EMAILS: 'desk@sourcing.example' } });
  });
  afterAll(() => server?.close());

  it('writes each mail as an .eml file under DATA_DIR/mail and marks it filed', async () => {
    const res = await call(
      server,
      '/api/contact',
      await withProof(server, jsonBody({ name: 'Ada', email: 'ada@example.com', message: 'Hi' })),
    );
    expect(res.status).toBe(201);
    await expect.poll(async () => (await outbox(server)).map((m) => m.state), POLL).toEqual(['filed', 'filed']);
    const folder = join(server.dataDir, 'mail');
    const files = readdirSync(folder);
    expect(files.sort()).toEqual((await outbox(server)).map((m) => `${m.id}.eml`).sort());
    const parsed = await Promise.all(files.map((f) => simpleParser(readFileSync(join(folder, f)))));
    expect(parsed.map((m) => m.subject).sort()).toEqual([
      `New contact message — Ada (${res.body.reference})`,
      `We received your message — ${res.body.reference}`,
    ]);
  });
});
