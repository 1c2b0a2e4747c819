import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import {
  ADMIN_LISTS,
  CONVERSATION_SUFFIX,
  type Conversation,
  type IncomingConversationMail,
  type ListPage,
  type OutgoingConversationMail,
  type TimelineEntry,
  type UnmatchedMailPage,
  type UnreadCounts,
} from '@sourcing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvents } from '../../test/events';
import { withProof } from '../../test/form-proof';
import { recordByReference } from '../../test/references';
import { smtpCapture, type CapturedMail, type SmtpCapture } from '../../test/smtp-capture';
import { call, jsonBody, sendJson, startTestServer, TEST_ADMIN, TEST_ENGINES, type TestServer } from '../../test/support';

const DESK = 'desk@sourcing.example';
const CONTACTS = `/api${ADMIN_LISTS.contacts.path}`;

interface MailAttachment {
  name: string;
  type: string;
  content: Buffer;
}

interface MailParts {
  from: string;
  to: string;
  subject: string;
  body: string;
  messageId?: string;
  inReplyTo?: string;
  references?: string;
  headers?: string[];
  /** Sent as multipart/mixed, the body first, each file base64-encoded. */
  attachments?: MailAttachment[];
}

const BOUNDARY = 'buyer-boundary';

/** A mail as a buyer's mail program writes it: plain text, or the text and its files. */
function mail(parts: MailParts): string {
  const text = ['Content-Type: text/plain; charset=utf-8', '', parts.body];
  const content = parts.attachments
    ? [
        `Content-Type: multipart/mixed; boundary="${BOUNDARY}"`,
        '',
        `--${BOUNDARY}`,
        ...text,
        ...parts.attachments.flatMap((file) => [
          `--${BOUNDARY}`,
          `Content-Type: ${file.type}; name="${file.name}"`,
          `Content-Disposition: attachment; filename="${file.name}"`,
          'Content-Transfer-Encoding: base64',
          '',
          file.content.toString('base64'),
        ]),
        `--${BOUNDARY}--`,
      ]
    : text;
  return [
    `From: ${parts.from}`,
    `To: ${parts.to}`,
    `Subject: ${parts.subject}`,
    `Date: Thu, 26 Nov 2026 10:00:00 +0000`,
    `Message-ID: ${parts.messageId ?? `<${randomUUID()}@buyer.example>`}`,
    ...(parts.inReplyTo ? [`In-Reply-To: ${parts.inReplyTo}`] : []),
    ...(parts.references ? [`References: ${parts.references}`] : []),
    ...(parts.headers ?? []),
    'MIME-Version: 1.0',
    ...content,
    '',
  ].join('\r\n');
}

