import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  ADMIN_LISTS,
  CONVERSATION_SUFFIX,
  REPLY_FILES_FIELD,
  type AuditPage,
  type Conversation,
  type DeskListName,
  type OutgoingConversationMail,
  type TimelineEntry,
} from '@sourcing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminRow } from '../auth/schema';
import { recordEvents } from '../test/events';
import { recordRow, seedRows } from '../test/factories';
import { filesOnDisk, multipart, type UploadPart } from '../test/forms';
import { pdf, png } from '../test/sample-files';
import { smtpCapture, type SmtpCapture } from '../test/smtp-capture';
import { createStaffAccount, headersOf } from '../test/staff';
import { call, sendJson, startTestServer, TEST_ENGINES, type TestServer } from '../test/support';

describe.each(TEST_ENGINES)('a reply from a record on %s', (engine) => {
  let server: TestServer;
  let agent: AdminRow;
  const path = (list: DeskListName, id: string) => `/api${ADMIN_LISTS[list].path}/${id}`;
  const reply = (list: DeskListName, id: string) =>
    call(server, `${path(list, id)}/reply`, {
      method: 'POST',
      headers: { ...headersOf(server, agent), 'Content-Type': 'application/json' },
      body: JSON.stringify({ message: 'Yes, 25 t ready in Kandla.' }),
    });
  const read = async (list: DeskListName, id: string) =>
    (await call(server, path(list, id), { headers: server.adminHeaders() })).body as { status: string; version: number };
  const timeline = async (list: DeskListName, id: string) =>
    ((await call(server, `${path(list, id)}/timeline`, { headers: server.adminHeaders() })).body as TimelineEntry[]).map(
      (entry) => (entry.type === 'status' ? `status ${entry.from} → ${entry.to} by ${entry.actor?.email}` : entry.type),
    );
  const trail = async (id: string) =>
    ((await call(server, `/api/admin/audit?subjectId=${id}`, { headers: server.adminHeaders() })).body as AuditPage).data
      .reverse()
      .map((entry) => [entry.action, entry.actorEmail, entry.details.summary]);

  async function seed<N extends DeskListName>(list: N, status?: string): Promise<string> {
    const row = recordRow(list, new Date('2026-03-01T10:00:00Z'), (status ? { status } : {}) as never);
    await seedRows(server.deps.db, list, [row]);
    return row.id;
  }

  beforeAll(async () => {
    server = await startTestServer({ engine });
    agent = await createStaffAccount(server, 'agent');
  });
  afterAll(() => server?.close());

  it('answers an open contact message: Answered, a timeline line and an audit entry by the replier, announced', async () => {
    const id = await seed('contacts');
    const events = recordEvents(server);
    await events.reset();
    expect((await reply('contacts', id)).status).toBe(201);

    expect(await read('contacts', id)).toMatchObject({ status: 'Answered', version: 2 });
    expect(await timeline('contacts', id)).toEqual(['received', 'mail', `status Open → Answered by ${agent.email}`]);
    expect(await trail(id)).toEqual([
      ['record-replied', agent.email, 'e-mail reply queued'],
      ['record-changed', agent.email, 'status Open → Answered'],
    ]);
    const changes = (await events.settle()).filter((event) => event.summary.id === id).map((event) => event.change);
    expect(changes).toEqual([
      expect.objectContaining({ type: 'mail', status: 'Open' }),
      expect.objectContaining({ type: 'status', status: 'Answered', version: 2, from: { status: 'Open', ownerId: null } }),
    ]);

    // Answered already: another reply changes no status.
    expect((await reply('contacts', id)).status).toBe(201);
    expect(await read('contacts', id)).toMatchObject({ status: 'Answered', version: 2 });
    expect(await timeline('contacts', id)).toEqual(['received', 'mail', `status Open → Answered by ${agent.email}`, 'mail']);
  });

  it('leaves a contact message marked Spam, and the status of the kinds a reply does not answer, as they are', async () => {
    const spam = await seed('contacts', 'Spam');
    expect((await reply('contacts', spam)).status).toBe(201);
    expect(await read('contacts', spam)).toMatchObject({ status: 'Spam', version: 1 });

    const inquiry = await seed('inquiries');
    expect((await reply('inquiries', inquiry)).status).toBe(201);
    expect(await read('inquiries', inquiry)).toMatchObject({ status: 'New', version: 1 });
    expect(await timeline('inquiries', inquiry)).toEqual(['received', 'mail']);
  });

  it('keeps the first reply as the record’s first response: when and by whom; later replies change neither', async () => {
    const id = await seed('inquiries');
    const responded = async () => {
      const record = (await call(server, path('inquiries', id), { headers: server.adminHeaders() })).body as {
        firstResponseAt: string | null;
        firstResponderId: string | null;
      };
      return { at: record.firstResponseAt, by: record.firstResponderId };
    };
    expect(await responded()).toEqual({ at: null, by: null });

    expect((await reply('inquiries', id)).status).toBe(201);
    const first = await responded();
    expect(first.by).toBe(agent.id);
    expect(Date.parse(first.at!)).toBeGreaterThan(Date.parse('2026-03-01T10:00:00Z'));

    const second = await call(server, `${path('inquiries', id)}/reply`, {
      method: 'POST',
      headers: { ...server.adminHeaders(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ message: 'And 10 t more next month.' }),
    });
    expect(second.status).toBe(201);
    expect(await responded()).toEqual(first);
  });

  it('is refused to a viewer, and changes nothing', async () => {
    const id = await seed('contacts');
    const viewer = await createStaffAccount(server, 'viewer');
    const refused = await call(server, `${path('contacts', id)}/reply`, {
      method: 'POST',
      headers: { ...headersOf(server, viewer), 'Content-Type': 'application/json' },
      body: JSON.stringify({ message: 'Hello' }),
    });
    expect(refused.status).toBe(403);
    expect(await read('contacts', id)).toMatchObject({ status: 'Open', version: 1 });
  });
});

