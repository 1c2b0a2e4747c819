import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { withPostgres } from '@sourcing/api/test/support';
import type { Store } from './processes';

/** The record tables the four public endpoints write. */
export const RECORD_TABLES = ['contact_messages', 'subscribers', 'inquiries', 'supplier_inquiries'] as const;

/** Runs one read-only query on the store's database, whatever the engine. */
export async function queryStore<T>(store: Store, sql: string): Promise<T[]> {
  if (store.engine === 'postgres') return withPostgres(store.databaseUrl!, async (c) => (await c.query(sql)).rows as T[]);
  const db = new Database(join(store.dataDir, 'sourcing.sqlite'), { readonly: true });
  try {
    db.pragma('busy_timeout = 10000');
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
}

/** Rows per record table, stored names the file index holds, files in the uploads folder and in its incoming folder. */
export async function storeContents(store: Store) {
  const rows: Record<string, number> = {};
  for (const table of RECORD_TABLES) {
    const [{ total }] = await queryStore<{ total: string | number }>(store, `SELECT COUNT(*) AS total FROM "${table}"`);
    rows[table] = Number(total);
  }
  const indexed = (await queryStore<{ storedName: string }>(store, 'SELECT "storedName" FROM "uploaded_files"')).map(
    (r) => r.storedName,
  );
  const uploadsDir = join(store.dataDir, 'uploads');
  const onDisk = readdirSync(uploadsDir).filter((name) => name !== '.incoming');
  const incoming = readdirSync(join(uploadsDir, '.incoming'));
  const indexedSet = new Set(indexed);
  const diskSet = new Set(onDisk);
  return {
    rows,
    indexedFiles: indexed.length,
    filesOnDisk: onDisk.length,
    /** Files on disk no record refers to. */
    orphanFiles: onDisk.filter((name) => !indexedSet.has(name)).length,
    /** Files a record refers to that are not on disk. */
    missingFiles: indexed.filter((name) => !diskSet.has(name)).length,
    incomingLeft: incoming.length,
  };
}

const DELIVERY_POLL_MS = 25;
const DELIVERY_TIMEOUT_MS = 120_000;

/** Resolves when no mail in the store's outbox waits to be delivered (polled: no process announces it). */
export async function mailsDelivered(store: Store): Promise<void> {
  const deadline = Date.now() + DELIVERY_TIMEOUT_MS;
  for (;;) {
    const [{ pending }] = await queryStore<{ pending: string | number }>(
      store,
      `SELECT COUNT(*) AS "pending" FROM "mail_outbox" WHERE "state" = 'pending'`,
    );
    if (Number(pending) === 0) return;
    if (Date.now() > deadline) throw new Error(`${pending} mails still pending after ${DELIVERY_TIMEOUT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, DELIVERY_POLL_MS));
  }
}