describe.each(TEST_ENGINES)('answers come back into the record through the SMTP receiver, on %s', (engine) => {
  let smtp: SmtpCapture;
  let server: TestServer;
  let client: Transporter;

  beforeAll(async () => {
    smtp = await smtpCapture();
    server = await startTestServer({
      engine,
      env: {
        SMTP_URL: smtp.url,
        MAIL_POLL_MS: '50',
        MAIL_FROM: 'Sourcing <no-reply@sourcing.example>',
        REPLY_TO_ADDRESS: DESK,
        INBOUND_SMTP_PORT: '0',
        INBOUND_MAX_MB: '0.05',
      },
    });
    client = nodemailer.createTransport({ host: '127.0.0.1', port: server.inboundSmtpPort!, secure: false, ignoreTLS: true });
  });
  afterAll(async () => {
    client?.close();
    await server?.close();
    await smtp?.stop();
  });

  const admin = (method: string, path: string, body?: unknown) => sendJson(server, method, path, body, server.adminHeaders());

  /** Hands a raw mail to the receiver as a mail server would; resolves once it answered 250. */
  const deliver = (raw: string, to: string[] = [DESK], from = 'buyer@buyer.example') =>
    client.sendMail({ envelope: { from, to }, raw });

  /** A contact message from the form and a staff reply to it, both as the buyer received them. */
  async function threadWithReply(name: string) {
    const email = `${name.toLowerCase()}@buyer.example`;
    const before = smtp.received.length;
    const res = await call(server, '/api/contact', await withProof(server, jsonBody({ name, email, message: 'Basmati 1121?' })));
    expect(res.status).toBe(201);
    const { reference } = res.body as { reference: string };
    const id = (await recordByReference(server, 'contacts', reference))._id;
    await smtp.waitFor(before + 1);
    expect((await admin('POST', `${CONTACTS}/${id}/reply`, { message: '25 t ready in Kandla.' })).status).toBe(201);
    const reply: CapturedMail = (await smtp.waitFor(before + 2))[before + 1];
    const replyTo = (Array.isArray(reply.mail.replyTo) ? reply.mail.replyTo[0] : reply.mail.replyTo)!.value[0].address!;
    return { id, email, name, reference, reply, replyTo, messageId: reply.mail.messageId! };
  }

  const conversationOf = async (id: string) =>
    ((await admin('GET', `${CONTACTS}/${id}${CONVERSATION_SUFFIX}`)).body as Conversation).mails;
  const incomingOf = async (id: string) =>
    (await conversationOf(id)).filter((m): m is IncomingConversationMail => m.direction === 'in');
  const repliedIds = async () => ((await admin('GET', CONTACTS)).body as ListPage<unknown>).repliedIds ?? [];
  const timelineOf = async (id: string) => (await admin('GET', `${CONTACTS}/${id}/timeline`)).body as TimelineEntry[];
  const unmatched = async () => ((await admin('GET', '/api/admin/inbound')).body as UnmatchedMailPage).data;

  it('threads the buyer’s answer to its record by the Reply-To token, shows it both ways, pushes it live and marks it replied until read', async () => {
    const thread = await threadWithReply('Asha');
    const live = recordEvents(server);
    await live.reset();
    const answer = mail({
      from: `Asha Rao <${thread.email}>`,
      to: thread.replyTo,
      subject: `Re: ${thread.reference}`,
      inReplyTo: thread.messageId,
      references: thread.messageId,
      body: `Price is fine, send the contract.\n\nOn Thu, 26 Nov 2026, Sourcing wrote:\n> 25 t ready in Kandla.\n> Reference: ${thread.reference}`,
    });
    const sent = await deliver(answer, [thread.replyTo]);
    expect(sent.response).toMatch(/^250/);

    const mails = await conversationOf(thread.id);
    expect(mails.map((m) => [m.direction, m.subject])).toEqual([
      ['out', `We received your message — ${thread.reference}`],
      ['out', `Re: We received your message — ${thread.reference}`],
      ['in', `Re: ${thread.reference}`],
    ]);
    const [received] = await incomingOf(thread.id);
    expect(received).toMatchObject({
      kind: 'reply',
      from: { address: thread.email, name: 'Asha Rao' },
      fromOtherAddress: false,
      replyText: 'Price is fine, send the contract.',
      seen: false,
    });
    expect(received.text).toContain('> 25 t ready in Kandla.');
    expect((mails[1] as OutgoingConversationMail).text).toContain('25 t ready in Kandla.');

    expect(await repliedIds()).toContain(thread.id);
    expect((await timelineOf(thread.id)).at(-1)).toMatchObject({ type: 'answer', mail: 'reply', from: thread.email });
    const events = await live.settle();
    expect(events.map((e) => [e.summary.id, e.change?.type, e.change?.text])).toEqual([
      [thread.id, 'answer', `Reply from Asha Rao — ${thread.reference}`],
    ]);

    // Read by the record's owner (it has none: anyone), it is no longer "Customer replied".
    expect((await admin('POST', `${CONTACTS}/${thread.id}${CONVERSATION_SUFFIX}/seen`)).body).toEqual({ seen: 1 });
    expect(await repliedIds()).not.toContain(thread.id);
    expect((await incomingOf(thread.id))[0].seen).toBe(true);

    // The next staff reply answers the buyer's answer.
    const before = smtp.received.length;
    expect((await admin('POST', `${CONTACTS}/${thread.id}/reply`, { message: 'Contract attached.' })).status).toBe(201);
    const next = (await smtp.waitFor(before + 1))[before];
    expect(next.mail.inReplyTo).toBe(received && (await messageIdOf(received.id)));
  });

  const messageIdOf = async (inboundId: string) =>
    (await server.deps.db.all<{ messageId: string }>(`SELECT "messageId" FROM "inbound_mails" WHERE "id" = ?`, [inboundId]))[0]
      .messageId;

  it('makes its record unread again for its owner until they read it; only the conversation marks the answer seen', async () => {
    const thread = await threadWithReply('Tara');
    const version = ((await admin('GET', `${CONTACTS}/${thread.id}`)).body as { version: number }).version;
    expect((await admin('PATCH', `${CONTACTS}/${thread.id}`, { ownerId: TEST_ADMIN.id, version })).status).toBe(200);
    const unread = async () => ((await admin('GET', '/api/admin/unread')).body as UnreadCounts).contacts;
    const unreadIds = async () => ((await admin('GET', CONTACTS)).body as ListPage<unknown>).unreadIds ?? [];
    const read = async () => ((await admin('POST', `${CONTACTS}/${thread.id}/read`)).body as UnreadCounts).contacts;
    const answer = (body: string, headers: string[] = []) =>
      deliver(mail({ from: thread.email, to: thread.replyTo, subject: 'Re: rice', body, headers }), [thread.replyTo]);
    const before = await read();
    expect(await unreadIds()).not.toContain(thread.id);

    await answer('One more question.');
    expect(await unread()).toBe(before + 1);
    expect(await unreadIds()).toContain(thread.id);
    // Opening the record reads it, but leaves its answer for the Conversation card: still "Customer replied", still New.
    expect(await read()).toBe(before);
    expect(await unreadIds()).not.toContain(thread.id);
    expect(await repliedIds()).toContain(thread.id);
    expect((await incomingOf(thread.id)).map((m) => m.seen)).toEqual([false]);
    // An automatic reply does not count.
    await answer('Away until Monday.', ['Auto-Submitted: auto-replied']);
    expect(await unread()).toBe(before);

    // An answer while the record is open: the conversation card's seen reads the answer and the record.
    await answer('And the price?');
    expect(await unread()).toBe(before + 1);
    expect((await admin('POST', `${CONTACTS}/${thread.id}${CONVERSATION_SUFFIX}/seen`)).status).toBe(200);
    expect((await incomingOf(thread.id)).map((m) => m.seen)).toEqual([true, true, true]);
    expect(await unread()).toBe(before);
    expect(await unreadIds()).not.toContain(thread.id);
    expect(await repliedIds()).not.toContain(thread.id);

    // Marking the list read reads it too (the answer stays unseen), and an answer after that counts again.
    await answer('And the terms?');
    expect(await unread()).toBe(before + 1);
    expect(((await admin('POST', `${CONTACTS}/read-all`)).body as UnreadCounts).contacts).toBe(0);
    expect(await unreadIds()).not.toContain(thread.id);
    expect(await repliedIds()).toContain(thread.id);
    await answer('Hello?');
    expect(await unread()).toBe(1);
    expect(await unreadIds()).toEqual([thread.id]);
    expect(await read()).toBe(0);
    expect(await unreadIds()).toEqual([]);
  });

  it('stores a Message-ID once, whether it comes twice in a row or twice at once', async () => {
    const thread = await threadWithReply('Bilal');
    const answer = mail({ from: thread.email, to: thread.replyTo, subject: 'Re: order', body: 'Once only.' });
    await deliver(answer, [thread.replyTo]);
    await deliver(answer, [thread.replyTo]);
    const again = mail({ from: thread.email, to: thread.replyTo, subject: 'Re: order', body: 'Twice at once.' });
    await Promise.all([deliver(again, [thread.replyTo]), deliver(again, [thread.replyTo])]);
    expect((await incomingOf(thread.id)).map((m) => m.replyText)).toEqual(['Once only.', 'Twice at once.']);
  });

  it('threads by In-Reply-To when the token is missing, and by a reference in the subject only from the record’s own address', async () => {
    const thread = await threadWithReply('Chen');
    // To the desk's plain address (the buyer typed it), but answering our reply.
    await deliver(
      mail({ from: thread.email, to: DESK, subject: 'About the rice', inReplyTo: thread.messageId, body: 'By thread.' }),
    );
    // No References, no token: the reference in the subject, from the buyer's own address.
    await deliver(
      mail({
        from: thread.email.toUpperCase(),
        to: DESK,
        subject: `Question on ${thread.reference.toLowerCase()}`,
        body: 'By reference.',
      }),
    );
    // A stranger quoting the reference is not attached.
    await deliver(
      mail({ from: 'stranger@elsewhere.example', to: DESK, subject: `Re: ${thread.reference}`, body: 'Let me in.' }),
      [DESK],
      'stranger@elsewhere.example',
    );
    expect((await incomingOf(thread.id)).map((m) => m.replyText)).toEqual(['By thread.', 'By reference.']);
    const waiting = await unmatched();
    expect(waiting.find((m) => m.replyText === 'Let me in.')).toMatchObject({ from: { address: 'stranger@elsewhere.example' } });
  });

  it('attaches a token forwarded to another address, shown as from another address', async () => {
    const thread = await threadWithReply('Dara');
    await deliver(
      mail({ from: 'colleague@buyer-group.example', to: thread.replyTo, subject: 'Re: fwd', body: 'I handle this now.' }),
      [thread.replyTo],
    );
    const [received] = await incomingOf(thread.id);
    expect(received).toMatchObject({ replyText: 'I handle this now.', fromOtherAddress: true });
    expect((await timelineOf(thread.id)).at(-1)).toMatchObject({ type: 'answer', fromOtherAddress: true });
  });

  it('shows an automatic reply as such, never as the customer’s answer', async () => {
    const thread = await threadWithReply('Emre');
    const live = recordEvents(server);
    await live.reset();
    await deliver(
      mail({
        from: thread.email,
        to: thread.replyTo,
        subject: 'Out of office',
        headers: ['Auto-Submitted: auto-replied'],
        body: 'Back Monday.',
      }),
      [thread.replyTo],
    );
    await deliver(
      mail({ from: thread.email, to: thread.replyTo, subject: 'Re: rice', headers: ['Precedence: bulk'], body: 'List mail.' }),
      [thread.replyTo],
    );
    expect((await incomingOf(thread.id)).map((m) => m.kind)).toEqual(['auto-reply', 'auto-reply']);
    expect(await repliedIds()).not.toContain(thread.id);
    expect((await live.settle()).map((e) => e.change?.text)).toEqual([
      `Automatic reply from ${thread.email} — ${thread.reference}`,
      `Automatic reply from ${thread.email} — ${thread.reference}`,
    ]);
  });

  it('marks the mail a bounce reports on as bounced, with the reason', async () => {
    const thread = await threadWithReply('Farah');
    const boundary = 'report-boundary';
    const bounce = [
      'From: Mail Delivery System <mailer-daemon@mx.buyer.example>',
      `To: no-reply@sourcing.example`,
      'Subject: Undelivered Mail Returned to Sender',
      `Message-ID: <${randomUUID()}@mx.buyer.example>`,
      'MIME-Version: 1.0',
      `Content-Type: multipart/report; report-type=delivery-status; boundary="${boundary}"`,
      '',
      `--${boundary}`,
      'Content-Type: text/plain',
      '',
      'Your message could not be delivered.',
      `--${boundary}`,
      'Content-Type: message/delivery-status',
      '',
      'Reporting-MTA: dns; mx.buyer.example',
      '',
      `Final-Recipient: rfc822; ${thread.email}`,
      'Action: failed',
      'Status: 5.1.1',
      'Diagnostic-Code: smtp; 550 5.1.1 mailbox unavailable',
      `--${boundary}`,
      'Content-Type: text/rfc822-headers',
      '',
      `Message-ID: ${thread.messageId}`,
      `Subject: Re: ${thread.reference}`,
      `--${boundary}--`,
      '',
    ].join('\r\n');
    await deliver(bounce, [DESK], '');
    const mails = await conversationOf(thread.id);
    const reply = mails.find((m) => m.direction === 'out' && m.purpose === 'reply') as OutgoingConversationMail;
    expect(reply.bounce).toMatchObject({ reason: '550 5.1.1 mailbox unavailable' });
    expect(mails.at(-1)).toMatchObject({ direction: 'in', kind: 'bounce' });
    expect(await repliedIds()).not.toContain(thread.id);
  });

  it('keeps an attachment as a file of the record as form uploads are kept, refuses one that runs programs, and keeps the mail as it came', async () => {
    const thread = await threadWithReply('Gita');
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const raw = mail({
      from: thread.email,
      to: thread.replyTo,
      subject: 'Signed contract',
      body: 'Signed, see attached.',
      attachments: [
        { name: 'contract.pdf', type: 'application/pdf', content: pdf },
        { name: 'invoice.pdf.exe', type: 'application/octet-stream', content: Buffer.from('MZ not a pdf') },
        { name: 'notes.pdf', type: 'application/pdf', content: Buffer.from([0, 159, 146, 150, 0, 1, 2, 3]) },
      ],
    });
    await deliver(raw, [thread.replyTo]);
    const [received] = await incomingOf(thread.id);
    const [contract, runnable, fake] = received.attachments;
    expect(contract).toMatchObject({ name: 'contract.pdf', contentType: 'application/pdf', size: pdf.length });
    expect(contract.notKept).toBeUndefined();
    const file = await fetch(contract.url!);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(pdf);
    expect(runnable).toMatchObject({ name: 'invoice.pdf.exe', notKept: expect.stringContaining('can run programs') });
    expect(runnable.url).toBeUndefined();
    expect(fake).toMatchObject({ name: 'notes.pdf', notKept: 'The content of notes.pdf is not a PDF' });

    const link = (await admin('GET', `/api/admin/inbound/eml-link?mail=${received.id}`)).body as { url: string };
    const download = await fetch(link.url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toMatch(/^message\/rfc822/);
    expect(await download.text()).toBe(raw);
    // Without the signature or a token it is refused.
    expect((await fetch(link.url.replace(/sig=[^&]+/, 'sig=forged'))).status).toBe(401);

    // Erasing the record removes the kept file from the disk, and the mail with it.
    const storedName = new URL(contract.url!).pathname.split('/').pop()!;
    expect(existsSync(join(server.deps.config.uploadsDir, storedName))).toBe(true);
    expect((await admin('DELETE', `${CONTACTS}/${thread.id}`)).status).toBe(200);
    expect(existsSync(join(server.deps.config.uploadsDir, storedName))).toBe(false);
    expect(await server.deps.db.all(`SELECT "id" FROM "inbound_mails" WHERE "recordId" = ?`, [thread.id])).toEqual([]);
  });

  it('answers in the customer’s thread: their subject by default (or the one staff typed), copies, and the record’s files', async () => {
    const thread = await threadWithReply('Omar');
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    await deliver(
      mail({
        from: thread.email,
        to: thread.replyTo,
        subject: 'RE: Re: Shipment window for March',
        body: 'Draft contract attached.',
        attachments: [{ name: 'draft.pdf', type: 'application/pdf', content: pdf }],
      }),
      [thread.replyTo],
    );
    const conversation = (await admin('GET', `${CONTACTS}/${thread.id}${CONVERSATION_SUFFIX}`)).body as Conversation;
    expect(conversation.replySubject).toBe(`Re: Shipment window for March [${thread.reference}]`);
    const [answer] = await incomingOf(thread.id);
    const storedName = new URL(answer.attachments[0].url!).pathname.split('/').pop()!;

    const before = smtp.received.length;
    const sent = await admin('POST', `${CONTACTS}/${thread.id}/reply`, {
      message: 'Signed copy attached.',
      cc: ['Trade@Buyer-Group.example', thread.email],
      attachments: [storedName],
    });
    expect(sent.status).toBe(201);
    const reply = (await smtp.waitFor(before + 1))[before];
    expect(reply.mail.subject).toBe(`Re: Shipment window for March [${thread.reference}]`);
    expect(reply.envelope.to).toEqual([thread.email, 'Trade@buyer-group.example']);
    const ccOf = (Array.isArray(reply.mail.cc) ? reply.mail.cc : [reply.mail.cc]).flatMap((c) => c?.value.map((v) => v.address));
    expect(ccOf).toEqual(['Trade@buyer-group.example']);
    expect(reply.mail.attachments.map((a) => [a.filename, a.contentType, a.content.equals(pdf)])).toEqual([
      ['draft.pdf', 'application/pdf', true],
    ]);

    const typed = await admin('POST', `${CONTACTS}/${thread.id}/reply`, { message: 'Noted.', subject: 'Contract signed' });
    expect(typed.status).toBe(201);
    expect((await smtp.waitFor(before + 2))[before + 1].mail.subject).toBe('Contract signed');

    // A file of another record, or none at all, is refused; so is a copy to a blocked address.
    expect(
      await admin('POST', `${CONTACTS}/${thread.id}/reply`, {
        message: 'x',
        attachments: ['0f0e0d0c-0b0a-4908-8706-050403020100.pdf'],
      }),
    ).toMatchObject({
      status: 400,
      body: { error: 'Attach only files of this record' },
    });
    expect((await admin('POST', '/api/admin/block-list', { values: ['blocked.example'] })).status).toBeLessThan(300);
    expect(await admin('POST', `${CONTACTS}/${thread.id}/reply`, { message: 'x', cc: ['boss@blocked.example'] })).toMatchObject({
      status: 409,
      body: { error: 'boss@blocked.example is on the block list: take it off the list to copy it' },
    });
    expect(
      (await admin('POST', `${CONTACTS}/${thread.id}/reply`, { message: 'x', cc: ['a@x.example, b@y.example'] })).status,
    ).toBe(400);
  });

  it('serves an HTML answer as a page of its own that loads no remote image until asked, framed only by the admin', async () => {
    const thread = await threadWithReply('Pia');
    const boundary = 'alt-boundary';
    await deliver(
      [
        `From: ${thread.email}`,
        `To: ${thread.replyTo}`,
        'Subject: Formatted',
        `Message-ID: <${randomUUID()}@buyer.example>`,
        'MIME-Version: 1.0',
        `Content-Type: multipart/alternative; boundary="${boundary}"`,
        '',
        `--${boundary}`,
        'Content-Type: text/plain',
        '',
        'Plain words.',
        `--${boundary}`,
        'Content-Type: text/html; charset=utf-8',
        '',
        '<p>Rich <b>words</b><script>parent.stolen = 1</script></p><img src="https://tracker.example/open.gif" alt="t">',
        `--${boundary}--`,
        '',
      ].join('\r\n'),
      [thread.replyTo],
    );
    const [received] = await incomingOf(thread.id);
    expect(received.html).toBe('<p>Rich <b>words</b></p><img alt="t" data-src="https://tracker.example/open.gif" />');
    const page = async (images: '0' | '1') => {
      const { url } = (await admin('GET', `/api/admin/inbound/html-link?mail=${received.id}&images=${images}`)).body as {
        url: string;
      };
      const res = await fetch(url);
      return { url, res, text: await res.text(), policy: res.headers.get('content-security-policy') ?? '' };
    };
    const plain = await page('0');
    expect(plain.res.status).toBe(200);
    expect(plain.res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(plain.res.headers.get('x-frame-options')).toBeNull();
    expect(plain.policy).toContain('img-src data:;');
    expect(plain.policy).toContain('sandbox allow-popups allow-popups-to-escape-sandbox');
    expect(plain.policy).toContain("frame-ancestors 'self'");
    expect(plain.text).toContain('<p>Rich <b>words</b></p><img alt="t" data-src="https://tracker.example/open.gif" />');
    const withImages = await page('1');
    expect(withImages.policy).toContain('img-src data: https: http:;');
    expect(withImages.text).toContain('<img alt="t" src="https://tracker.example/open.gif" />');
    // The signature covers the choice: a link for no images cannot be turned into one with them.
    expect((await fetch(plain.url.replace('images=0', 'images=1'))).status).toBe(401);
  });

  it('ends a snooze when the customer answers, not when an automatic reply comes', async () => {
    const thread = await threadWithReply('Rafa');
    const until = new Date(Date.now() + 7 * 24 * 60 * 60_000).toISOString();
    expect((await admin('PUT', `${CONTACTS}/${thread.id}/snooze`, { until })).status).toBe(200);
    const listed = async () => ((await admin('GET', CONTACTS)).body as ListPage<{ _id: string }>).data.map((r) => r._id);
    expect(await listed()).not.toContain(thread.id);
    await deliver(
      mail({ from: thread.email, to: thread.replyTo, subject: 'Away', headers: ['Auto-Submitted: auto-replied'], body: 'Away.' }),
      [thread.replyTo],
    );
    expect(await listed()).not.toContain(thread.id);
    await deliver(mail({ from: thread.email, to: thread.replyTo, subject: 'Re: rice', body: 'Ready to order.' }), [
      thread.replyTo,
    ]);
    expect(await listed()).toContain(thread.id);
    const lines = (await timelineOf(thread.id)).slice(-3);
    expect(lines.map((e) => [e.type, 'why' in e ? e.why : 'mail' in e ? e.mail : null])).toEqual([
      ['answer', 'auto-reply'],
      ['answer', 'reply'],
      ['snooze-ended', 'reply'],
    ]);
  });

  it('keeps mail from a blocked address or domain as spam: on its record, but no answer (not unread, snooze kept, nothing live)', async () => {
    const thread = await threadWithReply('Ines');
    const version = ((await admin('GET', `${CONTACTS}/${thread.id}`)).body as { version: number }).version;
    expect((await admin('PATCH', `${CONTACTS}/${thread.id}`, { ownerId: TEST_ADMIN.id, version })).status).toBe(200);
    const until = new Date(Date.now() + 7 * 24 * 60 * 60_000).toISOString();
    expect((await admin('PUT', `${CONTACTS}/${thread.id}/snooze`, { until })).status).toBe(200);
    const unread = ((await admin('POST', `${CONTACTS}/${thread.id}/read`)).body as UnreadCounts).contacts;
    const linesBefore = (await timelineOf(thread.id)).length;
    // Blocked after the staff reply (a reply to a blocked address is refused); a domain covers its subdomains.
    const blocked = await admin('POST', '/api/admin/block-list', { values: [thread.email.toUpperCase(), 'junk-rice.example'] });
    expect(blocked.status).toBe(201);
    const live = recordEvents(server);
    await live.reset();

    await deliver(
      mail({
        from: `Ines <${thread.email}>`,
        to: thread.replyTo,
        subject: `Re: ${thread.reference}`,
        inReplyTo: thread.messageId,
        body: 'Buy cheap rice now.',
        attachments: [{ name: 'offer.txt', type: 'text/plain', content: Buffer.from('Cheap rice.') }],
      }),
      [thread.replyTo],
    );
    await deliver(
      mail({ from: 'sales@mail.junk-rice.example', to: DESK, subject: 'Cheap rice', body: 'Unmatched junk.' }),
      [DESK],
      'sales@mail.junk-rice.example',
    );

    const [kept] = await incomingOf(thread.id);
    expect(kept).toMatchObject({ kind: 'spam', replyText: 'Buy cheap rice now.' });
    expect(kept.attachments).toEqual([{ name: 'offer.txt', contentType: 'text/plain', size: 11 }]);
    expect(await repliedIds()).not.toContain(thread.id);
    expect(((await admin('GET', '/api/admin/unread')).body as UnreadCounts).contacts).toBe(unread);
    const listed = ((await admin('GET', CONTACTS)).body as ListPage<{ _id: string }>).data.map((r) => r._id);
    expect(listed).not.toContain(thread.id);
    expect(await timelineOf(thread.id)).toHaveLength(linesBefore);
    expect(await live.settle()).toEqual([]);
    expect((await unmatched()).find((m) => m.replyText === 'Unmatched junk.')).toMatchObject({ kind: 'spam' });
  });

  it('refuses mail for other mailboxes (no relaying) and mail over INBOUND_MAX_MB', async () => {
    await expect(
      deliver(mail({ from: 'a@x.example', to: 'ceo@sourcing.example', subject: 'x', body: 'x' }), ['ceo@sourcing.example']),
    ).rejects.toMatchObject({ responseCode: 550 });
    await expect(
      deliver(mail({ from: 'a@x.example', to: 'victim@elsewhere.example', subject: 'x', body: 'x' }), [
        'victim@elsewhere.example',
      ]),
    ).rejects.toMatchObject({ responseCode: 550 });
    const big = mail({ from: 'a@x.example', to: DESK, subject: 'big', body: 'x'.repeat(80_000) });
    await expect(deliver(big)).rejects.toMatchObject({ responseCode: 552 });
  });

  it('lets staff attach an unmatched mail to a record by its reference, or discard one', async () => {
    const thread = await threadWithReply('Hana');
    await deliver(
      mail({ from: 'hana.private@mail.example', to: DESK, subject: 'My other address', body: 'Same person, other mailbox.' }),
      [DESK],
      'hana.private@mail.example',
    );
    await deliver(
      mail({ from: 'spam@junk.example', to: DESK, subject: 'Cheap rice', body: 'Buy now.' }),
      [DESK],
      'spam@junk.example',
    );
    const waiting = await unmatched();
    const mine = waiting.find((m) => m.from.address === 'hana.private@mail.example')!;
    const junk = waiting.find((m) => m.from.address === 'spam@junk.example')!;

    expect((await admin('POST', `/api/admin/inbound/${mine.id}/attach`, { reference: 'INQ-000000' })).status).toBe(404);
    const attached = await admin('POST', `/api/admin/inbound/${mine.id}/attach`, { reference: thread.reference.toLowerCase() });
    expect(attached.body).toEqual({ message: `Attached to ${thread.reference}` });
    expect((await admin('POST', `/api/admin/inbound/${mine.id}/attach`, { reference: thread.reference })).status).toBe(409);
    expect(await incomingOf(thread.id)).toMatchObject([{ replyText: 'Same person, other mailbox.', fromOtherAddress: true }]);

    expect((await admin('POST', `/api/admin/inbound/${junk.id}/discard`)).status).toBe(200);
    expect((await unmatched()).map((m) => m.id)).not.toContain(junk.id);
    const [kept] = await server.deps.db.all<{ text: string; state: string }>(
      `SELECT "text", "state" FROM "inbound_mails" WHERE "id" = ?`,
      [junk.id],
    );
    expect(kept).toEqual({ text: '', state: 'discarded' });
    // The same mail coming again is still recognised, and not listed again.
    const audit = (await admin('GET', '/api/admin/audit?action=inbound-mail-attached')).body as { data: unknown[] };
    expect(audit.data.length).toBeGreaterThanOrEqual(1);
  });
});

describe.runIf(TEST_ENGINES.includes('postgres'))('two replicas receiving the same answers, on postgres', () => {
  let a: TestServer;
  let b: TestServer;
  const env = { REPLY_TO_ADDRESS: DESK, INBOUND_SMTP_PORT: '0', MAIL_POLL_MS: '50' };

  beforeAll(async () => {
    a = await startTestServer({ engine: 'postgres', env });
    b = await startTestServer({ engine: 'postgres', env, sameDatabaseAs: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('stores each Message-ID once when both replicas get it at once, and the other replica hears of it live', async () => {
    const res = await call(
      a,
      '/api/contact',
      await withProof(a, jsonBody({ name: 'Jun', email: 'jun@buyer.example', message: 'Rice?' })),
    );
    const { reference } = res.body as { reference: string };
    const id = (await recordByReference(a, 'contacts', reference))._id;
    const live = recordEvents(a);
    await live.reset();
    const clients = [a, b].map((server) =>
      nodemailer.createTransport({ host: '127.0.0.1', port: server.inboundSmtpPort!, secure: false, ignoreTLS: true }),
    );
    const answers = Array.from({ length: 10 }, (_, i) =>
      mail({ from: 'jun@buyer.example', to: DESK, subject: `Re: ${reference}`, body: `Answer ${i}.` }),
    );
    // Every answer to both replicas at once, as two MX hosts or a retrying relay would deliver it.
    await Promise.all(
      answers.flatMap((raw) =>
        clients.map((client) => client.sendMail({ envelope: { from: 'jun@buyer.example', to: [DESK] }, raw })),
      ),
    );
    for (const client of clients) client.close();
    const rows = await a.deps.db.all<{ replyText: string }>(`SELECT "replyText" FROM "inbound_mails" WHERE "recordId" = ?`, [id]);
    expect(rows.map((r) => r.replyText).sort()).toEqual(answers.map((_, i) => `Answer ${i}.`).sort());
    const events = await live.settle();
    expect(events.filter((e) => e.change?.type === 'answer')).toHaveLength(10);
  });
});
