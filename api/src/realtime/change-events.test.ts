import {
  ADMIN_LISTS,
  RESYNC_MESSAGE,
  WS_PROTOCOL,
  type DeskListName,
  type RealtimeEvent,
  type RealtimeSummary,
} from '@sourcing/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { recordEvent } from '../records/present-record';
import type { AnyRow } from '../records/record-kind';
import { RECORD_KINDS } from '../records/record-kinds';
import { recordRow, seedRows } from '../test/factories';
import { call, startTestServer, TEST_ADMIN, type TestServer } from '../test/support';
import { notifyPayload, NOTIFY_PAYLOAD_LIMIT_BYTES, SUMMARY_TEXT_MAX_CHARS } from './notify-payload';

const summary = (overrides: Partial<RealtimeSummary> = {}): RealtimeSummary => ({
  id: '7',
  kind: 'inquiry',
  displayName: 'Asha Rao',
  detail: 'Rao Metals',
  createdAt: new Date(0).toISOString(),
  ...overrides,
});

describe('the NOTIFY payload of an event', () => {
  it('is the event as JSON, name and detail cut at 500 characters as the trigger cuts them', () => {
    const event: RealtimeEvent = { event: 'inquiryUpdated', summary: summary() };
    expect(JSON.parse(notifyPayload(event))).toEqual(event);
    // Characters, not UTF-16 units: an astral letter counts once, as in PostgreSQL's left().
    const long = '𝔄'.repeat(SUMMARY_TEXT_MAX_CHARS + 10);
    const cut = JSON.parse(notifyPayload({ event: 'inquiryUpdated', summary: summary({ displayName: long, detail: long }) }));
    expect(cut.summary.displayName).toBe('𝔄'.repeat(SUMMARY_TEXT_MAX_CHARS));
    expect(cut.summary.detail).toBe('𝔄'.repeat(SUMMARY_TEXT_MAX_CHARS));
  });

  it('is the resync message when the event would not fit, so admins re-read and the change still commits', () => {
    const text = `moved ${'é'.repeat(NOTIFY_PAYLOAD_LIMIT_BYTES / 2)} to Quoted`;
    const by = { ...TEST_ADMIN, name: TEST_ADMIN.email };
    const from = { status: 'New', ownerId: null };
    const change = { by, type: 'status' as const, text, status: 'Quoted', ownerId: null, version: 2, from };
    expect(notifyPayload({ event: 'inquiryUpdated', summary: summary(), change })).toBe(RESYNC_MESSAGE);
  });
});

