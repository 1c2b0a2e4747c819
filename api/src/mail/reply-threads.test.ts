import { generateKeyPairSync } from 'node:crypto';
import type { AddressObject } from 'mailparser';
import { dkimVerify } from 'mailauth';
import { ADMIN_LISTS, type OutboxMailSummary } from '@sourcing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withProof } from '../test/form-proof';
import { recordByReference } from '../test/references';
import { smtpCapture, type CapturedMail, type SmtpCapture } from '../test/smtp-capture';
import { call, jsonBody, startTestServer, TEST_ENGINES, type TestServer } from '../test/support';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const DKIM_RECORD = `v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;
/** DNS as mailauth asks it: the one TXT record of the selector. */
const resolver = async (name: string, type: string) => {
  if (type === 'TXT' && name === 'desk2026._domainkey.sourcing.example') return [[DKIM_RECORD]];
  throw Object.assign(new Error(`no ${type} record for ${name}`), { code: 'ENOTFOUND' });
};

const addressesOf = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((f) => f.value.map((v) => v.address));

describe.each(TEST_ENGINES)('staff replies that can be answered, at a real SMTP server, on %s', (engine) => {
  let smtp: SmtpCapture;
  let server: TestServer;

  beforeAll(async () => {
    smtp = await smtpCapture();
    server = await startTestServer({
      engine,
      env: {
        SMTP_URL: smtp.url,
        MAIL_POLL_MS: '50',
        MAIL_FROM: 'Sourcing <no-reply@sourcing.example>',
        REPLY_TO_ADDRESS: 'desk@sourcing.example',
        DKIM_DOMAIN: 'sourcing.example',
        DKIM_SELECTOR: 'desk2026',
        // On one line, as an env file holds it.
        DKIM_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString().trim().replaceAll('\n', '\\n'),
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.stop();
  });

  const admin = (method: string, path: string, body?: unknown) =>
    call(server, path, {
      method,
      headers: { ...server.adminHeaders(), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const mailsOf = async (recordId: string) =>
    (await admin('GET', `/api/admin/outbox?recordId=${recordId}`)).body.data as OutboxMailSummary[];
  const storedIds = async (recordId: string) =>
    (
      await server.deps.db.all<{ messageId: string }>(
        `SELECT "messageId" FROM "mail_outbox" WHERE "recordId" = ? ORDER BY "createdAt", "id"`,
        [recordId],
      )
    ).map((r) => r.messageId);

  /** A contact message from the form, once its confirmation arrived (so the next mail received is the next one sent). */
  async function contact(name: string): Promise<{ id: string; reference: string; confirmation: CapturedMail }> {
    const before = smtp.received.length;
    const email = `${name.toLowerCase()}@buyer.example`;
    const res = await call(server, '/api/contact', await withProof(server, jsonBody({ name, email, message: 'Basmati?' })));
    expect(res.status).toBe(201);
    const { reference } = res.body as { reference: string };
    const confirmation = (await smtp.waitFor(before + 1))[before];
    return { id: (await recordByReference(server, 'contacts', reference))._id, reference, confirmation };
  }

  async function replyAndReceive(id: string, message: string): Promise<CapturedMail> {
    const before = smtp.received.length;
    expect((await admin('POST', `/api${ADMIN_LISTS.contacts.path}/${id}/reply`, { message })).status).toBe(201);
    return (await smtp.waitFor(before + 1))[before];
  }

  it('threads the replies under the confirmation, Reply-To the record’s own address, every mail signed and its Message-ID stored', async () => {
    const { id, reference, confirmation } = await contact('Asha');
    expect(confirmation.mail.subject).toBe(`We received your message — ${reference}`);
    expect(confirmation.mail.messageId).toMatch(/^<[0-9a-f-]{36}@sourcing\.example>$/);
    expect(await storedIds(id)).toEqual([confirmation.mail.messageId]);
    expect(confirmation.mail.inReplyTo).toBeUndefined();

    const first = await replyAndReceive(id, 'Yes, 25 t ready in Kandla.');
    const second = await replyAndReceive(id, 'The contract is attached to our next mail.');
    const [token] = await server.deps.db.all<{ token: string }>(`SELECT "token" FROM "reply_tokens" WHERE "recordId" = ?`, [id]);
    expect(token.token).toMatch(/^[a-z2-7]{16}$/);
    for (const reply of [first, second]) {
      expect(addressesOf(reply.mail.replyTo)).toEqual([`desk+${token.token}@sourcing.example`]);
      expect(addressesOf(reply.mail.from)).toEqual(['no-reply@sourcing.example']);
      expect(reply.envelope).toEqual({ from: 'no-reply@sourcing.example', to: ['asha@buyer.example'] });
    }
    expect(first.mail.inReplyTo).toBe(confirmation.mail.messageId);
    expect(first.mail.references).toBe(confirmation.mail.messageId);
    expect(second.mail.inReplyTo).toBe(first.mail.messageId);
    expect(second.mail.references).toEqual([confirmation.mail.messageId, first.mail.messageId]);
    expect(await storedIds(id)).toEqual([confirmation, first, second].map((m) => m.mail.messageId));

    // What the SMTP server received verifies against the published key.
    for (const { raw } of [confirmation, first, second]) {
      const verified = await dkimVerify(raw, { resolver });
      expect(verified.results.map((r) => [r.status.result, r.signingDomain, r.selector])).toEqual([
        ['pass', 'sourcing.example', 'desk2026'],
      ]);
    }

    // Staff read on the record what the sender got, word for word; the Outbox page lists mails without their texts.
    const texts = (await mailsOf(id)).map((m) => [m.subject, m.text]);
    expect(texts).toEqual([
      [`Re: We received your message — ${reference}`, `The contract is attached to our next mail.\n\nReference: ${reference}\n`],
      [`Re: We received your message — ${reference}`, `Yes, 25 t ready in Kandla.\n\nReference: ${reference}\n`],
      [`We received your message — ${reference}`, confirmation.mail.text],
    ]);
    const page = (await admin('GET', '/api/admin/outbox')).body.data as OutboxMailSummary[];
    expect(page.filter((m) => m.recordId === id).map((m) => m.text)).toEqual([null, null, null]);
  });

  it('names the staff member who wrote in From, with the desk’s address, once they have a name', async () => {
    const { id } = await contact('Dara');
    const fromOf = (mail: CapturedMail) => (Array.isArray(mail.mail.from) ? mail.mail.from[0] : mail.mail.from)?.value;
    expect(fromOf(await replyAndReceive(id, 'Before a name.'))).toEqual([
      { name: 'Sourcing', address: 'no-reply@sourcing.example' },
    ]);
    expect((await admin('PATCH', '/api/admin/account', { name: 'Ana "Ana" Silva, Jr.' })).status).toBe(200);
    const named = await replyAndReceive(id, 'After a name.');
    expect(fromOf(named)).toEqual([{ name: 'Ana "Ana" Silva, Jr. via Sourcing', address: 'no-reply@sourcing.example' }]);
    expect(named.envelope.from).toBe('no-reply@sourcing.example');
    expect((await admin('PATCH', '/api/admin/account', { name: 'Анна Сильва' })).status).toBe(200);
    expect(fromOf(await replyAndReceive(id, 'In Cyrillic.'))).toEqual([
      { name: 'Анна Сильва via Sourcing', address: 'no-reply@sourcing.example' },
    ]);
  });

  it('gives each record a token of its own', async () => {
    const one = await contact('Bilal');
    const other = await contact('Chen');
    const replyTo = async (record: { id: string }) => addressesOf((await replyAndReceive(record.id, 'Noted.')).mail.replyTo)[0];
    const [first, again, second] = [await replyTo(one), await replyTo(one), await replyTo(other)];
    expect(first).toBe(again);
    expect(second).toMatch(/^desk\+[a-z2-7]{16}@sourcing\.example$/);
    expect(second).not.toBe(first);
  });
});

describe.each(TEST_ENGINES)('a reply without REPLY_TO_ADDRESS, on %s', (engine) => {
  let smtp: SmtpCapture;
  let server: TestServer;
  beforeAll(async () => {
    smtp = await smtpCapture();
    server = await startTestServer({ engine, env: { SMTP_URL: smtp.url, MAIL_POLL_MS: '50' } });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.stop();
  });

  it('carries no Reply-To and draws no token, and still answers the confirmation', async () => {
    const res = await call(
      server,
      '/api/contact',
      await withProof(server, jsonBody({ name: 'Eve', email: 'eve@buyer.example', message: 'Hi' })),
    );
    const { reference } = res.body as { reference: string };
    const { _id: id } = await recordByReference(server, 'contacts', reference);
    const [confirmation] = await smtp.waitFor(1);
    const replied = await call(server, `/api${ADMIN_LISTS.contacts.path}/${id}/reply`, {
      method: 'POST',
      headers: { ...server.adminHeaders(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ message: 'Hello Eve' }),
    });
    expect(replied.status).toBe(201);
    const [, reply] = await smtp.waitFor(2);
    expect(reply.mail.replyTo).toBeUndefined();
    expect(reply.mail.inReplyTo).toBe(confirmation.mail.messageId);
    expect(reply.mail.messageId).toMatch(/@localhost>$/);
    expect(await server.deps.db.all(`SELECT * FROM "reply_tokens"`)).toEqual([]);
  });
});
