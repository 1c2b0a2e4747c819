import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import Database from 'better-sqlite3';
import busboy from 'busboy';
import Koa, { type Context } from 'koa';
import { koaBody } from 'koa-body';
import pg from 'pg';
import {
  foldText,
  matchTerms,
  RECORD_DEFINITIONS,
  referenceFieldOf,
  SPAM_STATUS,
  wireName,
  type RecordDefinition,
} from '@sourcing/shared';
import { channelFor } from '@sourcing/api/realtime/postgres-event-bus';
import { derivedColumns } from '@sourcing/api/records/derived-columns';
import { randomReference } from '@sourcing/api/records/references/reference';
import { trendBuckets } from '@sourcing/api/routes/admin/stats/trend-buckets';

/**
 * The database floor: plain Koa running the API's own SQL statements for the benchmarked routes
 * (on the schema the API's migrations made, triggers and indexes included) through
 * better-sqlite3 prepared statements or a `pg` pool, answering the same JSON. No ORM, no
 * validation, no auth, no middleware beyond body parsing. The API's req/s divided by this
 * app's is the share of what the database allows that the product keeps.
 */

const databaseUrl = process.env.DATABASE_URL;
const dataDir = process.env.DATA_DIR!;
const uploadsDir = join(dataDir, 'uploads');
const linkKey = `uploads:${process.env.JWT_SECRET}`;
const LINK_TTL_SECONDS = 15 * 60;
const PAGE = 50;
const SLOT_MS = 900_000;
const TIME_ZONE = process.env.TIME_ZONE ?? 'UTC';

const inquiry: RecordDefinition = RECORD_DEFINITIONS.inquiries;
const contact: RecordDefinition = RECORD_DEFINITIONS.contacts;
const FILE_FIELD = inquiry.fields.find((f) => f.kind === 'files')!;
/** The sales desk's columns, stored and presented after the definition's fields (docs/admin.md#sales-desk). */
const DESK_COLUMNS = ['status', 'ownerId', 'version'];

/** What one SQL round trip needs on either engine: `?` placeholders are numbered for PostgreSQL. */
interface Sql {
  all(sql: string, params: unknown[]): Promise<Record<string, unknown>[]>;
  run(sql: string, params: unknown[]): Promise<void>;
  transaction(statements: [string, unknown[]][]): Promise<void>;
  time(date: Date): Date | string;
  readTime(value: unknown): Date;
}

