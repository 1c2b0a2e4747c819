/** docs/api.md#follow-ups-and-snooze: follow-ups with their reminder and digest, and snoozes, on both engines. */
import {
  ADMIN_LISTS,
  DEFAULT_SORT,
  FOLLOW_UP_MESSAGES,
  FOLLOW_UP_REMINDER,
  RECORD_DEFINITIONS,
  type Assignee,
  type AdminListRecords,
  type AuditEntry,
  type DeskListName,
  type InquiryRecord,
  type ListPage,
  type OutboxMailSummary,
  type TimelineEntry,
} from '@sourcing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvents } from '../../test/events';
import { recordRow, seedRows, type RowOfList } from '../../test/factories';
import { smtpCapture, type SmtpCapture } from '../../test/smtp-capture';
import { createStaffAccount } from '../../test/staff';
import { call, sendJson, startTestServer, TEST_ENGINES, type TestServer } from '../../test/support';
import { queryPlan } from '../../test/query-plan';
import { dbTime } from '../../db/engine';
import { filteredRows, listDefinitionOf } from '../list/record-list';
import { segmentQuery, sortOrderOf } from '../list/sorted-pages';
import { RECORD_KINDS } from '../record-kinds';
import { endSnoozeOnReply } from './end-snooze-on-reply';
import { sendFollowUpDigests } from './follow-up-digest';
import { dueFollowUps, dueSnoozes, endDueSnoozes, notifyDueFollowUps } from './follow-up-job';

const SITE = 'https://sourcing.example';
const HOUR = 3_600_000;

