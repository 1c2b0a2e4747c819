import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import { ADMIN_LISTS, CONVERSATION_SUFFIX, type Conversation, type IncomingConversationMail } from '@sourcing/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startDovecot, type Dovecot } from '../../test/dovecot';
import { withProof } from '../../test/form-proof';
import { recordByReference } from '../../test/references';
import { call, jsonBody, sendJson, startTestServer, TEST_ENGINES, type TestServer } from '../../test/support';

const DESK = 'desk@sourcing.example';
const CONTACTS = `/api${ADMIN_LISTS.contacts.path}`;

/**
 * The desk mailbox read by the running server (IMAP_URL) from a real dovecot: an answer delivered
 * to the mailbox enters its record, and the same mail coming through the SMTP receiver too is one
 * entry. The poller's own rules (restart, UIDVALIDITY, IDLE, failures) are proven in imap-poller.test.ts.
 */
describe.each(TEST_ENGINES)('answers read from the desk mailbox over IMAP, on %s', (engine) => {
  let dovecot: Dovecot;
  let server: TestServer;

  beforeAll(async () => {
    dovecot = await startDovecot();
    server = await startTestServer({
      engine,
      env: { REPLY_TO_ADDRESS: DESK, IMAP_URL: dovecot.url, IMAP_DONE_FOLDER: 'Read', INBOUND_SMTP_PORT: '0' },
    });
  });
  afterAll(async () => {
    await server?.close();
    await dovecot?.stop();
  });

  const admin = (method: string, path: string, body?: unknown) => sendJson(server, method, path, body, server.adminHeaders());
  const incomingOf = async (id: string) =>
    ((await admin('GET', `${CONTACTS}/${id}${CONVERSATION_SUFFIX}`)).body as Conversation).mails.filter(
      (m): m is IncomingConversationMail => m.direction === 'in',
    );

  /** A contact message and a staff reply to it: the reply's Reply-To and Message-ID as stored. */
  async function thread(name: string) {
    const email = `${name.toLowerCase()}@buyer.example`;
    const res = await call(
      server,
      '/api/contact',
      await withProof(server, jsonBody({ name, email, message: 'Sugar ICUMSA 45?' })),
    );
    const { reference } = res.body as { reference: string };
    const id = (await recordByReference(server, 'contacts', reference))._id;
    expect((await admin('POST', `${CONTACTS}/${id}/reply`, { message: 'Yes, 12,500 t.' })).status).toBe(201);
    const [row] = await server.deps.db.all<{ content: string; messageId: string }>(
      `SELECT "content", "messageId" FROM "mail_outbox" WHERE "recordId" = ? AND "purpose" = 'reply'`,
      [id],
    );
    return { id, email, reference, replyTo: (JSON.parse(row.content) as { replyTo: string }).replyTo, messageId: row.messageId };
  }

  const answer = (t: Awaited<ReturnType<typeof thread>>, body: string, messageId = `<${randomUUID()}@buyer.example>`) =>
    [
      `From: ${t.email}`,
      `To: ${t.replyTo}`,
      `Subject: Re: ${t.reference}`,
      `Message-ID: ${messageId}`,
      `In-Reply-To: ${t.messageId}`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      '',
      body,
      '',
    ].join('\r\n');

  it('stores an answer delivered to the mailbox in its record, then moves it to the done folder', async () => {
    const t = await thread('Kofi');
    await dovecot.deliver(answer(t, 'Confirmed, LC to follow.'));
    await vi.waitFor(async () => expect((await incomingOf(t.id)).map((m) => m.replyText)).toEqual(['Confirmed, LC to follow.']), {
      timeout: 10_000,
      interval: 50,
    });
    await vi.waitFor(async () => expect(await dovecot.messages('INBOX')).toEqual([]), { timeout: 5000, interval: 50 });
    expect((await dovecot.messages('Read')).map((m) => m.source)).toEqual([expect.stringContaining('Confirmed, LC to follow.')]);
  });

  it('makes one entry of a mail that comes both through the mailbox and the SMTP receiver', async () => {
    const t = await thread('Lena');
    const raw = answer(t, 'Sent both ways.');
    const smtp = nodemailer.createTransport({ host: '127.0.0.1', port: server.inboundSmtpPort!, secure: false, ignoreTLS: true });
    await smtp.sendMail({ envelope: { from: t.email, to: [t.replyTo] }, raw });
    smtp.close();
    await dovecot.deliver(raw);
    // The mailbox's copy has been read once it left INBOX: by then it was stored or found already there.
    await vi.waitFor(async () => expect((await dovecot.messages('INBOX')).length).toBe(0), { timeout: 10_000, interval: 50 });
    expect((await incomingOf(t.id)).map((m) => m.replyText)).toEqual(['Sent both ways.']);
  });
});
