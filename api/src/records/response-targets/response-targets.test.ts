/** docs/api.md#response-targets: the settings, due times over business hours, the warning and missed notice, At risk; both engines. */
import {
  ADMIN_LISTS,
  defaultCalendar,
  responseStateOf,
  RESPONSE_TARGET_WATCH,
  type AdminListRecords,
  type AuditEntry,
  type ListPage,
  type ResponseTargetSettings,
} from '@sourcing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvents } from '../../test/events';
import { withProof } from '../../test/form-proof';
import { createStaffAccount } from '../../test/staff';
import { call, jsonBody, sendJson, startTestServer, TEST_ENGINES, type TestServer } from '../../test/support';
import { queryPlan } from '../../test/query-plan';
import { dbTime } from '../../db/engine';
import { keepFirstResponse } from '../desk/first-response';
import { RECORD_KINDS } from '../record-kinds';
import { announceMissedResponses, dueResponses, warnResponsesDueSoon } from './response-target-job';

type Contact = AdminListRecords['contacts'];
const CONTACTS = `/api${ADMIN_LISTS.contacts.path}`;
const SETTINGS = '/api/admin/response-targets';

/** New Delhi office hours, Monday to Friday 09:00–17:00, Christmas off; contact messages answered within 4 business hours. */
const DESK: ResponseTargetSettings = {
  calendar: { ...defaultCalendar('Asia/Kolkata'), holidays: ['2026-12-25'] },
  warnBeforeMinutes: 30,
  targets: { inquiries: 60, supplierInquiries: null, contacts: 240 },
};