describe.each(TEST_ENGINES)('a reply with new files from the staff member’s computer on %s', (engine) => {
  let smtp: SmtpCapture;
  let server: TestServer;
  let agent: AdminRow;
  const path = (id: string) => `/api${ADMIN_LISTS.contacts.path}/${id}`;
  /** A multipart reply: its fields (lists as `name[]`) and new files under REPLY_FILES_FIELD. */
  const replyWith = (id: string, fields: Record<string, string>, files: UploadPart[]) =>
    call(server, `${path(id)}/reply`, {
      method: 'POST',
      headers: headersOf(server, agent),
      body: multipart(fields, REPLY_FILES_FIELD, files),
    });
  const admin = (method: string, url: string, body?: unknown) => sendJson(server, method, url, body, server.adminHeaders());
  const recordFiles = (id: string) =>
    server.deps.db.all<{ storedName: string; originalName: string; mimeType: string }>(
      'SELECT "storedName", "originalName", "mimeType" FROM "uploaded_files" WHERE "recordId" = ? ORDER BY "originalName"',
      [id],
    );
  const mailsOf = async (id: string) =>
    (await server.deps.db.all<{ id: string }>('SELECT "id" FROM "mail_outbox" WHERE "recordId" = ?', [id])).length;

  async function seed(): Promise<string> {
    const row = recordRow('contacts', new Date('2026-03-01T10:00:00Z'));
    await seedRows(server.deps.db, 'contacts', [row]);
    return row.id;
  }

  beforeAll(async () => {
    smtp = await smtpCapture();
    server = await startTestServer({ engine, env: { SMTP_URL: smtp.url, MAIL_POLL_MS: '50' } });
    agent = await createStaffAccount(server, 'agent');
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.stop();
  });

  it('sends them with the mail, keeps them as files of the record (listed, sent again by name, erased with it), on the timeline and in the audit', async () => {
    const id = await seed();
    const prices = { name: 'price list.pdf', bytes: pdf(), type: 'application/pdf' };
    const photo = { name: 'sample', bytes: png() }; // no extension: its content tells it is a PNG
    const before = smtp.received.length;
    const sent = await replyWith(id, { message: 'Our prices, and the sample.', 'cc[]': 'trade@buyer.example' }, [prices, photo]);
    expect(sent.status).toBe(201);

    // The mail as the customer got it carries both files, byte for byte.
    const mail = (await smtp.waitFor(before + 1))[before].mail;
    expect(mail.text).toContain('Our prices, and the sample.');
    expect(
      mail.attachments.map((a) => [a.filename, a.contentType, a.content.equals(a.filename === 'sample.png' ? png() : pdf())]),
    ).toEqual([
      ['price list.pdf', 'application/pdf', true],
      ['sample.png', 'image/png', true],
    ]);

    // They are the record's files now: in the index, listed with the reply in the conversation, opened by their links.
    const kept = await recordFiles(id);
    expect(kept.map((f) => [f.originalName, f.mimeType])).toEqual([
      ['price list.pdf', 'application/pdf'],
      ['sample', 'image/png'],
    ]);
    const conversation = (await admin('GET', `${path(id)}${CONVERSATION_SUFFIX}`)).body as Conversation;
    const reply = conversation.mails.find((m): m is OutgoingConversationMail => m.direction === 'out' && m.purpose === 'reply')!;
    expect(reply.attachments.map((a) => [a.name, a.size])).toEqual([
      ['price list.pdf', pdf().length],
      ['sample', png().length],
    ]);
    const opened = await fetch(reply.attachments[0].url);
    expect(opened.status).toBe(200);
    expect(Buffer.from(await opened.arrayBuffer()).equals(pdf())).toBe(true);

    // The timeline line of the reply names its files; the audit entry says files were added (by stored name).
    const timeline = (await admin('GET', `${path(id)}/timeline`)).body as TimelineEntry[];
    expect(timeline.at(-2)).toMatchObject({ type: 'mail', purpose: 'reply', files: ['price list.pdf', 'sample.png'] });
    const audit = ((await admin('GET', `/api/admin/audit?subjectId=${id}`)).body as AuditPage).data.find(
      (entry) => entry.action === 'record-replied',
    )!;
    expect(audit.details).toMatchObject({
      summary: 'e-mail reply queued with 2 new files added to the record',
      filesAdded: kept.map((f) => f.storedName), // in the order sent, as the index lists them by name
    });

    // A later reply sends one again by its stored name, like any file of the record.
    const again = await admin('POST', `${path(id)}/reply`, { message: 'Prices again.', attachments: [kept[0].storedName] });
    expect(again.status).toBe(201);
    expect((await smtp.waitFor(before + 2))[before + 1].mail.attachments.map((a) => a.filename)).toEqual(['price list.pdf']);

    // Erasing the record erases them from the disk.
    const onDisk = (name: string) => existsSync(join(server.deps.config.uploadsDir, name));
    expect(kept.every((f) => onDisk(f.storedName))).toBe(true);
    expect((await admin('DELETE', path(id))).status).toBe(200);
    expect(kept.some((f) => onDisk(f.storedName))).toBe(false);
  });

  it('refuses a file that runs programs, or whose content is not what its name says, or one too many: nothing kept, nothing sent', async () => {
    const id = await seed();
    const stored = filesOnDisk(server).stored.length;
    const refused = async (files: UploadPart[], fields: Record<string, string> = {}) => {
      const res = await replyWith(id, { message: 'Contract attached.', ...fields }, files);
      return [res.status, (res.body as { fields?: Record<string, string> }).fields?.[REPLY_FILES_FIELD]];
    };
    expect(
      await refused([
        { name: 'contract.pdf', bytes: pdf() },
        { name: 'setup.exe', bytes: Buffer.from('MZ') },
      ]),
    ).toEqual([415, expect.stringContaining('setup.exe cannot be sent: .exe files can run programs')]);
    expect(await refused([{ name: 'notes.pdf', bytes: Buffer.from([0, 159, 146, 150, 0, 1, 2, 3]) }])).toEqual([
      415,
      'The content of notes.pdf is not a PDF',
    ]);
    const ten = Array.from({ length: 10 }, (_, i) => ({ name: `p${i}.png`, bytes: png() }));
    const [status] = await refused(ten.slice(0, 1));
    expect(status).toBe(201);
    const [first] = await recordFiles(id);
    expect(await refused(ten, { 'attachments[]': first.storedName })).toEqual([400, 'Attach at most 10 files']);

    // Only the one reply that went through left a mail and a file.
    expect(await mailsOf(id)).toBe(1);
    expect((await recordFiles(id)).map((f) => f.originalName)).toEqual(['p0.png']);
    expect(filesOnDisk(server)).toEqual({ stored: expect.any(Array), incoming: [] });
    expect(filesOnDisk(server).stored).toHaveLength(stored + 1);
  });
});