/** Every message an admin's socket receives on one replica. */
async function openSocket(server: TestServer) {
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/api/ws`, [WS_PROTOCOL, server.deps.tokens.sign(TEST_ADMIN)]);
  const messages: string[] = [];
  ws.on('message', (data) => messages.push(String(data)));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  return { ws, messages };
}
type Socket = Awaited<ReturnType<typeof openSocket>>;

const MARKER = 'delivery-marker-';
const events = (socket: Socket) => socket.messages.filter((m) => m !== RESYNC_MESSAGE).map((m) => JSON.parse(m) as RealtimeEvent);
/** The staff changes a socket received, as [record id, change type], in the order they arrived. */
const changesOn = (socket: Socket) =>
  events(socket)
    .filter((e) => e.change)
    .map((e) => [e.summary.id, e.change!.type]);

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('staff changes on two replicas of one PostgreSQL', () => {
  let a: TestServer;
  let b: TestServer;
  let sockets: Socket[];
  let markers = 0;

  beforeAll(async () => {
    a = await startTestServer({ engine: 'postgres' });
    b = await startTestServer({ engine: 'postgres', sameDatabaseAs: a });
    sockets = [await openSocket(a), await openSocket(b)];
  });
  afterEach(() => vi.restoreAllMocks());
  afterAll(async () => {
    for (const { ws } of sockets ?? []) ws.close();
    await b?.close();
    await a?.close();
  });

  /**
   * Waits until both sockets have everything committed so far: a marker NOTIFYed now arrives after
   * every event committed before it (PostgreSQL delivers notifications in commit order).
   */
  async function delivered() {
    markers += 1;
    const id = `${MARKER}${markers}`;
    await b.deps.bus.publish({ event: 'contactUpdated', summary: summary({ id, kind: 'contact' }) });
    await expect
      .poll(() => sockets.every((socket) => events(socket).some((e) => e.summary.id === id)), { timeout: 5000 })
      .toBe(true);
  }

  async function seed<N extends DeskListName>(list: N, overrides: Partial<AnyRow> = {}) {
    const row = recordRow(list, new Date(), overrides as never);
    await seedRows(a.deps.db, list, [row]);
    return row as unknown as AnyRow;
  }
  const send = (method: string, path: string, body?: unknown) =>
    call(a, `/api${path}`, {
      method,
      headers: { ...a.adminHeaders(), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const pathOf = (list: DeskListName, id: string) => `${ADMIN_LISTS[list].path}/${id}`;

  it('a new record: the trigger sends the very payload the app encodes', async () => {
    const row = await seed('contacts', { name: '𝔄'.repeat(SUMMARY_TEXT_MAX_CHARS + 100) });
    await delivered();
    const expected = JSON.parse(notifyPayload(recordEvent(RECORD_KINDS.contacts, row))) as RealtimeEvent;
    for (const socket of sockets) expect(events(socket).filter((e) => e.summary.id === row.id)).toEqual([expected]);
  });

  it('each change made through replica A reaches the admins of A and of B exactly once, from its own transaction', async () => {
    const [inquiry, offer, contact] = [await seed('inquiries'), await seed('supplierInquiries'), await seed('contacts')];
    await delivered();
    for (const socket of sockets) socket.messages.length = 0;
    // The transaction is the only way out: the after-commit publisher (lost in a crash) is never used.
    const publish = vi.spyOn(a.deps.bus, 'publish').mockRejectedValue(new Error('publisher gone'));

    expect((await send('PATCH', pathOf('inquiries', inquiry.id), { version: 1, status: 'Quoted' })).status).toBe(200);
    const bulk = await send('POST', `${ADMIN_LISTS.supplierInquiries.path}/bulk`, {
      records: [{ id: offer.id, version: 1 }],
      ownerId: TEST_ADMIN.id,
    });
    expect(bulk.status, bulk.text).toBe(200);
    expect((await send('POST', `${pathOf('inquiries', inquiry.id)}/notes`, { text: 'Called back' })).status).toBe(201);
    expect((await send('POST', `${pathOf('inquiries', inquiry.id)}/links`, { id: offer.id })).status).toBe(201);
    expect((await send('DELETE', `${pathOf('inquiries', inquiry.id)}/links/${offer.id}`)).status).toBe(200);
    expect((await send('POST', `${pathOf('contacts', contact.id)}/reply`, { message: 'Thanks' })).status).toBe(201);
    expect(publish).not.toHaveBeenCalled();
    publish.mockRestore();

    await delivered();
    for (const socket of sockets) {
      expect(changesOn(socket)).toEqual([
        [inquiry.id, 'status'],
        [offer.id, 'owner'],
        [inquiry.id, 'note'],
        [inquiry.id, 'link'],
        [inquiry.id, 'link'],
        [contact.id, 'mail'],
        // The reply answered the open contact message: a status change of its own.
        [contact.id, 'status'],
      ]);
    }
  });

  it('a change refused or rolled back sends nothing', async () => {
    const [inquiry, doomed] = [await seed('inquiries'), await seed('contacts')];
    expect((await send('PATCH', pathOf('inquiries', inquiry.id), { version: 1, status: 'Quoted' })).status).toBe(200);
    await delivered();
    for (const socket of sockets) socket.messages.length = 0;

    // A stale version: 409, nothing changed, nothing announced.
    expect((await send('PATCH', pathOf('inquiries', inquiry.id), { version: 1, status: 'Lost', reason: 'Other' })).status).toBe(
      409,
    );
    // A transaction that fails at COMMIT, after its NOTIFY: PostgreSQL drops the notification with it.
    const { db } = a.deps;
    await db.run(`CREATE FUNCTION "doom"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN RAISE EXCEPTION 'refused at commit'; END $$`);
    await db.run(`CREATE CONSTRAINT TRIGGER "doom" AFTER INSERT ON "record_events" DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW WHEN (NEW."recordId" = '${doomed.id}') EXECUTE FUNCTION "doom"()`);
    try {
      expect((await send('PATCH', pathOf('contacts', doomed.id), { version: 1, status: 'Answered' })).status).toBe(500);
      expect((await send('POST', `${pathOf('contacts', doomed.id)}/notes`, { text: 'Lost' })).status).toBe(500);
    } finally {
      await db.run(`DROP TRIGGER "doom" ON "record_events"`);
      await db.run(`DROP FUNCTION "doom"()`);
    }
    expect((await call(a, `/api${pathOf('contacts', doomed.id)}`, { headers: a.adminHeaders() })).body).toMatchObject({
      version: 1,
    });
    // Its audit entries went with it.
    expect((await call(a, `/api/admin/audit?subjectId=${doomed.id}`, { headers: a.adminHeaders() })).body.data).toEqual([]);

    await delivered();
    for (const socket of sockets) expect(changesOn(socket)).toEqual([]);
  });
});
