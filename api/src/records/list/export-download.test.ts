/** The CSV export on its short-lived signed link: what the admin's browser or desktop app downloads directly. */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { DEFAULT_SORT } from '@sourcing/shared';
import { RECORD_KINDS } from '../record-kinds';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordRow, seedRows } from '../../test/factories';
import { call, startTestServer, TEST_ADMIN, TEST_ENGINES, type TestServer } from '../../test/support';
import { EXPORT_LINK_TTL_SECONDS } from './export-links';
import { allRecords, CSV_BATCH_SIZE, listDefinitionOf } from './record-list';

const START = Date.parse('2026-01-01T00:00:00Z');
const BOM = [0xef, 0xbb, 0xbf];

describe.each(TEST_ENGINES)('CSV export on a signed link on %s', (engine) => {
  let server: TestServer;
  let clock = new Date('2026-11-23T12:00:00Z');
  // Several keyset batches, and text enough for several chunks of the response (~64 KB each).
  const LARGE = Math.max(CSV_BATCH_SIZE * 3, 3000) + 11;

  beforeAll(async () => {
    server = await startTestServer({ engine, now: () => clock });
    await seedRows(server.deps.db, 'contacts', [
      recordRow('contacts', new Date(START), { name: 'Zoë Müller', email: 'zoe@example.com', message: 'Grüße' }),
      recordRow('contacts', new Date(START + 1000), { name: 'Ana', email: 'ana@example.com', message: 'Hola' }),
    ]);
    await seedRows(
      server.deps.db,
      'subscribers',
      Array.from({ length: LARGE }, (_, i) =>
        recordRow('subscribers', new Date(START + i * 1000), { email: `s${i}@example.com` }),
      ),
    );
  });
  afterAll(() => server?.close());

  const linkFor = async (path: string, query = '') => {
    const res = await call(server, `${path}/export-link${query}`, { headers: server.adminHeaders() });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    return (res.body as { url: string }).url;
  };
  const bytesOf = async (url: string) => {
    const res = await fetch(url);
    return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
  };

  it('gives an absolute link that downloads the current search without a header, BOM first', async () => {
    const url = await linkFor('/api/contact', '?q=zo%C3%AB');
    expect(url.startsWith(`${server.url}/api/contact/export.csv?q=zo%C3%AB&by=${TEST_ADMIN.id}&session=&expires=`)).toBe(true);
    const { status, headers, bytes } = await bytesOf(url);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(headers.get('content-disposition')).toBe('attachment; filename="contact-queries-zo-2026-11-23.csv"');
    expect([...bytes.subarray(0, 3)]).toEqual(BOM);
    const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines).toEqual([
      'S.No,Name,Email,Message,Received At,Reference,Status,Owner',
      expect.stringMatching(
        new RegExp(`^1,Zoë Müller,zoe@example\\.com,Grüße,${new Date(START).toISOString()},MSG-\\w{6},Open,$`),
      ),
    ]);
  });

  it('leaves out what a transaction still open has written (SQLite: the export reads on a connection of its own)', async () => {
    const url = await linkFor('/api/contact');
    let written!: () => void;
    const isWritten = new Promise<void>((resolve) => (written = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const open = server.deps.db.transaction(async ({ manager }) => {
      await manager
        .createQueryBuilder()
        .insert()
        .into(RECORD_KINDS.contacts.entity)
        .values(recordRow('contacts', new Date(START + 5000), { name: 'Not Yet Committed', email: 'later@example.com' }))
        .updateEntity(false)
        .execute();
      written();
      await released;
      throw new Error('rolled back');
    });
    await isWritten;
    const { status, bytes } = await bytesOf(url);
    release();
    await expect(open).rejects.toThrow('rolled back');
    expect(status).toBe(200);
    const text = bytes.toString('utf8');
    expect(text).toContain('Zoë Müller');
    expect(text).not.toContain('Not Yet Committed');
  });

  it('refuses the link once expired, or with its query or signature changed', async () => {
    clock = new Date('2026-11-23T12:00:00Z');
    const url = await linkFor('/api/contact', '?q=zo%C3%AB');
    expect((await bytesOf(url.replace('q=zo%C3%AB', 'q=ana'))).status).toBe(401);
    expect((await bytesOf(url.replace('q=zo%C3%AB&', ''))).status).toBe(401);
    expect((await bytesOf(`${url.slice(0, -1)}${url.endsWith('A') ? 'B' : 'A'}`)).status).toBe(401);
    expect((await bytesOf(url.replace('/api/contact/', '/api/subscribers/'))).status).toBe(401);
    clock = new Date(clock.getTime() + (EXPORT_LINK_TTL_SECONDS + 1) * 1000);
    expect((await bytesOf(url)).status).toBe(401);
    clock = new Date('2026-11-23T12:00:00Z');
    expect((await bytesOf(url)).status).toBe(200);
  });

  it('asks for a signed-in admin to give a link, and checks its query first', async () => {
    expect((await call(server, '/api/contact/export-link')).status).toBe(401);
    const bad = await call(server, '/api/contact/export-link?sort=sideways', { headers: server.adminHeaders() });
    expect(bad.status).toBe(400);
  });

  it('streams a list of several batches in many chunks, every row once', async () => {
    const res = await fetch(await linkFor('/api/subscribers'));
    expect(res.status).toBe(200);
    const chunks: Uint8Array[] = [];
    for await (const chunk of res.body!) chunks.push(chunk);
    expect(chunks.length).toBeGreaterThan(1);
    const bytes = Buffer.concat(chunks);
    expect([...bytes.subarray(0, 3)]).toEqual(BOM);
    const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines).toHaveLength(LARGE + 1);
    expect(new Set(lines.slice(1).map((line) => line.split(',')[1])).size).toBe(LARGE);
    expect(lines[1]).toBe(`1,s${LARGE - 1}@example.com,${new Date(START + (LARGE - 1) * 1000).toISOString()},Confirmed`);
  });

  it('lets other requests in between its batches (a SQLite read does not wait, so a long export would hold the server)', async () => {
    let turned = false;
    void nextTurn().then(() => (turned = true));
    let readBeforeTurn = 0;
    const definition = listDefinitionOf(RECORD_KINDS.subscribers);
    for await (const record of allRecords(
      server.deps,
      definition,
      { q: '', since: null, sort: DEFAULT_SORT, filters: {} },
      () => '',
    )) {
      expect(record).toHaveProperty('email');
      if (!turned) readBeforeTurn += 1;
    }
    expect(readBeforeTurn).toBeLessThanOrEqual(CSV_BATCH_SIZE);
  });
});
