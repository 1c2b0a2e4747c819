/** docs/admin.md#assignment: a staff member given records by someone else is told by e-mail. */
import {
  ADMIN_LISTS,
  RECORD_DEFINITIONS,
  type Assignee,
  type DeskListName,
  type OutboxMailSummary,
  type TimelineEntry,
} from '@sourcing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordRow, seedRows } from '../../test/factories';
import { smtpCapture, type SmtpCapture } from '../../test/smtp-capture';
import { createStaffAccount } from '../../test/staff';
import { call, sendJson, startTestServer, TEST_ENGINES, type TestServer } from '../../test/support';

const SITE = 'https://sourcing.example';

describe.each(TEST_ENGINES)('assignment mails on %s', (engine) => {
  let smtp: SmtpCapture;
  let server: TestServer;
  let ana: Assignee;
  let bob: Assignee;
  const as = (admin: Assignee) => ({ Authorization: `Bearer ${server.deps.tokens.sign(admin)}` });
  const send = (admin: Assignee, method: string, path: string, body: unknown) => sendJson(server, method, path, body, as(admin));
  const path = (list: DeskListName) => `/api${ADMIN_LISTS[list].path}`;
  const seed = async (list: DeskListName, names: string[]) => {
    const titled = (name: string) => ({ [RECORD_DEFINITIONS[list].title]: name });
    const rows = names.map((name) => recordRow(list, new Date('2026-11-20T10:00:00Z'), titled(name)));
    await seedRows(server.deps.db, list, rows);
    return rows as unknown as { id: string; reference: string }[];
  };
  /** The mail delivered with this subject, once it arrived. */
  const delivered = async (subject: string) => {
    await expect.poll(() => smtp.received.filter((m) => m.mail.subject === subject).length, { timeout: 10_000 }).toBe(1);
    return smtp.received.find((m) => m.mail.subject === subject)!;
  };
  const assignmentMails = async () =>
    ((await call(server, '/api/admin/outbox', { headers: server.adminHeaders() })).body.data as OutboxMailSummary[]).filter(
      (mail) => mail.purpose === 'assignment',
    );

  beforeAll(async () => {
    smtp = await smtpCapture();
    server = await startTestServer({ engine, env: { SMTP_URL: smtp.url, PUBLIC_URL: SITE, MAIL_POLL_MS: '20' } });
    const made = await Promise.all(['ana@example.com', 'bob@example.com'].map((e) => createStaffAccount(server, 'agent', e)));
    [ana, bob] = made.map(({ id, email }) => ({ id, email, name: email }));
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.stop();
  });

  it('one record given by a colleague: a mail to the new owner naming it, with its link, on its timeline', async () => {
    const [record] = await seed('inquiries', ['Asha Rao']);
    const res = await send(ana, 'PATCH', `${path('inquiries')}/${record.id}`, { version: 1, ownerId: bob.id });
    expect(res.status).toBe(200);

    const { envelope, mail } = await delivered(`Assigned to you — Asha Rao (${record.reference})`);
    expect(envelope.to).toEqual(['bob@example.com']);
    const link = `${SITE}/admin/inquiries/${record.id}`;
    expect(mail.text).toContain(`ana@example.com assigned you the buyer inquiry ${record.reference} from Asha Rao.`);
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);

    const timeline = (await call(server, `${path('inquiries')}/${record.id}/timeline`, { headers: as(ana) }))
      .body as TimelineEntry[];
    expect(timeline).toContainEqual(
      expect.objectContaining({
        type: 'mail',
        purpose: 'assignment',
        to: ['bob@example.com'],
        actor: expect.objectContaining({ id: ana.id }),
      }),
    );
  });

  it('taking a record oneself, unassigning it or changing only its status sends nothing', async () => {
    const [record] = await seed('contacts', ['Ben Ode']);
    const before = (await assignmentMails()).length;
    expect((await send(bob, 'PATCH', `${path('contacts')}/${record.id}`, { version: 1, ownerId: bob.id })).status).toBe(200);
    expect((await send(ana, 'PATCH', `${path('contacts')}/${record.id}`, { version: 2, status: 'Answered' })).status).toBe(200);
    expect((await send(ana, 'PATCH', `${path('contacts')}/${record.id}`, { version: 3, ownerId: null })).status).toBe(200);
    expect(await assignmentMails()).toHaveLength(before);

    // Given back by a colleague, it is told.
    expect((await send(ana, 'PATCH', `${path('contacts')}/${record.id}`, { version: 4, ownerId: bob.id })).status).toBe(200);
    expect(await assignmentMails()).toHaveLength(before + 1);
  });

  it('several records at once: one mail listing their references and links, without the senders’ names', async () => {
    const records = await seed('supplierInquiries', ['Cara Lim', 'Dev Patel', 'Eve Moss']);
    const before = (await assignmentMails()).length;
    const res = await send(ana, 'POST', `${path('supplierInquiries')}/bulk`, {
      records: records.map(({ id }) => ({ id, version: 1 })),
      ownerId: bob.id,
    });
    expect(res.status).toBe(200);

    const queued = await assignmentMails();
    expect(queued).toHaveLength(before + 1);
    expect(queued.find((m) => m.subject === '3 supplier offers assigned to you')).toMatchObject({
      recordKind: null,
      recordId: null,
      recipients: ['bob@example.com'],
    });
    const { envelope, mail, raw } = await delivered('3 supplier offers assigned to you');
    expect(envelope.to).toEqual(['bob@example.com']);
    for (const record of records) {
      expect(mail.text).toContain(`Supplier offer ${record.reference}: ${SITE}/admin/supplier-inquiries/${record.id}`);
    }
    for (const name of ['Cara Lim', 'Dev Patel', 'Eve Moss']) expect(raw.toString()).not.toContain(name);
  });
});
