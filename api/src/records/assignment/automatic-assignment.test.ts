/** docs/admin.md#automatic-assignment: new records go round the available staff, under a cap, oldest waiting first. */
import {
  ADMIN_LISTS,
  API_PATHS,
  type AssignmentRule,
  type Assignee,
  type AuditEntry,
  type TimelineEntry,
} from '@sourcing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withProof } from '../../test/form-proof';
import { createStaffAccount, headersOf, signIn } from '../../test/staff';
import { call, jsonBody, sendJson, startTestServer, TEST_ENGINES, type TestServer } from '../../test/support';

const CONTACTS = `/api${ADMIN_LISTS.contacts.path}`;
const RULES = `/api${API_PATHS.adminAssignmentRules}`;

describe.each(TEST_ENGINES)('automatic assignment on %s', (engine) => {
  let server: TestServer;
  const staff: Assignee[] = [];
  const as = (who: Pick<Assignee, 'id' | 'email'>) => headersOf(server, who);
  const send = (headers: Record<string, string>, method: string, path: string, body: unknown) =>
    sendJson(server, method, path, body, headers);
  const setRule = (rule: Omit<AssignmentRule, 'list'>) => send(server.adminHeaders(), 'PUT', `${RULES}/contacts`, rule);
  const setAvailable = (who: Assignee, available: boolean) =>
    send(server.adminHeaders(), 'PATCH', `/api${API_PATHS.adminStaff}/${who.id}`, { available });
  /** A contact message sent through the site's form; answers its id. */
  const submit = async (n: number): Promise<string> => {
    const name = `Sender ${n}`;
    const res = await call(
      server,
      '/api/contact',
      await withProof(server, jsonBody({ name, email: `s${n}@example.com`, message: 'Hi' })),
    );
    expect(res.status).toBe(201);
    const found = await call(server, `${CONTACTS}?q=${encodeURIComponent(res.body.reference as string)}`, {
      headers: server.adminHeaders(),
    });
    return found.body.data[0]._id as string;
  };
  const record = async (id: string) => (await call(server, `${CONTACTS}/${id}`, { headers: server.adminHeaders() })).body;
  const owners = async (ids: string[]) => Promise.all(ids.map(async (id) => (await record(id)).ownerId as string | null));
  /** Starts a test from a clean rule: off (the waiting queue starts again when it is turned on), nobody available. */
  const reset = async () => {
    expect((await setRule({ automatic: false, openCap: null })).status).toBe(200);
    for (const member of staff) expect((await setAvailable(member, false)).status).toBe(200);
  };

  /** Staff accounts made for one test: they hold no records yet. */
  const newStaff = async (...roles: ('agent' | 'owner')[]) => {
    const made: Assignee[] = [];
    for (const role of roles) {
      const { id, email } = await createStaffAccount(server, role);
      made.push({ id, email, name: email });
    }
    staff.push(...made);
    return made;
  };

  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(() => server?.close());

  it('a rule is read by all staff and set by owners only, checked and audited', async () => {
    const [agent] = await newStaff('agent');
    const rules = (await call(server, RULES, { headers: as(agent) })).body as AssignmentRule[];
    expect(rules.map((r) => r.list)).toEqual(['inquiries', 'supplierInquiries', 'contacts']);
    expect(rules.every((r) => !r.automatic && r.openCap === null)).toBe(true);

    expect((await send(as(agent), 'PUT', `${RULES}/contacts`, { automatic: true, openCap: null })).status).toBe(403);
    const refused = await setRule({ automatic: true, openCap: 0 });
    expect(refused.status).toBe(400);
    expect((await send(server.adminHeaders(), 'PUT', `${RULES}/subscribers`, { automatic: true, openCap: null })).status).toBe(
      404,
    );

    // A kind without its row yet (added after the migration) gets one on its first rule.
    await server.deps.db.run(`DELETE FROM "assignment_rules" WHERE "recordKind" = 'contact'`);
    const saved = await setRule({ automatic: true, openCap: 5 });
    expect(saved.body).toEqual({ list: 'contacts', automatic: true, openCap: 5 });
    expect(((await call(server, RULES, { headers: as(agent) })).body as AssignmentRule[])[2]).toEqual(saved.body);
    const audit = (await call(server, '/api/admin/audit?action=assignment-rule-changed', { headers: server.adminHeaders() })).body
      .data as AuditEntry[];
    expect(audit[0].details.summary).toBe('contacts: by hand, cap none → automatic, cap 5');
  });

  it('spreads 100 new records across the 4 available staff within one, passing over the away and the disabled', async () => {
    await reset();
    const [a, b, c, d, away, disabled] = await newStaff('agent', 'agent', 'agent', 'owner', 'agent', 'agent');
    for (const member of [a, b, c, d, disabled]) expect((await setAvailable(member, true)).status).toBe(200);
    expect(
      (await send(server.adminHeaders(), 'PATCH', `/api${API_PATHS.adminStaff}/${disabled.id}`, { disabled: true })).status,
    ).toBe(200);
    expect((await setRule({ automatic: true, openCap: null })).status).toBe(200);

    // Ten at a time: on PostgreSQL the submissions' transactions queue on the rule's row.
    const ids: string[] = [];
    for (let batch = 0; batch < 10; batch++) {
      ids.push(...(await Promise.all(Array.from({ length: 10 }, (_, i) => submit(batch * 10 + i)))));
    }
    const counts = new Map<string | null, number>();
    for (const owner of await owners(ids)) counts.set(owner, (counts.get(owner) ?? 0) + 1);
    expect(counts.get(null)).toBeUndefined();
    expect(counts.get(away.id)).toBeUndefined();
    expect(counts.get(disabled.id)).toBeUndefined();
    for (const member of [a, b, c, d]) expect(counts.get(member.id)).toBeGreaterThanOrEqual(24);
    for (const member of [a, b, c, d]) expect(counts.get(member.id)).toBeLessThanOrEqual(26);

    // Each says so on its timeline, in the audit trail and by e-mail to its owner.
    const [first] = ids;
    const owner = (await record(first)).ownerId as string;
    const timeline = (await call(server, `${CONTACTS}/${first}/timeline`, { headers: server.adminHeaders() }))
      .body as TimelineEntry[];
    expect(timeline).toContainEqual(
      expect.objectContaining({
        type: 'owner',
        actor: expect.objectContaining({ name: 'Automatic assignment' }),
        to: expect.objectContaining({ id: owner }),
      }),
    );
    expect(timeline).toContainEqual(expect.objectContaining({ type: 'mail', purpose: 'assignment' }));
    const audit = (
      await call(server, `/api/admin/audit?action=record-assigned-automatically&subjectId=${first}`, {
        headers: server.adminHeaders(),
      })
    ).body.data as AuditEntry[];
    expect(audit).toHaveLength(1);
    expect(audit[0].actorEmail).toBe('automatic assignment');
    expect(
      (await send(server.adminHeaders(), 'PATCH', `/api${API_PATHS.adminStaff}/${disabled.id}`, { disabled: false })).status,
    ).toBe(200);
  });

  it('under a cap, a record nobody has room for waits, and goes to the first with room, oldest first', async () => {
    await reset();
    const [a, b] = await newStaff('agent', 'agent');
    for (const member of [a, b]) expect((await setAvailable(member, true)).status).toBe(200);
    expect((await setRule({ automatic: true, openCap: 1 })).status).toBe(200);

    const [first, second, third, fourth] = [await submit(201), await submit(202), await submit(203), await submit(204)];
    const [ownerOfFirst, ownerOfSecond, ...waiting] = await owners([first, second, third, fourth]);
    expect(new Set([ownerOfFirst, ownerOfSecond])).toEqual(new Set([a.id, b.id]));
    expect(waiting).toEqual([null, null]);

    // Answered: the owner of the first has room again, and takes the oldest waiting record.
    const closer = ownerOfFirst === a.id ? a : b;
    const closed = await send(as(closer), 'PATCH', `${CONTACTS}/${first}`, {
      version: (await record(first)).version,
      status: 'Answered',
    });
    expect(closed.status).toBe(200);
    expect(await owners([third, fourth])).toEqual([closer.id, null]);
  });

  it('someone marking themselves available takes what waits; records from before the rule was on are left to staff', async () => {
    await reset();
    const before = await submit(301);
    expect((await setRule({ automatic: true, openCap: null })).status).toBe(200);
    const waiting = await submit(302);
    expect(await owners([before, waiting])).toEqual([null, null]);

    const [taker] = await newStaff('agent');
    const { headers } = await signIn(server, taker.email);
    const marked = await send(headers, 'PATCH', '/api/admin/account', { available: true });
    expect(marked.status).toBe(200);
    expect(marked.body.available).toBe(true);
    expect(await owners([before, waiting])).toEqual([null, taker.id]);
    const audit = (await call(server, '/api/admin/audit?action=staff-availability-changed', { headers: server.adminHeaders() }))
      .body.data as AuditEntry[];
    expect(audit[0]).toMatchObject({ actorEmail: taker.email, details: { summary: 'available for new records' } });
  });
});
