import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { withProof } from '@sourcing/api/test/form-proof';
import { inquiryForm, inquiryValues } from '@sourcing/api/test/forms';
import { derivedColumns } from '@sourcing/api/records/derived-columns';
import { withPostgres } from '@sourcing/api/test/support';
import { RECORD_DEFINITIONS } from '@sourcing/shared';
import type { Store } from './processes';

/**
 * Bulk rows for the growth benchmark: one inquiry is submitted through the API (so every column
 * holds what the product writes), then the database copies it with INSERT ... SELECT over a
 * generated series: new id, reference (INQ-000001, ...), a distinct name and e-mail, and a creation
 * time by its number (`Age`: by default 37 s older per row, so 1M rows span about 14 months).
 * Server-side generation: 1M rows take seconds, not hours. The template is found by the reference
 * its submission answered.
 *
 * What the API computes in JavaScript as it stores a record (api/src/records/derived-columns.ts:
 * the folded search text and the sort keys) is copied from the template too, the parts of a copy's
 * own name, e-mail and reference made by SQL: those are ASCII, whose folding is lower(), and their
 * one run of digits gets its length in front as `sortKeyOf` writes it. The first copy of each chunk
 * is then checked against what the API would store.
 */

const SPACING_SECONDS = 37;
const CHUNK = 250_000;

const INQUIRY = RECORD_DEFINITIONS.inquiries;
/** What each copy makes its own; every other column is the template's. */
const OWN_COLUMNS = [
  'id',
  'reference',
  'fullName',
  'email',
  'createdAt',
  'updatedAt',
  'searchText',
  'sort_fullName',
  'sort_email',
  'sort_reference',
];
const STORED_COLUMNS = [
  ...INQUIRY.fields.map((f) => (f.kind === 'files' ? 'attachments' : f.key)),
  ...Object.keys(derivedColumns(INQUIRY, {})),
];
const COPIED_COLUMNS = STORED_COLUMNS.filter((column) => !OWN_COLUMNS.includes(column));

/** The columns a copy takes from the template, and the varied ones with their expressions. */
function copiedColumns(varied: Record<string, string> = {}) {
  const copied = COPIED_COLUMNS.filter((n) => !(n in varied));
  return {
    columns: [...copied, ...Object.keys(varied)].map((n) => `"${n}"`).join(', '),
    values: [...copied.map((n) => `t."${n}"`), ...Object.values(varied)].join(', '),
  };
}
const JSON_COLUMNS = INQUIRY.fields
  .filter((f) => f.kind === 'list' || f.kind === 'files')
  .map((f) => (f.kind === 'files' ? 'attachments' : f.key));

/**
 * The SQL of a copy's own texts and keys from its number: `n` is the number as text and `digits`
 * its six-digit form (each engine spells those its way).
 */
function ownValues(n: string, digits: string, template: Record<string, unknown>) {
  const fullName = `'Buyer ' || ${n}`;
  const email = `'buyer' || ${n} || '@example.com'`;
  const reference = `'INQ-' || ${digits}`;
  // sortKeyOf: lower case, and the length of the one run of digits in front of it.
  const length = `length(${n})`;
  const keys = {
    fullName: `'buyer ' || ${length} || ${n}`,
    email: `'buyer' || ${length} || ${n} || '@example.com'`,
    reference: `'inq-6' || ${digits}`,
  };
  // The template's searched text with the copy's own name, e-mail and reference (lower-cased) in their places.
  // Private-use characters: folding leaves them as they are, and no text holds them.
  const marks = { fullName: '\ue000n\ue000', email: '\ue000e\ue000', reference: '\ue000r\ue000' };
  const marked = derivedColumns(INQUIRY, { ...template, ...marks }).searchText;
  const literals: string[] = [];
  const searchText = marked
    .split(/(\ue000[ner]\ue000)/)
    .filter((piece) => piece !== '')
    .map((piece) => {
      if (piece === marks.fullName) return `lower(${fullName})`;
      if (piece === marks.email) return `lower(${email})`;
      if (piece === marks.reference) return `lower(${reference})`;
      literals.push(piece);
      return `:literal${literals.length - 1}`;
    })
    .join(' || ');
  return {
    columns: '"reference", "fullName", "email", "searchText", "sort_fullName", "sort_email", "sort_reference"',
    values: [reference, fullName, email, searchText, keys.fullName, keys.email, keys.reference].join(', '),
    literals,
  };
}

