import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN_LISTS, AUDIT_ACTIONS, type AuditEntry, type AuditPage, type DeskListName } from '@sourcing/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AdminRow } from '../auth/schema';
import { queueMail } from '../mail/outbox';
import { OUTBOX, type OutboxRow } from '../mail/outbox-entity';
import { recordRow, seedRows } from '../test/factories';
import { createStaffAccount, headersOf, signIn, STAFF_PASSWORD } from '../test/staff';
import { call, jsonBody, REPO_ROOT, startTestServer, TEST_ADMIN, TEST_ENGINES, type TestServer } from '../test/support';
import { CLI_ACTOR } from './audit';

const API_SOURCE = join(REPO_ROOT, 'api/src');

describe('the declared audit actions', () => {
  it('are each written somewhere in the API (the Audit page offers every one as a filter)', () => {
    const sources = readdirSync(API_SOURCE, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.startsWith('test'))
      .map((file) => readFileSync(join(API_SOURCE, file), 'utf8'))
      .join('\n');
    expect(AUDIT_ACTIONS.filter((action) => !sources.includes(`'${action}'`))).toEqual([]);
  });
});

describe.each(TEST_ENGINES)('audit trail on %s', (engine) => {
  let server: TestServer;
  /** The real time, unless a test sets one. */
  let clock: Date | null = null;
  beforeAll(async () => {
    server = await startTestServer({ engine, now: () => clock ?? new Date() });
  });
  afterAll(() => server?.close());

  const audit = async (query = '') =>
    (await call(server, `/api/admin/audit${query}`, { headers: server.adminHeaders() })).body as AuditPage;
  const latest = async (query = '') => (await audit(`?limit=1${query}`)).data[0];

  it('records sign-ins and failed sign-ins, with the e-mail typed and the address', async () => {
    const agent = await createStaffAccount(server, 'agent');
    await signIn(server, agent.email);
    expect(await latest('&action=sign-in')).toMatchObject({
      actorId: agent.id,
      actorEmail: agent.email,
      details: { address: expect.any(String) },
    });
    await call(server, '/api/admin/login', jsonBody({ email: agent.email, password: `${STAFF_PASSWORD}-wrong` }));
    expect(await latest('&action=sign-in-failed')).toMatchObject({ actorId: agent.id, actorEmail: agent.email });
    await call(server, '/api/admin/login', jsonBody({ email: 'nobody@example.com', password: 'whatever-it-is' }));
    expect(await latest('&action=sign-in-failed')).toMatchObject({ actorId: null, actorEmail: 'nobody@example.com' });
  });

  it('records who exported which list with which filters, and that there was a search but not its words (they may name a person)', async () => {
    const viewer = await createStaffAccount(server, 'viewer');
    const session = await signIn(server, viewer.email);
    const exported = await call(server, '/api/contact/export.csv?q=Asha%20Rao&sort=oldest', { headers: session.headers });
    expect(exported.status).toBe(200);
    const entry = await latest('&action=export');
    expect(entry).toMatchObject({
      actorEmail: viewer.email,
      subjectKind: 'contact',
      details: { list: 'contacts', filters: { search: true, since: null, sort: 'oldest' } },
    });
    expect(JSON.stringify(entry)).not.toContain('Asha');
  });

  describe('every change staff make', () => {
    let agent: AdminRow;
    /** Each request a second after the last (in the past, so the other tests' newest entries stay newest): one order to expect. */
    let second = 0;
    const tick = () => (clock = new Date(Date.UTC(2020, 0, 1) + ++second * 1000));
    afterEach(() => {
      clock = null;
    });
    const send = (who: Pick<AdminRow, 'id' | 'email'>, method: string, path: string, body?: unknown) => {
      tick();
      return call(server, `/api${path}`, {
        method,
        headers: { ...headersOf(server, who), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    };
    const pathOf = (list: DeskListName, id: string) => `${ADMIN_LISTS[list].path}/${id}`;
    async function seed<N extends DeskListName>(list: N, n = 1) {
      const rows = Array.from({ length: n }, () => recordRow(list, new Date()));
      await seedRows(server.deps.db, list, rows);
      return rows;
    }
    /** A record's (or mail's) entries, oldest first. */
    const trail = async (subjectId: string) => (await audit(`?subjectId=${subjectId}`)).data.reverse();

    beforeAll(async () => {
      agent = await createStaffAccount(server, 'agent', `audited-agent-${engine}@example.com`);
    });

    it('records status and owner changes, alone and in bulk, with who, which record and what changed', async () => {
      const [inquiry] = await seed('inquiries');
      const by = { actorId: agent.id, actorEmail: agent.email, subjectKind: 'inquiry', subjectId: inquiry.id };
      expect((await send(agent, 'PATCH', pathOf('inquiries', inquiry.id), { version: 1, status: 'Quoted' })).status).toBe(200);
      expect((await send(agent, 'PATCH', pathOf('inquiries', inquiry.id), { version: 2, ownerId: agent.id })).status).toBe(200);
      const both = { version: 3, status: 'Won', reason: 'Best price', ownerId: TEST_ADMIN.id };
      expect((await send(agent, 'PATCH', pathOf('inquiries', inquiry.id), both)).status).toBe(200);
      expect((await send(agent, 'PATCH', pathOf('inquiries', inquiry.id), { version: 4, ownerId: null })).status).toBe(200);
      // Already so: nothing changed, nothing written.
      expect(
        (await send(agent, 'PATCH', pathOf('inquiries', inquiry.id), { version: 5, status: 'Won', reason: 'Best price' })).status,
      ).toBe(200);
      // A stale version is refused (409): nothing written either.
      expect(
        (await send(agent, 'PATCH', pathOf('inquiries', inquiry.id), { version: 1, status: 'Lost', reason: 'Other' })).status,
      ).toBe(409);
      expect(await trail(inquiry.id)).toEqual([
        expect.objectContaining({
          ...by,
          action: 'record-changed',
          details: { summary: 'status New → Quoted', address: expect.any(String) },
        }),
        expect.objectContaining({ ...by, details: expect.objectContaining({ summary: `owner → ${agent.email}` }) }),
        expect.objectContaining({
          ...by,
          details: expect.objectContaining({
            summary: `status Quoted → Won (Best price); owner ${agent.email} → ${TEST_ADMIN.email}`,
          }),
        }),
        expect.objectContaining({ ...by, details: expect.objectContaining({ summary: `owner ${TEST_ADMIN.email} → none` }) }),
      ]);

      const offers = await seed('supplierInquiries', 2);
      const bulk = await send(agent, 'POST', `${ADMIN_LISTS.supplierInquiries.path}/bulk`, {
        records: offers.map(({ id }) => ({ id, version: 1 })),
        status: 'Reviewing',
      });
      expect(bulk.status, bulk.text).toBe(200);
      for (const offer of offers) {
        expect(await trail(offer.id)).toMatchObject([
          {
            action: 'record-changed',
            actorEmail: agent.email,
            subjectKind: 'supplierInquiry',
            details: { summary: 'status New → Reviewing', bulk: true },
          },
        ]);
      }
    });

    it("records notes, links, replies and mail retries without the record's data", async () => {
      const [inquiry] = await seed('inquiries');
      const [offer] = await seed('supplierInquiries');
      const on = { actorId: agent.id, actorEmail: agent.email, subjectKind: 'inquiry', subjectId: inquiry.id };
      const note = 'Called Mr Secretive on +44 20 7946 0000';
      expect((await send(agent, 'POST', `${pathOf('inquiries', inquiry.id)}/notes`, { text: note })).status).toBe(201);
      expect((await send(agent, 'POST', `${pathOf('inquiries', inquiry.id)}/links`, { id: offer.id })).status).toBe(201);
      expect((await send(agent, 'DELETE', `${pathOf('inquiries', inquiry.id)}/links/${offer.id}`)).status).toBe(200);
      const reply = 'Dear buyer, our best price is in the attachment';
      expect((await send(agent, 'POST', `${pathOf('inquiries', inquiry.id)}/reply`, { message: reply })).status).toBe(201);
      const other = { kind: 'supplierInquiry', id: offer.id };
      const entries = await trail(inquiry.id);
      expect(entries).toEqual([
        expect.objectContaining({
          ...on,
          action: 'record-note-added',
          details: expect.objectContaining({ summary: 'note added' }),
        }),
        expect.objectContaining({
          ...on,
          action: 'record-linked',
          details: expect.objectContaining({ summary: `linked to ${offer.reference}`, other }),
        }),
        expect.objectContaining({
          ...on,
          action: 'record-unlinked',
          details: expect.objectContaining({ summary: `unlinked from ${offer.reference}`, other }),
        }),
        expect.objectContaining({
          ...on,
          action: 'record-replied',
          details: expect.objectContaining({ summary: 'e-mail reply queued', mailId: expect.any(String) }),
        }),
      ]);
      const written = JSON.stringify(entries);
      for (const value of [note, reply, inquiry.fullName, inquiry.email, inquiry.companyName])
        expect(written).not.toContain(value);

      // A failed mail sent again by an owner (made failed in the transaction that queues it, before the worker sees it).
      const mailId = await server.deps.db.transaction(async (tx) => {
        const { id } = await queueMail(tx, new Date(), 'reply', {
          from: 'desk@example.com',
          to: ['nobody@example.com'],
          subject: 'Re: something',
          text: 'x',
          html: '<p>x</p>',
        });
        await tx.manager.getRepository<OutboxRow>(OUTBOX).update({ id }, { state: 'failed', lastError: 'refused' });
        return id;
      });
      const retried = await send(TEST_ADMIN, 'POST', `/admin/outbox/${mailId}/retry`);
      expect(retried.status, retried.text).toBe(200);
      // No longer failed: refused, and not written again.
      const again = await send(TEST_ADMIN, 'POST', `/admin/outbox/${mailId}/retry`);
      expect(again.status).toBe(409);
      expect(await trail(mailId)).toEqual([
        expect.objectContaining({
          action: 'mail-retried',
          actorId: TEST_ADMIN.id,
          actorEmail: TEST_ADMIN.email,
          subjectKind: 'mail',
          details: expect.objectContaining({ summary: 'reply mail queued again', purpose: 'reply', record: null }),
        }),
      ]);
    });
  });

  it('pages newest first and filters by action, actor, subject and time', async () => {
    const at = (iso: string) => new Date(iso);
    for (let i = 0; i < 5; i += 1) {
      clock = at(`2030-01-0${i + 1}T00:00:00Z`);
      await server.deps.audit({ id: null, email: `pager${i}@example.com` }, 'staff-created', { kind: 'staff', id: `page-${i}` });
    }
    await server.deps.audit(CLI_ACTOR, 'staff-password-reset', { kind: 'staff', id: 'page-cli' });
    clock = null;
    const first = await audit('?actor=PAGER&limit=2');
    expect(first.data.map((e) => e.actorEmail)).toEqual(['pager4@example.com', 'pager3@example.com']);
    const second = await audit(`?actor=pager&limit=2&cursor=${first.nextCursor}`);
    expect(second.data.map((e) => e.actorEmail)).toEqual(['pager2@example.com', 'pager1@example.com']);
    const third = await audit(`?actor=pager&limit=2&cursor=${second.nextCursor}`);
    expect(third).toMatchObject({ data: [{ actorEmail: 'pager0@example.com' }], nextCursor: null });

    const window = await audit('?from=2030-01-02T00:00:00Z&to=2030-01-03T00:00:00Z&action=staff-created');
    expect(window.data.map((e: AuditEntry) => e.subjectId)).toEqual(['page-2', 'page-1']);
    expect((await audit('?subjectKind=staff&subjectId=page-cli')).data).toMatchObject([{ actorEmail: 'cli', actorId: null }]);
    expect((await call(server, '/api/admin/audit?action=frobnicated', { headers: server.adminHeaders() })).status).toBe(400);
    expect((await call(server, '/api/admin/audit?cursor=not-ours', { headers: server.adminHeaders() })).status).toBe(400);
    expect((await call(server, '/api/admin/audit?actor=100%25', { headers: server.adminHeaders() })).body.data).toEqual([]);
  });

  it('lists the entries of one millisecond in the order they were written, across pages too', async () => {
    clock = new Date('2019-05-01T09:00:00Z');
    const written = Array.from({ length: 12 }, (_, i) => `step ${i}`);
    for (const summary of written)
      await server.deps.audit(CLI_ACTOR, 'record-changed', { kind: 'contact', id: 'one-ms' }, { summary });
    clock = null;
    const summaries = async (query: string) => (await audit(query)).data.map((e) => e.details.summary as string);
    expect(await summaries('?subjectId=one-ms&limit=50')).toEqual([...written].reverse());
    const first = await audit('?subjectId=one-ms&limit=5');
    expect(first.data.map((e) => e.details.summary)).toEqual(written.slice(7).reverse());
    expect(await summaries(`?subjectId=one-ms&limit=5&cursor=${first.nextCursor}`)).toEqual(written.slice(2, 7).reverse());
  });

  it('is append-only in the database itself', async () => {
    await server.deps.audit({ id: TEST_ADMIN.id, email: TEST_ADMIN.email }, 'record-changed', { kind: 'contact', id: 'x' });
    await expect(server.deps.db.run(`UPDATE "audit_log" SET "actor_email" = 'someone-else'`)).rejects.toThrow(/append-only/);
    await expect(server.deps.db.run(`DELETE FROM "audit_log"`)).rejects.toThrow(/append-only/);
    expect((await latest('&action=record-changed')).actorEmail).toBe(TEST_ADMIN.email);
  });
});