function sqliteSql(): Sql {
  const db = new Database(join(dataDir, 'sourcing.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  db.pragma('synchronous = NORMAL');
  const prepared = new Map<string, Database.Statement>();
  const prepare = (sql: string) => prepared.get(sql) ?? prepared.set(sql, db.prepare(sql)).get(sql)!;
  return {
    all: (sql, params) => Promise.resolve(prepare(sql).all(...params) as Record<string, unknown>[]),
    run(sql, params) {
      prepare(sql).run(...params);
      return Promise.resolve();
    },
    transaction(statements) {
      db.transaction(() => statements.forEach(([sql, params]) => prepare(sql).run(...params)))();
      return Promise.resolve();
    },
    time: (date) => date.toISOString().replace('T', ' ').replace('Z', ''),
    readTime: (value) => new Date(`${String(value).replace(' ', 'T')}Z`),
  };
}

function postgresSql(url: string): Sql {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const numbered = new Map<string, string>();
  const number = (sql: string) => {
    let n = 0;
    return (
      numbered.get(sql) ??
      numbered
        .set(
          sql,
          sql.replace(/\?/g, () => `$${++n}`),
        )
        .get(sql)!
    );
  };
  return {
    all: async (sql, params) => (await pool.query(number(sql), params)).rows as Record<string, unknown>[],
    async run(sql, params) {
      await pool.query(number(sql), params);
    },
    async transaction(statements) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        for (const [sql, params] of statements) await client.query(number(sql), params);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
    time: (date) => date,
    readTime: (value) => value as Date,
  };
}

const sql = databaseUrl ? postgresSql(databaseUrl) : sqliteSql();

/**
 * A count the API keeps in PostgreSQL's rate_limits table (rate-limiter-flexible's upsert, one
 * statement): the public-post limit per address, and an upload's KiB in the per-address and
 * global hourly budgets (given back, as negative points, when the upload used less).
 */
async function countLimit(name: string, key: string, points: number) {
  if (!databaseUrl) return;
  const now = Date.now();
  const expire = now + (name === 'public-post' ? 60_000 : 3_600_000);
  await sql.all(
    `INSERT INTO "rate_limits" VALUES (?, ?, ?)
ON CONFLICT("key") DO UPDATE SET
  "points" = CASE WHEN "rate_limits"."expire" <= ? THEN ? ELSE "rate_limits"."points" + (?) END,
  "expire" = CASE WHEN "rate_limits"."expire" <= ? THEN ? ELSE "rate_limits"."expire" END
RETURNING "points", "expire"`,
    [`${name}:${key}`, points, expire, now, points, points, now, expire],
  );
}

/** The realtime event the API sends after a submission commits: a NOTIFY on PostgreSQL (the same statement). */
const channel = databaseUrl
  ? sql.all('SELECT current_schema() AS "schema"', []).then(([row]) => channelFor(String(row.schema)))
  : null;

async function announce(definition: RecordDefinition, row: Record<string, unknown>, now: Date) {
  if (!channel) return;
  const summary = {
    id: row.id,
    kind: definition.kind,
    displayName: String(row[definition.title]),
    ...(definition.detail ? { detail: String(row[definition.detail]) } : {}),
    createdAt: now.toISOString(),
  };
  await sql.all('SELECT pg_notify(?, ?)', [await channel, JSON.stringify({ event: definition.event, summary })]);
}

/** The stored columns of a kind, in definition order, then the sales desk's. */
function columnsOf(definition: RecordDefinition) {
  return [
    ...definition.fields.map((f) => (f.kind === 'files' ? 'attachments' : f.key)),
    ...(definition.statuses ? DESK_COLUMNS : []),
  ];
}

function insertStatement(table: string, values: Record<string, unknown>): [string, unknown[]] {
  const columns = Object.keys(values);
  return [
    `INSERT INTO "${table}"(${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
    columns.map((c) => values[c]),
  ];
}

/**
 * A submission's stored values: each field from its submitted name, lists as JSON, the desk's first
 * status, and the folded search text and sort keys the API computes in JavaScript as it stores one.
 */
function storedRow(definition: RecordDefinition, body: Record<string, unknown>, now: Date, files: unknown[] | null) {
  const values: Record<string, unknown> = { id: randomUUID() };
  const reference = referenceFieldOf(definition);
  for (const field of definition.fields) {
    const value = body[wireName(field)];
    if (field.kind === 'date') values[field.key] = sql.time(now);
    else if (field === reference) values[field.key] = randomReference(reference.prefix);
    else if (field.kind === 'files') values.attachments = files ?? [];
    else if (field.kind === 'list') values[field.key] = typeof value === 'string' ? JSON.parse(value) : (value ?? []);
    else values[field.key] = value ?? '';
  }
  const row = { ...values, ...derivedColumns(definition, values) };
  for (const [key, value] of Object.entries(row)) if (Array.isArray(value)) row[key] = JSON.stringify(value);
  if (definition.statuses) Object.assign(row, { status: definition.statuses[0], ownerId: null, version: 1 });
  return row;
}

/**
 * The spam check's one statement: the proof's key claimed once. The driver takes the proof as
 * sound (checking it is the API's work, not the database's) and claims a random key.
 */
async function claimProof() {
  await sql.all(
    `INSERT INTO "used_form_proofs" ("key", "expiresAt") VALUES (?, ?) ON CONFLICT ("key") DO NOTHING RETURNING "key"`,
    [randomBytes(32).toString('hex'), Date.now() + 600_000],
  );
}

const MAIL_FROM = 'no-reply@localhost';
const mailDir = join(dataDir, 'mail');
mkdirSync(mailDir, { recursive: true });
/** The driver's mails are leased to itself when queued, so the API's outbox worker (same database) leaves them alone. */
const DRIVER_LEASE_MS = 3_600_000;

interface QueuedMail {
  id: string;
  message: string;
}

let deliveries = Promise.resolve();

/**
 * After the answer, one mail at a time, as the API's outbox worker files a mail when no SMTP_URL
 * is set (api/src/mail/outbox-worker.ts): the `.eml` file, then the row marked filed. The
 * worker's claim (one UPDATE per ten mails) is not repeated: the driver's mails are leased at insert.
 */
function deliverLater(mail: QueuedMail) {
  deliveries = deliveries
    .then(async () => {
      await writeFile(join(mailDir, `${mail.id}.eml`), mail.message);
      await sql.run(
        `UPDATE "mail_outbox" SET "state" = ?, "deliveredAt" = ?, "leaseUntil" = NULL, "lastError" = NULL WHERE "id" = ?`,
        ['filed', sql.time(new Date()), mail.id],
      );
    })
    .catch((error: unknown) => console.error('driver: mail delivery failed', error));
}

/**
 * The API's statements for a new submission, in its order (api/src/records/create-record.ts): the
 * row under a savepoint (its reference is unique), its confirmation in the outbox and the
 * timeline's line for it, its match terms, then its file index rows. The outbox row keeps what
 * to say (its words as JSON) and a Message-ID, as the API's does; the filed copy is the same text as
 * plain lines: writing MIME is the API's work, not the database's.
 */
function submission(definition: RecordDefinition, table: string, row: Record<string, unknown>, files: Upload[], now: Date) {
  const to = String(row.email);
  const subject = `We received your submission — ${String(row.reference)}`;
  const copy = Object.entries(row)
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join('\n');
  const mail: QueuedMail = {
    id: randomUUID(),
    message: `From: ${MAIL_FROM}\r\nTo: ${to}\r\nSubject: ${subject}\r\n\r\n${copy}\r\n\r\n<table>${copy}</table>`,
  };
  const statements: [string, unknown[]][] = [
    ['SAVEPOINT "reference"', []],
    insertStatement(table, row),
    ['RELEASE SAVEPOINT "reference"', []],
    insertStatement('mail_outbox', {
      id: mail.id,
      purpose: 'confirmation',
      recordKind: definition.kind,
      recordId: row.id,
      sender: MAIL_FROM,
      recipients: JSON.stringify([to]),
      subject,
      content: JSON.stringify({ from: MAIL_FROM, text: copy, html: `<table>${copy}</table>` }),
      messageId: `<${mail.id}@localhost>`,
      state: 'pending',
      attempts: 0,
      nextAttemptAt: sql.time(now),
      leaseUntil: sql.time(new Date(now.getTime() + DRIVER_LEASE_MS)),
      lastError: null,
      createdAt: sql.time(now),
      deliveredAt: null,
    }),
    insertStatement('record_events', {
      recordKind: definition.kind,
      recordId: row.id,
      type: 'mail',
      actorId: null,
      actorEmail: null,
      details: JSON.stringify({ purpose: 'confirmation', to: [to], subject }),
      createdAt: sql.time(now),
    }),
  ];
  if (definition.list === 'inquiries') {
    const values = Object.fromEntries(
      definition.fields.map((f) => [f.key, f.kind === 'list' ? (JSON.parse(row[f.key] as string) as unknown) : row[f.key]]),
    );
    const { names, words } = matchTerms(definition.list, values);
    const term = (source: string) => (text: string) =>
      insertStatement('record_terms', { recordKind: definition.kind, recordId: row.id, source, term: text });
    statements.push(...names.map(term('name')), ...words.map(term('word')));
  }
  for (const f of files)
    statements.push(
      insertStatement('uploaded_files', {
        storedName: f.storedName,
        originalName: f.originalName,
        mimeType: f.mimeType,
        size: f.size,
        recordKind: definition.kind,
        recordId: row.id,
        createdAt: sql.time(now),
      }),
    );
  return { statements, mail };
}

interface Upload {
  storedName: string;
  originalName: string;
  mimeType: string;
  size: number;
}

/** Multipart: text fields, and each file streamed to a stored name in the uploads folder. */
function readMultipart(ctx: Context): Promise<{ fields: Record<string, string>; files: Upload[] }> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    const writes: Promise<Upload>[] = [];
    const parser = busboy({ headers: ctx.req.headers });
    parser.on('field', (name, value) => (fields[name] = value));
    parser.on('file', (_name, stream, info) => {
      const originalName = info.filename ?? 'file';
      const storedName = `${randomUUID()}${extname(originalName)}`;
      let size = 0;
      stream.on('data', (chunk: Buffer) => (size += chunk.length));
      writes.push(
        pipeline(stream, createWriteStream(join(uploadsDir, storedName))).then(() => ({
          storedName,
          originalName,
          mimeType: info.mimeType,
          size,
        })),
      );
    });
    parser.on('error', reject);
    parser.on('close', () => void Promise.all(writes).then((files) => resolve({ fields, files }), reject));
    ctx.req.pipe(parser);
  });
}

function signedUrl(origin: string, storedName: string, nowMs: number) {
  const expires = Math.floor(nowMs / 1000) + LINK_TTL_SECONDS;
  const sig = createHmac('sha256', linkKey).update(`${storedName}\n${expires}`).digest('base64url');
  return `${origin}/api/uploads/${encodeURIComponent(storedName)}?expires=${expires}&sig=${sig}`;
}

/** A row as the API presents an inquiry: every field, the files with signed links, then the dates in ISO. */
function presentInquiry(row: Record<string, unknown>, origin: string, nowMs: number) {
  const record: Record<string, unknown> = { _id: row.id };
  for (const field of inquiry.fields) {
    if (field.kind === 'list') record[field.key] = JSON.parse(row[field.key] as string);
    else if (field.kind !== 'files' && field.kind !== 'date') record[field.key] = row[field.key];
  }
  const files = JSON.parse(row.attachments as string) as Upload[];
  record.attachment = FILE_FIELD.maxFiles === 1 ? (files[0]?.storedName ?? null) : files.map((f) => f.storedName);
  record.attachmentFiles = files.map((f) => ({ ...f, url: signedUrl(origin, f.storedName, nowMs) }));
  for (const field of inquiry.fields) if (field.kind === 'date') record[field.key] = sql.readTime(row[field.key]).toISOString();
  for (const column of DESK_COLUMNS) record[column] = column === 'version' ? Number(row[column]) : row[column];
  return record;
}

const INQUIRY_COLUMNS = ['id', ...columnsOf(inquiry)].map((c) => `r."${c}"`).join(', ');
const STATUS_COUNTS = `SELECT "status", "total" FROM "record_status_counts" WHERE "table_name" = ?`;
/** Every status but Spam: the default view's rows and total. */
const notSpam = (counts: Record<string, unknown>[]) =>
  counts.reduce((sum, c) => (c.status === SPAM_STATUS ? sum : sum + Number(c.total)), 0);

/**
 * The page's records the admin has not read (docs/api.md#read-state): newer than their watermark
 * (else their account's creation) and not read one by one. The bench signs in its one admin.
 */
async function unreadIdsOf(page: Record<string, unknown>[]): Promise<string[]> {
  const [[admin], marks] = await Promise.all([
    sql.all(`SELECT "id", "created_at" FROM "admins" LIMIT 1`, []),
    sql.all(`SELECT "recordKind", "readUpTo" FROM "read_watermarks" WHERE "adminId" = (SELECT "id" FROM "admins" LIMIT 1)`, []),
  ]);
  const mark = marks.find((m) => m.recordKind === 'inquiry');
  const since = mark ? sql.readTime(mark.readUpTo) : new Date(Number(admin.created_at));
  const candidates = page.filter((row) => sql.readTime(row.createdAt) > since).map((row) => String(row.id));
  if (candidates.length === 0) return [];
  const read = await sql.all(
    `SELECT "recordId" FROM "record_reads" WHERE "adminId" = ? AND "recordKind" = 'inquiry' AND "recordId" IN (${candidates.map(() => '?').join(', ')})`,
    [admin.id, ...candidates],
  );
  const readIds = new Set(read.map((r) => String(r.recordId)));
  return candidates.filter((id) => !readIds.has(id));
}

async function inquiryList(ctx: Context) {
  const q = typeof ctx.query.q === 'string' ? foldText(ctx.query.q.trim()) : '';
  const search = !q
    ? []
    : [databaseUrl ? `r."searchText" LIKE ?` : `r.id IN (SELECT "id" FROM "inquiries_search" WHERE "text" LIKE ?)`];
  const where = `WHERE ${[...search, 'r."status" <> ?'].join(' AND ')}`;
  const params = [...(q ? [`%${q}%`] : []), SPAM_STATUS];
  // A search counts its matches per status (the tabs follow it); otherwise the trigger-kept counts.
  const [byStatus, rows] = await Promise.all([
    q
      ? sql.all(
          `SELECT r."status" AS "status", COUNT(*) AS "total" FROM "inquiries" "r" WHERE ${search[0]} GROUP BY r."status"`,
          [`%${q}%`],
        )
      : sql.all(STATUS_COUNTS, ['inquiries']),
    sql.all(
      `SELECT ${INQUIRY_COLUMNS} FROM "inquiries" "r" ${where} ORDER BY r."createdAt" DESC, r."id" DESC LIMIT ${PAGE + 1}`,
      params,
    ),
  ]);
  const total = notSpam(byStatus);
  const page = rows.slice(0, PAGE);
  const origin = `${ctx.protocol}://${ctx.host}`;
  const nowMs = Date.now();
  const last = page.at(-1);
  ctx.set('Cache-Control', 'no-store');
  ctx.body = {
    data: page.map((row) => presentInquiry(row, origin, nowMs)),
    total,
    nextCursor:
      rows.length > PAGE && last
        ? Buffer.from(JSON.stringify([sql.readTime(last.createdAt).toISOString(), last.id])).toString('base64url')
        : null,
    statusCounts: Object.fromEntries(
      inquiry.statuses!.map((status) => [status, Number(byStatus.find((c) => c.status === status)?.total ?? 0)]),
    ),
    unreadIds: await unreadIdsOf(page),
  };
}

async function stats(ctx: Context) {
  const { labels, bounds } = trendBuckets('month', new Date(), TIME_ZONE);
  const sums = labels.map(
    (_, i) => `(SELECT COALESCE(SUM("total"), 0) FROM "inquiry_slot_counts" WHERE "slot" >= ? AND "slot" < ?) AS "c${i}"`,
  );
  const slot = (bound: Date) => Math.ceil(bound.getTime() / SLOT_MS);
  const newest = (kind: string, table: string, title: string, worked: boolean) =>
    `SELECT * FROM (SELECT '${kind}' AS "kind", "id", "${title}" AS "name", "createdAt" FROM "${table}"
  ${worked ? `WHERE "status" <> '${SPAM_STATUS}'` : ''} ORDER BY "createdAt" DESC, "id" DESC LIMIT 6) AS "${kind}"`;
  const [counts, byStatus, [trend], recent] = await Promise.all([
    sql.all(`SELECT "table_name", "total" FROM "record_counts"`, []),
    sql.all(`SELECT "table_name", "status", "total" FROM "record_status_counts"`, []),
    sql.all(
      `SELECT ${sums.join(',\n  ')}`,
      labels.flatMap((_, i) => [slot(bounds[i]), slot(bounds[i + 1])]),
    ),
    sql.all(
      `SELECT * FROM (
${newest('inquiry', 'inquiries', 'fullName', true)}
UNION ALL
${newest('contact', 'contact_messages', 'name', true)}
UNION ALL
${newest('subscriber', 'subscribers', 'email', false)}
) AS "recent" ORDER BY "createdAt" DESC, "id" DESC LIMIT 6`,
      [],
    ),
  ]);
  const total = (table: string) => Number(counts.find((c) => c.table_name === table)?.total ?? 0);
  const worked = (table: string) => notSpam(byStatus.filter((c) => c.table_name === table));
  ctx.set('Cache-Control', 'no-store');
  ctx.body = {
    totals: {
      subscribers: total('subscribers'),
      inquiries: worked('inquiries'),
      supplierInquiries: worked('supplier_inquiries'),
      contacts: worked('contact_messages'),
    },
    trend: { period: 'month', labels, counts: labels.map((_, i) => Number(trend[`c${i}`] ?? 0)) },
    recent: recent.map((r) => ({
      id: String(r.id),
      kind: r.kind,
      name: r.name,
      createdAt: sql.readTime(r.createdAt).toISOString(),
    })),
  };
}

const app = new Koa();
app.use(koaBody({ multipart: false }));
app.use(async (ctx) => {
  const route = `${ctx.method} ${ctx.path}`;
  if (route === 'GET /api/health') ctx.body = { status: 'ok' };
  else if (route === 'POST /api/contact') {
    await countLimit('public-post', ctx.ip, 1);
    await claimProof();
    const now = new Date();
    const row = storedRow(contact, ctx.request.body as Record<string, unknown>, now, null);
    const { statements, mail } = submission(contact, 'contact_messages', row, [], now);
    await sql.transaction(statements);
    await announce(contact, row, now);
    ctx.status = 201;
    ctx.body = { message: 'Message sent successfully', reference: row.reference };
    deliverLater(mail);
  } else if (route === 'POST /api/inquiry') {
    await countLimit('public-post', ctx.ip, 1);
    await claimProof();
    const reservedKib = Math.ceil(Number(ctx.get('Content-Length')) / 1024);
    await countLimit('upload-address', ctx.ip, reservedKib);
    await countLimit('upload-all', 'all', reservedKib);
    const { fields, files } = await readMultipart(ctx);
    const unusedKib = reservedKib - Math.ceil(files.reduce((sum, f) => sum + f.size, 0) / 1024);
    if (unusedKib > 0)
      await Promise.all([countLimit('upload-address', ctx.ip, -unusedKib), countLimit('upload-all', 'all', -unusedKib)]);
    const now = new Date();
    const row = storedRow(inquiry, fields, now, files);
    const { statements, mail } = submission(inquiry, 'inquiries', row, files, now);
    await sql.transaction(statements);
    await announce(inquiry, row, now);
    ctx.status = 201;
    ctx.body = { message: 'Inquiry submitted successfully', reference: row.reference };
    deliverLater(mail);
  } else if (route === 'GET /api/inquiry/inquiries') await inquiryList(ctx);
  else if (route === 'GET /api/admin/stats') await stats(ctx);
  else ctx.status = 404;
});
const handle = app.callback();
createServer((req, res) => void handle(req, res)).listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