describe.each(TEST_ENGINES)('follow-ups and snoozes on %s', (engine) => {
  let smtp: SmtpCapture;
  let server: TestServer;
  let events: ReturnType<typeof recordEvents>;
  /** The server's clock: each test sets it, always later than the one before (mails are due by it). */
  let clock = new Date('2026-03-02T04:00:00Z');
  let ana: Assignee;
  let bob: Assignee;
  let viewer: Assignee;
  const as = (admin: Assignee) => ({ Authorization: `Bearer ${server.deps.tokens.sign(admin)}` });
  const send = (admin: Assignee, method: string, path: string, body?: unknown) =>
    body === undefined ? call(server, path, { method, headers: as(admin) }) : sendJson(server, method, path, body, as(admin));
  const path = (list: DeskListName) => `/api${ADMIN_LISTS[list].path}`;
  const get = async <T>(url: string, admin = ana) => (await call(server, url, { headers: as(admin) })).body as T;
  const timeline = (list: DeskListName, id: string) => get<TimelineEntry[]>(`${path(list)}/${id}/timeline`);
  const audit = async (action: string, id: string) =>
    (await call(server, `/api/admin/audit?action=${action}&subjectId=${id}`, { headers: server.adminHeaders() })).body
      .data as AuditEntry[];

  /** Seeds records of a list named `titles`, with anything else given, and answers the stored rows. */
  async function seed<N extends DeskListName>(list: N, rows: { title: string; set?: Partial<RowOfList<N>> }[]) {
    const made = rows.map(({ title, set }, i) =>
      recordRow(list, new Date(clock.getTime() - (i + 1) * 1000), {
        [RECORD_DEFINITIONS[list].title]: title,
        ...set,
      } as Partial<RowOfList<N>>),
    );
    await seedRows(server.deps.db, list, made);
    return made as unknown as ({ id: string; reference: string } & RowOfList<N>)[];
  }

  beforeAll(async () => {
    smtp = await smtpCapture();
    server = await startTestServer({
      engine,
      now: () => clock,
      env: {
        SMTP_URL: smtp.url,
        PUBLIC_URL: SITE,
        MAIL_POLL_MS: '20',
        TIME_ZONE: 'Asia/Kolkata',
        // The tests run the checks themselves, at the clock they set.
        FOLLOW_UP_CHECK_MS: String(24 * HOUR),
      },
    });
    const made = await Promise.all(
      [
        ['agent', 'ana@example.com'],
        ['agent', 'bob@example.com'],
        ['viewer', 'vic@example.com'],
      ].map(([role, email]) => createStaffAccount(server, role as 'agent', email)),
    );
    [ana, bob, viewer] = made.map(({ id, email }) => ({ id, email, name: email }));
    events = recordEvents(server);
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.stop();
  });

  it('sets, moves and clears a follow-up: the record, its timeline, the audit trail, Updated At and a live change say so', async () => {
    clock = new Date('2026-03-02T04:00:00Z');
    const [record] = await seed('inquiries', [{ title: 'Asha Rao' }]);
    const url = `${path('inquiries')}/${record.id}/follow-up`;
    await events.reset();

    const set = await send(ana, 'PUT', url, { at: '2026-03-02T15:30:00+05:30', note: '  Call about the LC ' });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({
      _id: record.id,
      followUpAt: '2026-03-02T10:00:00.000Z',
      followUpNote: 'Call about the LC',
      snoozedUntil: null,
      version: 1,
      updatedAt: clock.toISOString(),
    });
    expect(await get(`${path('inquiries')}/${record.id}`, viewer)).toEqual(set.body);
    expect(await timeline('inquiries', record.id)).toContainEqual(
      expect.objectContaining({
        type: 'follow-up',
        at: '2026-03-02T10:00:00.000Z',
        note: 'Call about the LC',
        actor: expect.objectContaining({ id: ana.id }),
      }),
    );
    expect((await audit('record-follow-up-set', record.id)).map((e) => [e.actorEmail, e.details.summary])).toEqual([
      [ana.email, 'follow-up 2026-03-02T10:00:00.000Z'],
    ]);

    // The same again changes nothing; another time moves it.
    expect((await send(ana, 'PUT', url, { at: '2026-03-02T10:00:00Z', note: 'Call about the LC' })).status).toBe(200);
    const moved = await send(bob, 'PUT', url, { at: '2026-03-03T10:00:00Z' });
    expect(moved.body).toMatchObject({ followUpAt: '2026-03-03T10:00:00.000Z', followUpNote: null });

    clock = new Date('2026-03-02T04:05:00Z');
    const cleared = await send(ana, 'DELETE', url);
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ followUpAt: null, followUpNote: null, updatedAt: clock.toISOString() });
    expect((await send(ana, 'DELETE', url)).body).toEqual(cleared.body);

    const lines = (await timeline('inquiries', record.id)).filter((e) => e.type.startsWith('follow-up'));
    expect(lines.map((e) => [e.type, e.actor?.id])).toEqual([
      ['follow-up', ana.id],
      ['follow-up', bob.id],
      ['follow-up-cleared', ana.id],
    ]);
    expect((await audit('record-follow-up-cleared', record.id)).map((e) => e.details.summary)).toEqual(['follow-up cleared']);
    expect((await events.settle()).map((e) => [e.change?.type, e.change?.by.id, e.change?.text, e.change?.version])).toEqual([
      ['follow-up', ana.id, 'set a follow-up on Asha Rao', 1],
      ['follow-up', bob.id, 'set a follow-up on Asha Rao', 1],
      ['follow-up', ana.id, 'cleared the follow-up on Asha Rao', 1],
    ]);
  });

  it('refuses a malformed follow-up or snooze with its message, a viewer with 403, an unknown record with 404', async () => {
    const [record] = await seed('contacts', [{ title: 'Ben Ode' }]);
    const followUp = `${path('contacts')}/${record.id}/follow-up`;
    const snooze = `${path('contacts')}/${record.id}/snooze`;

    expect((await send(ana, 'PUT', followUp, {})).body).toEqual({
      error: FOLLOW_UP_MESSAGES.at,
      fields: { at: FOLLOW_UP_MESSAGES.at },
    });
    expect((await send(ana, 'PUT', followUp, { at: '2026-03-02T10:00' })).status).toBe(400);
    expect((await send(ana, 'PUT', followUp, { at: '2026-03-02T10:00:00Z', note: 'x'.repeat(501) })).body).toEqual({
      error: 'The note must be at most 500 characters',
      fields: { note: 'The note must be at most 500 characters' },
    });
    expect((await send(ana, 'PUT', snooze, { until: 'next week' })).body).toEqual({
      error: FOLLOW_UP_MESSAGES.until,
      fields: { until: FOLLOW_UP_MESSAGES.until },
    });
    expect((await send(ana, 'PUT', snooze, { until: new Date(clock.getTime() - 1000).toISOString() })).body).toEqual({
      error: 'Snooze until a time in the future',
      fields: { until: 'Snooze until a time in the future' },
    });
    const text = await call(server, followUp, {
      method: 'PUT',
      headers: { ...as(ana), 'Content-Type': 'text/plain' },
      body: 'x',
    });
    expect(text.status).toBe(415);

    for (const [method, url, body] of [
      ['PUT', followUp, { at: '2026-03-02T10:00:00Z' }],
      ['DELETE', followUp, undefined],
      ['PUT', snooze, { until: '2026-03-09T10:00:00Z' }],
      ['DELETE', snooze, undefined],
    ] as const) {
      expect((await send(viewer, method, url, body)).status, `${method} ${url}`).toBe(403);
    }
    const unknown = `${path('contacts')}/00000000-0000-4000-8000-00000000dead/follow-up`;
    expect((await send(ana, 'PUT', unknown, { at: '2026-03-02T10:00:00Z' })).status).toBe(404);
    expect((await send(ana, 'PUT', `/api/subscribers/${record.id}/follow-up`, { at: '2026-03-02T10:00:00Z' })).status).toBe(404);
    expect(await get(`${path('contacts')}/${record.id}`)).toMatchObject({ followUpAt: null, snoozedUntil: null });
    expect((await timeline('contacts', record.id)).map((e) => e.type)).toEqual(['received']);
  });

  it('a snoozed record leaves the working list and its counts until its date, when the job ends the snooze', async () => {
    clock = new Date('2026-03-02T05:00:00Z');
    await endDueSnoozes(server.deps);
    const [record] = await seed('contacts', [{ title: 'Cleo Snooze' }]);
    const list = (query: string) => get<ListPage<AdminListRecords['contacts']>>(`${path('contacts')}?${query}`);
    const found = async (query: string) => (await list(`q=${record.reference}&${query}`)).data.map((r) => r._id);
    const before = await list('limit=1');
    await events.reset();

    const snoozed = await send(ana, 'PUT', `${path('contacts')}/${record.id}/snooze`, { until: '2026-03-02T07:00:00Z' });
    expect(snoozed.status).toBe(200);
    expect(snoozed.body).toMatchObject({ snoozedUntil: '2026-03-02T07:00:00.000Z', version: 1 });
    expect(await found('')).toEqual([]);
    expect(await found('snoozed=only')).toEqual([record.id]);
    expect(await found('snoozed=include')).toEqual([record.id]);
    // The tabs follow: the trigger-kept counts less the snoozed records, unless they are included.
    const hidden = await list('limit=1');
    expect(hidden.total).toBe(before.total - 1);
    expect(hidden.statusCounts).toEqual({ ...before.statusCounts, Open: before.statusCounts!.Open - 1 });
    expect((await list('limit=1&snoozed=include')).total).toBe(before.total);
    expect((await list('limit=500&snoozed=only')).data.map((r) => r._id)).toContain(record.id);
    expect((await call(server, `${path('contacts')}?snoozed=later`, { headers: as(ana) })).body).toEqual({
      error: 'snoozed must be include or only',
      fields: { snoozed: 'snoozed must be include or only' },
    });

    clock = new Date('2026-03-02T06:59:59Z');
    expect(await endDueSnoozes(server.deps)).toBe(0);
    expect(await found('')).toEqual([]);

    clock = new Date('2026-03-02T07:00:00Z');
    expect(await Promise.all([endDueSnoozes(server.deps), endDueSnoozes(server.deps)])).toEqual(expect.arrayContaining([1, 0]));
    expect(await found('')).toEqual([record.id]);
    expect(await found('snoozed=only')).toEqual([]);
    expect((await list('limit=1')).total).toBe(before.total);
    expect(await get(`${path('contacts')}/${record.id}`)).toMatchObject({ snoozedUntil: null });
    expect((await timeline('contacts', record.id)).slice(1)).toEqual([
      expect.objectContaining({
        type: 'snoozed',
        until: '2026-03-02T07:00:00.000Z',
        actor: expect.objectContaining({ id: ana.id }),
      }),
      expect.objectContaining({ type: 'snooze-ended', why: 'date', actor: null }),
    ]);
    expect((await audit('record-snoozed', record.id)).map((e) => e.details.summary)).toEqual([
      'snoozed until 2026-03-02T07:00:00.000Z',
    ]);
    expect((await events.settle()).map((e) => [e.change?.type, e.change?.by.id, e.change?.text])).toEqual([
      ['snooze', ana.id, 'snoozed Cleo Snooze'],
      ['snooze', FOLLOW_UP_REMINDER.id, 'ended the snooze of Cleo Snooze'],
    ]);

    // Staff end one before its date.
    await send(bob, 'PUT', `${path('contacts')}/${record.id}/snooze`, { until: '2026-03-09T07:00:00Z' });
    expect(await found('')).toEqual([]);
    const ended = await send(bob, 'DELETE', `${path('contacts')}/${record.id}/snooze`);
    expect(ended.body).toMatchObject({ snoozedUntil: null });
    expect(await found('')).toEqual([record.id]);
    expect((await timeline('contacts', record.id)).at(-1)).toMatchObject({ type: 'snooze-ended', why: 'staff' });
    expect((await audit('record-snooze-ended', record.id)).map((e) => e.actorEmail)).toEqual([bob.email]);
  });

  it('“my follow-ups today” and “overdue” count days from midnight in TIME_ZONE (Asia/Kolkata), not UTC', async () => {
    // 23:30 on 3 March in Kolkata (UTC+5:30): its day runs from 2 March 18:30 to 3 March 18:30 UTC.
    clock = new Date('2026-03-03T18:00:00Z');
    const at = (iso: string) => ({ ownerId: bob.id, followUpAt: new Date(iso), followUpNotifiedAt: clock });
    const [earlyToday, lateToday, tomorrow, yesterday, anas] = await seed('inquiries', [
      { title: 'Early Today', set: at('2026-03-02T18:45:00Z') }, // 00:15 on the 3rd
      { title: 'Late Today', set: at('2026-03-03T18:15:00Z') }, // 23:45 on the 3rd
      { title: 'Tomorrow', set: at('2026-03-03T18:40:00Z') }, // 00:10 on the 4th (the 3rd in UTC)
      { title: 'Yesterday', set: at('2026-03-02T18:20:00Z') }, // 23:50 on the 2nd
      { title: 'Ana’s', set: { ...at('2026-03-03T10:00:00Z'), ownerId: ana.id } },
    ]);
    const ids = async (query: string) => {
      const page = await get<ListPage<InquiryRecord>>(`${path('inquiries')}?limit=500&${query}`, bob);
      expect(page.total).toBe(page.data.length);
      return page.data.map((r) => r._id).sort();
    };
    expect(await ids('followUp=today&owner=mine')).toEqual([earlyToday.id, lateToday.id].sort());
    expect(await ids('followUp=overdue&owner=mine')).toEqual([earlyToday.id, yesterday.id].sort());
    expect(await ids(`followUp=today&owner=${ana.id}`)).toEqual([anas.id]);

    // Past midnight in Kolkata, the 4th is today.
    clock = new Date('2026-03-03T18:31:00Z');
    expect(await ids('followUp=today&owner=mine')).toEqual([tomorrow.id]);
    expect(await ids('followUp=overdue&owner=mine')).toEqual([earlyToday.id, lateToday.id, yesterday.id].sort());
    // A snoozed follow-up stays out of the view until asked for.
    await send(bob, 'PUT', `${path('inquiries')}/${tomorrow.id}/snooze`, { until: '2026-03-05T04:00:00Z' });
    expect(await ids('followUp=today&owner=mine')).toEqual([]);
    expect(await ids('followUp=today&owner=mine&snoozed=include')).toEqual([tomorrow.id]);
    expect((await call(server, `${path('inquiries')}?followUp=soon`, { headers: as(bob) })).body.error).toBe(
      'followUp must be today or overdue',
    );
  });

  it('announces each follow-up once when its time comes, to its owner, even with two replicas checking at once', async () => {
    clock = new Date('2026-04-01T04:00:00Z');
    await notifyDueFollowUps(server.deps); // what earlier tests left due
    const [offer] = await seed('supplierInquiries', [{ title: 'Sam Supplier', set: { ownerId: bob.id } }]);
    const [contact] = await seed('contacts', [{ title: 'Nobody’s' }]);
    const [later] = await seed('inquiries', [{ title: 'Later On' }]);
    await send(ana, 'PUT', `${path('supplierInquiries')}/${offer.id}/follow-up`, {
      at: '2026-04-01T05:00:00Z',
      note: 'Ask for the price',
    });
    await send(ana, 'PUT', `${path('contacts')}/${contact.id}/follow-up`, { at: '2026-04-01T05:30:00Z' });
    await send(ana, 'PUT', `${path('inquiries')}/${later.id}/follow-up`, { at: '2026-04-01T09:00:00Z' });
    await events.reset();
    const reminders = async () =>
      (await events.settle()).filter((e) => e.change?.type === 'follow-up' && e.change.by.id === FOLLOW_UP_REMINDER.id);

    clock = new Date('2026-04-01T04:59:59Z');
    expect(await Promise.all([notifyDueFollowUps(server.deps), notifyDueFollowUps(server.deps)])).toEqual([0, 0]);
    expect(await reminders()).toEqual([]);

    clock = new Date('2026-04-01T06:00:00Z');
    const counts = await Promise.all([notifyDueFollowUps(server.deps), notifyDueFollowUps(server.deps)]);
    expect(counts[0] + counts[1]).toBe(2);
    expect(await notifyDueFollowUps(server.deps)).toBe(0);
    const announced = (await reminders()).map((e) => [e.summary.id, e.change?.text, e.change?.ownerId, e.change?.by]);
    expect(announced).toHaveLength(2);
    expect(announced).toEqual(
      expect.arrayContaining([
        [offer.id, 'Follow up: Sam Supplier — Ask for the price', bob.id, FOLLOW_UP_REMINDER],
        [contact.id, `Follow up: Nobody’s — ${contact.reference}`, null, FOLLOW_UP_REMINDER],
      ]),
    );

    // Moved to a new time, it is announced again then.
    await send(bob, 'PUT', `${path('contacts')}/${contact.id}/follow-up`, { at: '2026-04-01T08:00:00Z' });
    await events.reset();
    clock = new Date('2026-04-01T09:00:00Z');
    expect(await notifyDueFollowUps(server.deps)).toBe(2);
    expect((await reminders()).map((e) => e.summary.id).sort()).toEqual([contact.id, later.id].sort());
  });

  it('mails each staff member their follow-ups of the day once, from 07:00 in TIME_ZONE', async () => {
    const carol = await createStaffAccount(server, 'agent', 'carol@example.com');
    const dora = await createStaffAccount(server, 'agent', 'dora@example.com');
    // 06:30 on 4 May in Kolkata.
    clock = new Date('2026-05-04T01:00:00Z');
    const due = (ownerId: string, iso: string, note?: string) => ({
      ownerId,
      followUpAt: new Date(iso),
      followUpNote: note ?? null,
    });
    const [asha, spam] = await seed('inquiries', [
      { title: 'Asha Rao', set: due(bob.id, '2026-05-04T04:30:00Z', 'Call about the LC') }, // 10:00
      { title: 'Spam Sender', set: { ...due(bob.id, '2026-05-04T05:00:00Z'), status: 'Spam' } },
    ]);
    const [ben, nextDay] = await seed('contacts', [
      { title: 'Ben Ode', set: due(bob.id, '2026-05-04T08:00:00Z') }, // 13:30
      { title: 'Next Day', set: due(bob.id, '2026-05-04T18:45:00Z') }, // 00:15 on the 5th
      { title: 'Nobody', set: { followUpAt: new Date('2026-05-04T06:00:00Z') } },
    ]);
    const [cara] = await seed('supplierInquiries', [
      { title: 'Cara Lim', set: due(carol.id, '2026-05-04T03:30:00Z', 'Confirm the price') }, // 09:00
    ]);
    await seed('supplierInquiries', [{ title: 'Dora’s', set: due(dora.id, '2026-05-04T03:30:00Z') }]);
    await server.deps.db.run(`UPDATE "admins" SET "disabled_at" = ? WHERE "id" = ?`, [Date.now(), dora.id]);

    expect(await sendFollowUpDigests(server.deps)).toBeNull();
    clock = new Date('2026-05-04T01:30:00Z'); // 07:00
    const runs = await Promise.all([sendFollowUpDigests(server.deps), sendFollowUpDigests(server.deps)]);
    expect(runs).toEqual(expect.arrayContaining([2, null]));

    const [bobs] = await delivered('Your follow-ups today — 2');
    expect(bobs.envelope.to).toEqual([bob.email]);
    expect(bobs.mail.text?.trim()).toBe(
      [
        'Your follow-ups today, times in Asia/Kolkata:',
        '',
        `10:00 Buyer inquiry ${asha.reference}`,
        `${SITE}/admin/inquiries/${asha.id}`,
        '',
        `13:30 Contact message ${ben.reference}`,
        `${SITE}/admin/contact-queries/${ben.id}`,
      ].join('\n'),
    );
    for (const personal of ['Asha Rao', 'Call about the LC', 'Ben Ode', spam.reference, nextDay.reference]) {
      expect(bobs.raw.toString()).not.toContain(personal);
    }
    const [carols] = await delivered('Your follow-ups today — 1');
    expect(carols.envelope.to).toEqual([carol.email]);
    expect(carols.mail.text?.trim()).toBe(
      [
        'Your follow-ups today, times in Asia/Kolkata:',
        '',
        `09:00 Supplier offer ${cara.reference} from Cara Lim: Confirm the price`,
        `${SITE}/admin/supplier-inquiries/${cara.id}`,
      ].join('\n'),
    );
    // A digest of one record belongs to it (erased with it, on its timeline); one of several to none.
    const mails = (await call(server, '/api/admin/outbox', { headers: server.adminHeaders() })).body.data as OutboxMailSummary[];
    expect(mails.filter((m) => m.purpose === 'follow-up-digest').map((m) => [m.recipients, m.recordKind, m.recordId])).toEqual(
      expect.arrayContaining([
        [[bob.email], null, null],
        [[carol.email], 'supplierInquiry', cara.id],
      ]),
    );
    expect(await timeline('supplierInquiries', cara.id)).toContainEqual(
      expect.objectContaining({ type: 'mail', purpose: 'follow-up-digest', to: [carol.email], actor: null }),
    );

    // Later that day nothing more; the next morning, the next day's.
    clock = new Date('2026-05-04T12:00:00Z');
    expect(await sendFollowUpDigests(server.deps)).toBeNull();
    clock = new Date('2026-05-05T01:29:00Z');
    expect(await sendFollowUpDigests(server.deps)).toBeNull();
    clock = new Date('2026-05-05T01:30:00Z');
    expect(await sendFollowUpDigests(server.deps)).toBe(1);
    const [tomorrows] = await delivered('Your follow-ups today — 1', 2);
    expect(tomorrows.mail.text).toContain(`00:15 Contact message ${nextDay.reference} from Next Day`);
    expect(smtp.received.filter((m) => m.mail.subject?.startsWith('Your follow-ups today'))).toHaveLength(3);
  });

  it('a customer’s reply ends a snooze before its date, on the timeline; one past its date is left to the job', async () => {
    clock = new Date('2026-06-01T04:00:00Z');
    const kind = RECORD_KINDS.contacts;
    const [snoozed, notSnoozed, pastDate] = await seed('contacts', [
      { title: 'Snoozed', set: { snoozedUntil: new Date('2026-06-08T04:00:00Z') } },
      { title: 'Not Snoozed' },
      { title: 'Past Date', set: { snoozedUntil: new Date('2026-06-01T03:00:00Z') } },
    ]);
    const replied = (id: string) => server.deps.db.transaction((tx) => endSnoozeOnReply(tx, kind, id, clock));
    expect(await replied(snoozed.id)).toBe(true);
    expect(await replied(snoozed.id)).toBe(false);
    expect(await replied(notSnoozed.id)).toBe(false);
    expect(await replied(pastDate.id)).toBe(false);
    expect(await server.deps.db.transaction((tx) => endSnoozeOnReply(tx, RECORD_KINDS.subscribers, snoozed.id, clock))).toBe(
      false,
    );

    expect(await get(`${path('contacts')}/${snoozed.id}`)).toMatchObject({ snoozedUntil: null });
    expect(await get(`${path('contacts')}/${pastDate.id}`)).toMatchObject({ snoozedUntil: '2026-06-01T03:00:00.000Z' });
    expect((await timeline('contacts', snoozed.id)).slice(1)).toEqual([
      expect.objectContaining({ type: 'snooze-ended', why: 'reply', actor: null }),
    ]);
    expect((await timeline('contacts', notSnoozed.id)).map((e) => e.type)).toEqual(['received']);
  });

  /** The mails delivered with this subject, once `count` of them arrived. */
  async function delivered(subject: string, count = 1) {
    await expect.poll(() => smtp.received.filter((m) => m.mail.subject === subject).length, { timeout: 10_000 }).toBe(count);
    return smtp.received.filter((m) => m.mail.subject === subject).reverse();
  }
});

