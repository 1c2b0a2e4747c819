import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  FORM_PROOF_HEADER,
  RESYNC_MESSAGE,
  SPAM_CHECK_MESSAGES,
  WS_PROTOCOL,
  type ListPage,
  type RealtimeEvent,
  type SupplierInquiryRecord,
} from '@sourcing/shared';
import type { EntityTarget, ObjectLiteral } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { MIGRATIONS } from '../db/all-migrations';
import { allEntities } from '../db/entities';
import { openDatabase } from '../db/open-database';
import { channelFor } from '../realtime/postgres-event-bus';
import { pdf } from '../test/sample-files';
import { postForm, supplierForm, supplierValues } from '../test/forms';
import { solvedProof, withProof } from '../test/form-proof';
import { replicaSpamCheckEnv, startReplica, stopReplica, type Replica } from '../test/replica-process';
import { jsonBody, postgresUrlWithSchema, withPostgres } from '../test/support';

/**
 * What docker-compose runs, without Docker: two real API processes (the production bundle,
 * `node api/dist/main.js`) on one PostgreSQL schema and one uploads folder, started at the same moment
 * so their migrations race. Whatever replica takes a submission, the other lists it, serves its
 * file and pushes its event to the admins connected to it.
 */

const ADMIN = { email: 'ops@example.com', password: 'replica-admin-password-1' };
function openSocket(url: string, token: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, [WS_PROTOCOL, token]);
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

