import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { withProof } from '@sourcing/api/test/form-proof';
import { inquiryForm, inquiryValues } from '@sourcing/api/test/forms';
import { withPostgres } from '@sourcing/api/test/support';
import { RECORD_DEFINITIONS } from '@sourcing/shared';
import type { Store } from './processes';

/**
 * Bulk rows for the growth benchmark: one inquiry is submitted through the API (so every column
 * holds what the product writes), then the database copies it with INSERT ... SELECT over a
 * generated series: new id, reference (INQ-000001, ...), a distinct name and e-mail, and a creation
 * time 37 s older per row (1M rows span about 14 months). Server-side generation: 1M rows take
 * seconds, not hours. The template is found by the reference its submission answered.
 */

const SPACING_SECONDS = 37;
const CHUNK = 250_000;

/** Every stored field of the inquiry's definition but those each copy makes its own (id, reference, name, e-mail, times). */
const COPIED_COLUMNS = RECORD_DEFINITIONS.inquiries.fields
  .filter((f) => f.kind !== 'date' && f.kind !== 'reference' && f.key !== 'fullName' && f.key !== 'email')
  .map((f) => (f.kind === 'files' ? 'attachments' : f.key));
const COLUMN_LIST = COPIED_COLUMNS.map((n) => `"${n}"`).join(', ');
const COPIED_VALUES = COPIED_COLUMNS.map((n) => `t."${n}"`).join(', ');

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
 * Adds inquiries numbered from `from` (inclusive) to `to` (exclusive, at most 1,000,000: references
 * have six digits), copying the template row found by its reference.
 */
export async function seedInquiries(store: Store, template: string, from: number, to: number): Promise<void> {
  for (let start = from; start < to; start += CHUNK) {
    const end = Math.min(to, start + CHUNK) - 1;
    const added = await (store.engine === 'postgres' ? seedPostgres : seedSqlite)(store, template, start, end);
    // A template not found copies nothing: a bench over an empty table would measure nothing.
    if (added !== end - start + 1) throw new Error(`seeding inquiries ${start}-${end} added ${added} rows`);
  }
}

async function seedPostgres(store: Store, template: string, first: number, last: number): Promise<number> {
  const { rowCount } = await withPostgres(store.databaseUrl!, (c) =>
    c.query(
      `INSERT INTO "inquiries" ("id", "reference", "fullName", "email", ${COLUMN_LIST}, "createdAt", "updatedAt")
SELECT gen_random_uuid(), 'INQ-' || lpad(i::text, 6, '0'), 'Buyer ' || i, 'buyer' || i || '@example.com', ${COPIED_VALUES},
  now() - i * interval '${SPACING_SECONDS} seconds', now() - i * interval '${SPACING_SECONDS} seconds'
FROM "inquiries" t CROSS JOIN generate_series($2::int, $3::int) AS i WHERE t."reference" = $1`,
      [template, first, last],
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

function seedSqlite(store: Store, template: string, first: number, last: number): Promise<number> {
  const hex = (bytes: number) => `lower(hex(randomblob(${bytes})))`;
  const uuid = `${hex(4)} || '-' || ${hex(2)} || '-4' || substr(${hex(2)}, 2) || '-a' || substr(${hex(2)}, 2) || '-' || ${hex(6)}`;
  const time = `strftime('%Y-%m-%d %H:%M:%f', 'now', '-' || (i * ${SPACING_SECONDS}) || ' seconds')`;
  return runInSqliteWorker(
    join(store.dataDir, 'sourcing.sqlite'),
    `WITH RECURSIVE s(i) AS (SELECT @first UNION ALL SELECT i + 1 FROM s WHERE i < @last)
INSERT INTO "inquiries" ("id", "reference", "fullName", "email", ${COLUMN_LIST}, "createdAt", "updatedAt")
SELECT ${uuid}, printf('INQ-%06d', i), 'Buyer ' || i, 'buyer' || i || '@example.com', ${COPIED_VALUES}, ${time}, ${time}
FROM "inquiries" t CROSS JOIN s WHERE t."reference" = @template`,
    { first, last, template },
  );
}

/** The keyset cursor of the row at `offset` (newest first), as the API encodes it, to open a deep page. */
export async function cursorAt(store: Store, offset: number): Promise<string> {
  const sql = `SELECT "createdAt", "id" FROM "inquiries" ORDER BY "createdAt" DESC, "id" DESC LIMIT 1 OFFSET ${offset}`;
  let row: { createdAt: Date | string; id: string };
  if (store.engine === 'postgres') {
    row = await withPostgres(store.databaseUrl!, async (c) => (await c.query<typeof row>(sql)).rows[0]);
  } else {
    const db = new Database(join(store.dataDir, 'sourcing.sqlite'), { readonly: true });
    row = db.prepare(sql).get() as typeof row;
    db.close();
  }
  const at = row.createdAt instanceof Date ? row.createdAt : new Date(`${String(row.createdAt).replace(' ', 'T')}Z`);
  return Buffer.from(JSON.stringify([at.toISOString(), row.id])).toString('base64url');
}