/** The job checks every minute and the views are asked all day: each reads a range of a partial index (migration 1795000003200). */
describe.each(TEST_ENGINES)('the follow-up reads on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine, env: { FOLLOW_UP_CHECK_MS: String(24 * HOUR) } });
  });
  afterAll(() => server?.close());

  const plan = ({ sql, params }: { sql: string; params: unknown[] }) => queryPlan(server.deps.db, engine, sql, params);

  it('the job reads only the follow-ups and the snoozes that are due', async () => {
    const now = dbTime(engine, new Date());
    const kind = RECORD_KINDS.inquiries;
    for (const [query, index] of [
      [dueFollowUps(kind, now), 'inquiries_follow_up_due'],
      [dueSnoozes(kind, now), 'inquiries_snoozed'],
    ] as const) {
      const read = await plan({ sql: `${query.sql} LIMIT 100`, params: query.params });
      expect(read).toContain(index);
      expect(read).not.toMatch(/\bSCAN inquiries\b|Seq Scan/);
    }
  });

  // SQLite keeps no statistics, so its choice is the one the indexes alone make; PostgreSQL weighs its own.
  it.runIf(engine === 'sqlite')('“my follow-ups today” and “overdue” read a range of the owner’s follow-ups', async () => {
    const def = listDefinitionOf(RECORD_KINDS.inquiries);
    for (const followUp of ['today', 'overdue']) {
      const filter = { q: '', since: null, filters: { owner: '00000000-0000-4000-8000-000000000001', followUp } };
      const [first] = (await sortOrderOf(server.deps, def, DEFAULT_SORT, filter)).segments;
      const read = await plan(segmentQuery(server.deps, def, filteredRows(server.deps, def, filter), first, null, 51));
      expect(read, followUp).toContain('USING INDEX inquiries_owner_follow_up');
    }
  });
});

describe.each(TEST_ENGINES)('the follow-up job of a running server on %s', (engine) => {
  it('checks by itself every FOLLOW_UP_CHECK_MS: a due follow-up is announced without anyone asking', async () => {
    const server = await startTestServer({ engine, env: { FOLLOW_UP_CHECK_MS: '50' } });
    try {
      const events = recordEvents(server);
      const row = recordRow('contacts', new Date(), { name: 'Due Now', followUpAt: new Date(Date.now() - HOUR) });
      await seedRows(server.deps.db, 'contacts', [row]);
      await expect
        .poll(async () => (await events.settle()).filter((e) => e.summary.id === row.id && e.change?.type === 'follow-up'), {
          timeout: 10_000,
        })
        .toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});