describe.runIf(process.env.TEST_DATABASE_URL)('two API replicas on one PostgreSQL and one uploads folder', () => {
  const baseUrl = process.env.TEST_DATABASE_URL ?? '';
  const schema = `replicas_${randomBytes(5).toString('hex')}`;
  const replicas: Replica[] = [];
  let databaseUrl: string;
  let sharedDir: string;
  let a: Replica;
  let b: Replica;

  beforeAll(async () => {
    databaseUrl = postgresUrlWithSchema(baseUrl, schema);
    sharedDir = mkdtempSync(join(tmpdir(), 'sourcing-replicas-'));
    await withPostgres(baseUrl, (client) => client.query(`CREATE SCHEMA "${schema}"`));
    const env = {
      DATABASE_URL: databaseUrl,
      JWT_SECRET: `replica-secret-${randomBytes(16).toString('hex')}`,
      UPLOADS_DIR: join(sharedDir, 'uploads'),
      WEB_DIST_DIR: join(sharedDir, 'web'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'info',
      ...replicaSpamCheckEnv(),
    };
    // Both at once, so both run migrate() and ensureFirstAdmin() against the empty schema together.
    const started = await Promise.allSettled([
      startReplica('A', { ...env, DATA_DIR: join(sharedDir, 'data-a') }),
      startReplica('B', { ...env, DATA_DIR: join(sharedDir, 'data-b') }),
    ]);
    // Whichever started is stopped after the tests, even if the other did not.
    for (const result of started) if (result.status === 'fulfilled') replicas.push(result.value);
    for (const result of started) if (result.status === 'rejected') throw result.reason;
    [a, b] = replicas;
  });

  afterAll(async () => {
    await Promise.all(replicas.map(stopReplica));
    await withPostgres(baseUrl, (client) => client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`));
    rmSync(sharedDir, { recursive: true, force: true });
  });

  it('leaves one correct schema after both replicas migrated at once', async () => {
    const db = await openDatabase({ databaseUrl, dataDir: sharedDir });
    try {
      const expected = MIGRATIONS.map((migration) => new migration().name ?? migration.name).sort();
      const applied = await db.all<{ name: string }>('SELECT name FROM migrations ORDER BY name');
      expect(applied.map((row) => row.name)).toEqual(expected);

      // Every table and column the entities map to exists (created once: a second CREATE would have failed a replica).
      const columns = await db.all<{ table_name: string; column_name: string }>(
        'SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = ?',
        [schema],
      );
      const live = columns.map((row) => `${row.table_name}.${row.column_name}`);
      const mapped = allEntities('postgres')
        .map((entity: EntityTarget<ObjectLiteral>) => db.reads.getRepository(entity).metadata)
        .flatMap((entity) => entity.columns.map((column) => `${entity.tableName}.${column.databaseName}`));
      expect(mapped.length).toBeGreaterThan(20);
      expect(live).toEqual(expect.arrayContaining(mapped));

      const admins = await db.all<{ count: string }>('SELECT count(*) AS count FROM admins');
      expect(Number(admins[0].count)).toBe(1);
    } finally {
      await db.close();
    }
  });

  it('shows an offer taken by replica B to an admin of replica A: event, list and file', async () => {
    const login = await fetch(`${a.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    const { accessToken } = (await login.json()) as { accessToken: string };
    const auth = { Authorization: `Bearer ${accessToken}` };

    const socket = await openSocket(`${a.url.replace('http', 'ws')}/api/ws`, accessToken);
    const arrived = new Promise<RealtimeEvent>((resolve) =>
      socket.on('message', (data) => resolve(JSON.parse(String(data)) as RealtimeEvent)),
    );
    try {
      const certificate = pdf();
      const offer = postForm(
        supplierForm(supplierValues(), [{ name: 'certificate.pdf', bytes: certificate, type: 'application/pdf' }]),
      );
      // The challenge comes from replica A, the offer goes to replica B.
      const submitted = await fetch(`${b.url}/api/supplier`, await withProof({ url: a.url }, offer));
      expect(submitted.status).toBe(201);
      const { reference } = (await submitted.json()) as { reference: string };

      const event = await arrived;
      expect(event).toMatchObject({
        event: 'supplierInquiryUpdated',
        summary: { kind: 'supplierInquiry', displayName: 'Sam Supplier', detail: 'Copper Cathode' },
      });

      const list = (await (
        await fetch(`${a.url}/api/supplier/supplierInquires`, { headers: auth })
      ).json()) as ListPage<SupplierInquiryRecord>;
      expect(list.total).toBe(1);
      expect(list.data.map((record) => [record._id, record.reference])).toEqual([[event.summary.id, reference]]);
      const [file] = list.data[0].attachmentFiles;
      expect(file).toMatchObject({ originalName: 'certificate.pdf', mimeType: 'application/pdf', size: certificate.length });

      const download = await fetch(`${a.url}/api/uploads/${file.storedName}`, { headers: auth });
      expect(download.status).toBe(200);
      expect(download.headers.get('content-type')).toBe('application/pdf');
      expect(Buffer.from(await download.arrayBuffer())).toEqual(certificate);
    } finally {
      socket.close();
    }
  });

  it('recovers from killed LISTEN connections: both replicas reconnect, tell their admins to re-sync, and events flow again', async () => {
    const login = await fetch(`${a.url}/api/admin/login`, jsonBody(ADMIN));
    const { accessToken } = (await login.json()) as { accessToken: string };
    const sockets = await Promise.all(
      [a, b].map((replica) => openSocket(`${replica.url.replace('http', 'ws')}/api/ws`, accessToken)),
    );
    // Every message each admin receives, and a way to wait for one that matches.
    const received = sockets.map((socket) => {
      const messages: string[] = [];
      const waiting: { test: (m: string) => boolean; resolve: () => void }[] = [];
      socket.on('message', (data) => {
        const text = String(data);
        messages.push(text);
        for (const w of waiting.filter((w) => w.test(text))) w.resolve();
      });
      const until = (test: (m: string) => boolean) =>
        messages.some(test) ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ test, resolve }));
      return { messages, until };
    });
    try {
      const listenSql = `LISTEN ${channelFor(schema)}`;
      const killed = await withPostgres(baseUrl, async (client) => {
        const { rows } = await client.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE query = $1', [listenSql]);
        for (const { pid } of rows) await client.query('SELECT pg_terminate_backend($1)', [pid]);
        return rows.length;
      });
      expect(killed).toBe(2);

      await Promise.all(received.map(({ until }) => until((m) => m === RESYNC_MESSAGE)));
      for (const replica of [a, b]) expect(replica.output.join('')).toContain('realtime bus reconnected');

      const sent = await fetch(
        `${b.url}/api/contact`,
        await withProof({ url: b.url }, jsonBody({ name: 'Zoë After', email: 'zoe@example.com', message: 'Back?' })),
      );
      expect(sent.status).toBe(201);
      const { reference } = (await sent.json()) as { reference: string };
      // The trigger's event is the one the app would have sent: same fields, same time format.
      const found = (await (
        await fetch(`${a.url}/api/contact?q=${reference}`, { headers: { Authorization: `Bearer ${accessToken}` } })
      ).json()) as ListPage<{ _id: string; createdAt: string }>;
      expect(found.data).toHaveLength(1);
      const [{ _id: id, createdAt }] = found.data;
      const isOurs = (m: string) => m !== RESYNC_MESSAGE && (JSON.parse(m) as RealtimeEvent).summary.id === id;
      await Promise.all(received.map(({ until }) => until(isOurs)));
      for (const { messages } of received) {
        expect(messages.filter(isOurs).map((m) => JSON.parse(m) as RealtimeEvent)).toEqual([
          {
            event: 'contactUpdated',
            summary: { id, kind: 'contact', displayName: 'Zoë After', detail: 'zoe@example.com', createdAt },
          },
        ]);
      }
    } finally {
      for (const socket of sockets) socket.close();
    }
  });

  it('accepts a proof of work once across both replicas', async () => {
    const proof = await solvedProof({ url: b.url });
    const subscribe = (replica: Replica, email: string) =>
      fetch(`${replica.url}/api/subscribers`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [FORM_PROOF_HEADER]: proof },
        body: JSON.stringify({ email }),
      });
    expect((await subscribe(a, 'first@example.com')).status).toBe(201);
    const replayed = await subscribe(b, 'second@example.com');
    expect(replayed.status).toBe(400);
    expect(await replayed.json()).toEqual({ error: SPAM_CHECK_MESSAGES.used });
  });
});