/** The template's stored values, its lists and files parsed as the API holds them. */
async function readTemplate(store: Store, reference: string): Promise<Record<string, unknown>> {
  const sql = 'SELECT * FROM "inquiries" WHERE "reference" = ?';
  const raw =
    store.engine === 'postgres'
      ? await withPostgres(
          store.databaseUrl!,
          async (c) => (await c.query(sql.replace('?', '$1'), [reference])).rows[0] as Record<string, unknown>,
        )
      : readSqlite(store, (db) => db.prepare(sql).get(reference) as Record<string, unknown>);
  if (!raw) throw new Error(`template inquiry ${reference} not found`);
  const row = { ...raw };
  for (const column of JSON_COLUMNS) row[column] = JSON.parse(String(row[column]));
  return row;
}

function readSqlite<T>(store: Store, read: (db: Database.Database) => T): T {
  const db = new Database(join(store.dataDir, 'sourcing.sqlite'), { readonly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

/** Fails unless the copy numbered `i` holds what the API would have stored for its values. */
async function checkCopy(store: Store, i: number): Promise<void> {
  const copy = await readTemplate(store, `INQ-${String(i).padStart(6, '0')}`);
  const expected = derivedColumns(INQUIRY, copy);
  for (const [column, value] of Object.entries(expected)) {
    if (copy[column] !== value)
      throw new Error(
        `seeded inquiry ${i}: ${column} is ${JSON.stringify(copy[column])}, the API stores ${JSON.stringify(value)}`,
      );
  }
}

/** The row every seeded inquiry copies, submitted through the API (with `files`, every copy lists them); its reference. */
export async function submitTemplateInquiry(apiUrl: string, files: Parameters<typeof inquiryForm>[1] = []): Promise<string> {
  const res = await fetch(
    `${apiUrl}/api/inquiry`,
    await withProof({ url: apiUrl }, { method: 'POST', body: inquiryForm(inquiryValues({ fullName: 'Template Buyer' }), files) }),
  );
  if (res.status !== 201) throw new Error(`template inquiry answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { reference: string }).reference;
}

/**
 * Columns a copy sets by SQL of its own instead of the template's: each column's expression from the
 * copy's number `i` and its creation time `createdAt` (SQL of the engine seeding).
 */
export type VariedColumns = (engine: Store['engine'], i: string, createdAt: string) => Record<string, string>;

/** How many seconds before now the copy numbered `i` arrived: SQL of `i` (a 64-bit integer on both engines). */
export type Age = (i: string) => string;

/** 37 s apart, newest first: 1k rows span 10 hours, 1M about 14 months. */
const SPACED: Age = (i) => `${i} * ${SPACING_SECONDS}`;

/**
 * Spread over the last `days` at every size: each copy's age steps on from the one before by the
 * golden ratio's share of the span (modulo the span), so the first n copies cover the span evenly
 * whatever n is, and the copies added for a larger size fall between those already there.
 */
export function spreadOverDays(days: number): Age {
  const span = days * 86_400;
  const step = Math.round(span * 0.6180339887498949);
  return (i) => `(${i} * ${step}) % ${span}`;
}

/** What the copies make their own beyond their names: `vary`'s columns, and their age (SPACED unless given). */
export interface CopyOptions {
  vary?: VariedColumns;
  age?: Age;
}

/**
 * Adds inquiries numbered from `from` (inclusive) to `to` (exclusive, at most 1,000,000: references
 * have six digits), copying the template row found by its reference, with `options`' columns and age.
 */
export async function seedInquiries(
  store: Store,
  template: string,
  from: number,
  to: number,
  options: CopyOptions = {},
): Promise<void> {
  const values = await readTemplate(store, template);
  for (let start = from; start < to; start += CHUNK) {
    const end = Math.min(to, start + CHUNK) - 1;
    const added = await (store.engine === 'postgres' ? seedPostgres : seedSqlite)(store, template, values, start, end, options);
    // A template not found copies nothing: a bench over an empty table would measure nothing.
    if (added !== end - start + 1) throw new Error(`seeding inquiries ${start}-${end} added ${added} rows`);
    await checkCopy(store, start);
  }
  // What autovacuum does some minutes after a bulk insert, done before the timing starts: the
  // planner's statistics and the visibility map then describe the table the requests read, and
  // no background vacuum of the new rows runs during the measurement. The report counts (by day
  // and by month) too: the triggers updated each of their rows once per inquiry counted, leaving as
  // many dead versions.
  if (store.engine === 'postgres')
    await withPostgres(store.databaseUrl!, (c) => c.query('VACUUM ANALYZE "inquiries", "report_counts", "report_month_counts"'));
}

async function seedPostgres(
  store: Store,
  template: string,
  values: Record<string, unknown>,
  first: number,
  last: number,
  { vary, age = SPACED }: CopyOptions,
): Promise<number> {
  const own = ownValues('i::text', `lpad(i::text, 6, '0')`, values);
  // The literals' names become $4, $5, ... after the template's reference and the range.
  const sql = own.values.replace(/:literal(\d+)/g, (_, n: string) => `$${Number(n) + 4}`);
  const time = `now() - (${age('i')}) * interval '1 second'`;
  const copied = copiedColumns(vary?.('postgres', 'i', time));
  const { rowCount } = await withPostgres(store.databaseUrl!, (c) =>
    c.query(
      `INSERT INTO "inquiries" ("id", ${own.columns}, ${copied.columns}, "createdAt", "updatedAt")
SELECT gen_random_uuid(), ${sql}, ${copied.values}, ${time}, ${time}
FROM "inquiries" t CROSS JOIN generate_series($2::bigint, $3::bigint) AS i WHERE t."reference" = $1`,
      [template, first, last, ...own.literals],
    ),
  );
  return rowCount ?? 0;
}

/**
 * Runs one statement on the SQLite file in a worker thread. Run on this thread, a seed of 1M rows
 * blocked the event loop for minutes: the HTTP client's pooled keep-alive socket could neither
 * expire nor hear the server close it (keepAliveTimeout), and the next request was written into
 * that dead socket (EPIPE, "other side closed").
 */
const SQLITE_SEED_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
try {
  db.pragma('busy_timeout = 10000');
  const { changes } = db.prepare(workerData.sql).run(workerData.params);
  parentPort.postMessage(changes);
} finally {
  db.close();
}`;
const BETTER_SQLITE3 = createRequire(import.meta.url).resolve('better-sqlite3');

function runInSqliteWorker(file: string, sql: string, params: Record<string, unknown>): Promise<number> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(SQLITE_SEED_WORKER, { eval: true, workerData: { driver: BETTER_SQLITE3, file, sql, params } });
    let changes: number | null = null;
    worker.once('message', (n: number) => (changes = n));
    worker.once('error', reject);
    worker.once('exit', (code) =>
      changes === null ? reject(new Error(`SQLite seed worker exited with ${code}`)) : resolve(changes),
    );
  });
}

function seedSqlite(
  store: Store,
  template: string,
  values: Record<string, unknown>,
  first: number,
  last: number,
  { vary, age = SPACED }: CopyOptions,
): Promise<number> {
  const hex = (bytes: number) => `lower(hex(randomblob(${bytes})))`;
  const uuid = `${hex(4)} || '-' || ${hex(2)} || '-4' || substr(${hex(2)}, 2) || '-a' || substr(${hex(2)}, 2) || '-' || ${hex(6)}`;
  const time = `strftime('%Y-%m-%d %H:%M:%f', 'now', '-' || (${age('i')}) || ' seconds')`;
  const own = ownValues('i', `printf('%06d', i)`, values);
  const copied = copiedColumns(vary?.('sqlite', 'i', time));
  return runInSqliteWorker(
    join(store.dataDir, 'sourcing.sqlite'),
    `WITH RECURSIVE s(i) AS (SELECT CAST(@first AS INTEGER) UNION ALL SELECT i + 1 FROM s WHERE i < @last)
INSERT INTO "inquiries" ("id", ${own.columns}, ${copied.columns}, "createdAt", "updatedAt")
SELECT ${uuid}, ${own.values.replace(/:literal/g, '@literal')}, ${copied.values}, ${time}, ${time}
FROM "inquiries" t CROSS JOIN s WHERE t."reference" = @template`,
    { first, last, template, ...Object.fromEntries(own.literals.map((text, n) => [`literal${n}`, text])) },
  );
}

/** The keyset cursor of the row at `offset` (newest first), as the API encodes it, to open a deep page. */
export async function cursorAt(store: Store, offset: number): Promise<string> {
  const sql = `SELECT "createdAt", "id" FROM "inquiries" ORDER BY "createdAt" DESC, "id" DESC LIMIT 1 OFFSET ${offset}`;
  let row: { createdAt: Date | string; id: string };
  if (store.engine === 'postgres') {
    row = await withPostgres(store.databaseUrl!, async (c) => (await c.query<typeof row>(sql)).rows[0]);
  } else {
    row = readSqlite(store, (db) => db.prepare(sql).get() as typeof row);
  }
  const at = row.createdAt instanceof Date ? row.createdAt : new Date(`${String(row.createdAt).replace(' ', 'T')}Z`);
  return Buffer.from(JSON.stringify([at.toISOString(), row.id])).toString('base64url');
}