describe.each(TEST_ENGINES)('response targets on %s', (engine) => {
  let server: TestServer;
  let events: ReturnType<typeof recordEvents>;
  /** The server's clock: each test sets it. */
  let clock = new Date('2026-12-24T10:30:00Z');
  let agent: { id: string; email: string };
  let viewer: { id: string; email: string };
  const as = (admin: { id: string; email: string }) => ({
    Authorization: `Bearer ${server.deps.tokens.sign(admin)}`,
  });
  const owner = () => server.adminHeaders();
  const save = (settings: unknown, headers = owner()) => sendJson(server, 'PUT', SETTINGS, settings, headers);
  const contact = async (id: string) => (await call(server, `${CONTACTS}/${id}`, { headers: owner() })).body as Contact;

  /** A contact message sent through the public form at the clock's time: its id. */
  async function receive(name: string): Promise<string> {
    const sent = await call(
      server,
      '/api/contact',
      await withProof(server, jsonBody({ name, email: 'ask@example.com', message: 'Hi' })),
    );
    expect(sent.status).toBe(201);
    const [row] = await server.deps.db.all<{ id: string }>(`SELECT "id" FROM "contact_messages" WHERE "reference" = ?`, [
      sent.body.reference,
    ]);
    return String(row.id);
  }
  /** The watch as two replicas run it at once: how many each announced. */
  const bothReplicas = (check: typeof warnResponsesDueSoon) => Promise.all([check(server.deps), check(server.deps)]);
  const watchLines = async () =>
    (await events.settle())
      .filter((e) => e.change?.type === 'response')
      .map((e) => [e.summary.id, e.change?.text, e.change?.ownerId, e.change?.by]);

  beforeAll(async () => {
    server = await startTestServer({
      engine,
      now: () => clock,
      // The tests run the checks themselves, at the clock they set.
      env: { TIME_ZONE: 'Asia/Kolkata', FORM_MIN_FILL_SECONDS: '0', RESPONSE_TARGET_CHECK_MS: String(24 * 3_600_000) },
    });
    agent = await createStaffAccount(server, 'agent', 'ana@example.com');
    viewer = await createStaffAccount(server, 'viewer', 'vic@example.com');
    events = recordEvents(server);
  });
  afterAll(() => server?.close());

  it('answers the defaults to every role, takes settings from owners only, and refuses malformed ones with their message', async () => {
    const defaults = await call(server, SETTINGS, { headers: as(viewer) });
    expect(defaults.body).toEqual({
      calendar: defaultCalendar('Asia/Kolkata'),
      warnBeforeMinutes: 30,
      targets: { inquiries: null, supplierInquiries: null, contacts: null },
    });
    expect((await save(DESK, as(agent))).status).toBe(403);
    expect((await save(DESK, as(viewer))).status).toBe(403);

    const refused = async (change: object) => (await save({ ...DESK, ...change })).body as { error: string };
    expect((await refused({ calendar: { ...DESK.calendar, timeZone: 'Mars/Olympus' } })).error).toBe('Unknown time zone');
    expect(
      (
        await refused({
          calendar: { ...DESK.calendar, week: { ...DESK.calendar.week, mon: [{ open: '17:00', close: '09:00' }] } },
        })
      ).error,
    ).toBe('A closing time must come after its opening time');
    expect((await refused({ calendar: { ...DESK.calendar, holidays: ['2026-02-30'] } })).error).toBe(
      'Holidays are days (YYYY-MM-DD)',
    );
    expect((await refused({ targets: { ...DESK.targets, contacts: 0 } })).error).toMatch(/^A response target is a whole number/);
    expect((await refused({ warnBeforeMinutes: -1 })).error).toMatch(/^The warning is a whole number/);
    expect((await call(server, SETTINGS, { headers: owner() })).body).toEqual(defaults.body);

    const saved = await save(DESK);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(DESK);
    expect((await call(server, SETTINGS, { headers: as(agent) })).body).toEqual(DESK);
    const audit = (await call(server, '/api/admin/audit?action=response-targets-changed', { headers: owner() })).body
      .data as AuditEntry[];
    expect(audit.map((e) => e.details.summary)).toEqual([
      'inquiries 60, supplierInquiries none, contacts 240; Asia/Kolkata; warn 30',
    ]);
  });

  it('measures the target over opening hours: nights, the weekend and holidays do not count', async () => {
    await save(DESK);
    // Thursday 24 December, 16:00 in New Delhi: one business hour that day, Friday is Christmas,
    // then the weekend; the other three hours are Monday's 09:00–12:00 (06:30 UTC).
    clock = new Date('2026-12-24T10:30:00Z');
    const id = await receive('Thursday Late');
    const record = await contact(id);
    expect(record.responseDueAt).toBe('2026-12-28T06:30:00.000Z');
    expect(responseStateOf('contacts', record, new Date('2026-12-27T23:00:00Z'))).toBe('due');
    expect(responseStateOf('contacts', record, new Date('2026-12-28T06:31:00Z'))).toBe('missed');

    // A kind without a target shows nothing.
    await save({ ...DESK, targets: { ...DESK.targets, contacts: null } });
    expect((await contact(await receive('No Target'))).responseDueAt).toBeNull();
  });

  it('warns before the target and tells when it is missed, each once across two replicas; answered or closed records are left alone', async () => {
    await save(DESK);
    clock = new Date('2026-12-28T03:30:00Z'); // Monday 09:00 in New Delhi
    await announceMissedResponses(server.deps); // what earlier tests left due
    await warnResponsesDueSoon(server.deps);
    const waiting = await receive('Waiting Long');
    const answered = await receive('Answered Soon');
    const closed = await receive('Closed Early');
    await server.deps.db.run(`UPDATE "contact_messages" SET "status" = 'Answered' WHERE "id" = ?`, [closed]);
    await server.deps.db.run(`UPDATE "contact_messages" SET "ownerId" = ? WHERE "id" = ?`, [agent.id, waiting]);
    expect((await contact(waiting)).responseDueAt).toBe('2026-12-28T07:30:00.000Z');
    await events.reset();

    clock = new Date('2026-12-28T06:59:59Z'); // a second before the warning
    expect(await bothReplicas(warnResponsesDueSoon)).toEqual([0, 0]);

    clock = new Date('2026-12-28T07:00:00Z');
    await server.deps.db.transaction((tx) => keepFirstResponse(tx, RECORD_KINDS.contacts, answered, agent.id, clock));
    const warned = await bothReplicas(warnResponsesDueSoon);
    expect(warned[0] + warned[1]).toBe(1);
    expect(await watchLines()).toEqual([[waiting, 'Response due soon: Waiting Long', agent.id, RESPONSE_TARGET_WATCH]]);
    expect(await bothReplicas(announceMissedResponses)).toEqual([0, 0]);

    await events.reset();
    clock = new Date('2026-12-28T07:30:01Z');
    const missed = await bothReplicas(announceMissedResponses);
    expect(missed[0] + missed[1]).toBe(1);
    expect(await announceMissedResponses(server.deps)).toBe(0);
    expect(await warnResponsesDueSoon(server.deps)).toBe(0);
    expect(await watchLines()).toEqual([[waiting, 'Response target missed: Waiting Long', agent.id, RESPONSE_TARGET_WATCH]]);

    expect(responseStateOf('contacts', await contact(waiting), clock)).toBe('missed');
    expect(responseStateOf('contacts', await contact(answered), clock)).toBe('met');
    expect(responseStateOf('contacts', await contact(closed), clock)).toBeNull();
    // Answered after its target, a record stays Missed.
    await server.deps.db.transaction((tx) => keepFirstResponse(tx, RECORD_KINDS.contacts, waiting, agent.id, clock));
    expect(responseStateOf('contacts', await contact(waiting), clock)).toBe('missed');
  });

  it('moves the unanswered records onto new settings: a target ahead again is warned of and missed again', async () => {
    await save(DESK);
    clock = new Date('2026-12-29T03:30:00Z'); // Tuesday 09:00 in New Delhi
    const id = await receive('Moved Target');
    expect((await contact(id)).responseDueAt).toBe('2026-12-29T07:30:00.000Z');
    clock = new Date('2026-12-29T08:00:00Z');
    await warnResponsesDueSoon(server.deps);
    expect(await announceMissedResponses(server.deps)).toBeGreaterThanOrEqual(1);

    // Open round the clock from 08:00 to 20:00 and the target doubled: due at 17:00 local (11:30 UTC).
    const longer: ResponseTargetSettings = {
      ...DESK,
      calendar: {
        ...DESK.calendar,
        week: { ...DESK.calendar.week, tue: [{ open: '08:00', close: '20:00' }] },
      },
      targets: { ...DESK.targets, contacts: 480 },
    };
    await save(longer);
    expect((await contact(id)).responseDueAt).toBe('2026-12-29T11:30:00.000Z');
    await events.reset();
    clock = new Date('2026-12-29T11:10:00Z');
    expect(await warnResponsesDueSoon(server.deps)).toBe(1);
    clock = new Date('2026-12-29T11:31:00Z');
    expect(await announceMissedResponses(server.deps)).toBe(1);
    expect((await watchLines()).filter(([recordId]) => recordId === id).map(([, text]) => text)).toEqual([
      'Response due soon: Moved Target',
      'Response target missed: Moved Target',
    ]);

    // Its target taken away, the record has none.
    await save({ ...longer, targets: { ...longer.targets, contacts: null } });
    expect((await contact(id)).responseDueAt).toBeNull();
  });

  it('lists At risk: the unanswered open records due within the warning time or missed', async () => {
    await save(DESK);
    clock = new Date('2026-12-30T03:30:00Z'); // Wednesday 09:00 in New Delhi
    const [soon, later, answered] = [await receive('Risk Soon'), await receive('Risk Later'), await receive('Risk Answered')];
    // Due at 13:00 local for those before; one that came at 11:00 local is due at 15:00.
    await server.deps.db.run(`UPDATE "contact_messages" SET "responseDueAt" = ?, "responseWarnAt" = ? WHERE "id" = ?`, [
      dbTime(engine, new Date('2026-12-30T09:30:00Z')),
      dbTime(engine, new Date('2026-12-30T09:00:00Z')),
      later,
    ]);
    await server.deps.db.transaction((tx) => keepFirstResponse(tx, RECORD_KINDS.contacts, answered, agent.id, clock));
    const atRisk = async () =>
      ((await call(server, `${CONTACTS}?response=at-risk&limit=100`, { headers: owner() })).body as ListPage<Contact>).data
        .map((r) => r._id)
        .filter((recordId) => [soon, later, answered].includes(recordId));

    clock = new Date('2026-12-30T06:59:00Z');
    expect(await atRisk()).toEqual([]);
    clock = new Date('2026-12-30T07:00:00Z'); // 30 minutes before the first target
    expect(await atRisk()).toEqual([soon]);
    clock = new Date('2026-12-30T09:45:00Z');
    expect((await atRisk()).sort()).toEqual([soon, later].sort());
    expect((await call(server, `${CONTACTS}?response=late`, { headers: owner() })).status).toBe(400);
  });
});

/** The watch checks every minute: each check reads a range of a partial index of unanswered records (migration 1795000003700). */
describe.each(TEST_ENGINES)('the response target reads on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine, env: { RESPONSE_TARGET_CHECK_MS: String(24 * 3_600_000) } });
  });
  afterAll(() => server?.close());

  const plan = (sql: string, params: unknown[]) => queryPlan(server.deps.db, engine, sql, params);

  it('the watch reads only the unanswered records with a due time, never the whole table', async () => {
    const now = dbTime(engine, new Date());
    const kind = RECORD_KINDS.contacts;
    // On tables this small either engine may read the warnings from `_response_open` (the same key, its rows a superset).
    for (const [sql, params, index] of [
      [`${dueResponses(kind, 'warning', now).sql} LIMIT 100`, [now], /contact_messages_response_(warn|open)/],
      [`${dueResponses(kind, 'missed', now).sql} LIMIT 100`, [now], /contact_messages_response_missed/],
    ] as const) {
      const read = await plan(sql, [...params]);
      expect(read, index.source).toMatch(index);
      expect(read, index.source).not.toMatch(/\bSCAN contact_messages\b|Seq Scan/);
    }
  });
});
