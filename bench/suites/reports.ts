import { randomUUID } from 'node:crypto';
import { withPostgres } from '@sourcing/api/test/support';
import type { Engine, Store } from '../lib/processes';
import { printTable, writeResults, type Row } from '../lib/report';
import { spreadOverDays, type VariedColumns } from '../lib/seed';
import { ratios, timeAtSizes } from '../lib/sizes';
import Database from 'better-sqlite3';
import { join } from 'node:path';

/**
 * The Reports page at growing sizes (docs/admin.md#reports): one admin, one request at a time, at
 * each size (rows added between sizes to the same database, lib/sizes.ts). Rows are seeded as the
 * growth suite seeds them, spread over the same SPAN_DAYS at every size, with what the reports count
 * varied per row: status, owner, source, outcome reason and first response (the searched fields,
 * commodities and port among them, stay the template's).
 */

const STATUSES = ['New', 'In progress', 'Quoted', 'Won', 'Lost', 'New', 'Spam'];
const SOURCES = ["'form'", "'embed'", "'desk'"];
const REASONS = ['Best price', 'Delivery time', 'Price too high', 'Went with a competitor'];

/** The bench admin's id: a quarter of the rows are theirs (owner=mine). */
async function benchAdminId(store: Store): Promise<string> {
  const sql = 'SELECT "id" FROM "admins" LIMIT 1';
  if (store.engine === 'postgres')
    return withPostgres(store.databaseUrl!, async (c) => (await c.query<{ id: string }>(sql)).rows[0].id);
  const db = new Database(join(store.dataDir, 'sourcing.sqlite'), { readonly: true });
  try {
    return (db.prepare(sql).get() as { id: string }).id;
  } finally {
    db.close();
  }
}

/** Each row's counted columns from its number: statuses in turn, four owners (one nobody), three sources, replies within 10 hours. */
function variedBy(staff: string[]): VariedColumns {
  const pick = (i: string, choices: string[]) =>
    `CASE ${i} % ${choices.length} ${choices.map((c, n) => `WHEN ${n} THEN ${c}`).join(' ')} END`;
  const quoted = (texts: string[]) => texts.map((t) => `'${t}'`);
  return (engine, i, createdAt) => {
    const minutes = `(${i} * 7) % 600`;
    const responded =
      engine === 'postgres'
        ? `${createdAt} + (${minutes}) * interval '1 minute'`
        : `strftime('%Y-%m-%d %H:%M:%f', ${createdAt}, '+' || (${minutes}) || ' minutes')`;
    return {
      status: pick(i, quoted(STATUSES)),
      ownerId: pick(`(${i} / 7)`, [...quoted(staff), 'NULL']),
      source: pick(`(${i} / 3)`, SOURCES),
      sourcePartner: `CASE WHEN (${i} / 3) % 3 = 1 THEN 'https://partner.example' ELSE NULL END`,
      outcomeReason: pick(`(${i} / 5)`, quoted(REASONS)),
      firstResponseAt: `CASE WHEN ${i} % 4 = 0 THEN NULL ELSE ${responded} END`,
      firstResponderId: `CASE WHEN ${i} % 4 = 0 THEN NULL ELSE ${pick(`(${i} / 11)`, quoted(staff))} END`,
    };
  };
}

/** The calendar span every size's rows cover, so the sizes differ in rows, not in the days they fill. */
const SPAN_DAYS = 400;

export function reportsOn(engine: Engine, sizes: number[]): Promise<Row[]> {
  return timeAtSizes(
    'reports',
    engine,
    sizes,
    async (store) => ({
      vary: variedBy([await benchAdminId(store), randomUUID(), randomUUID()]),
      age: spreadOverDays(SPAN_DAYS),
    }),
    () => [
      ['reports, last 30 days', '/api/admin/reports'],
      ['reports, last 30 days, mine', '/api/admin/reports?owner=mine'],
      ['reports, one day', `/api/admin/reports?from=${today()}&to=${today()}`],
      ['funnel CSV, last 30 days', '/api/admin/reports/funnel.csv'],
      ['reports, last 366 days', `/api/admin/reports?from=${daysAgo(365)}&to=${today()}`],
    ],
  );
}

/** The bench runs with the API's default TIME_ZONE (UTC), so its days are UTC days. */
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const today = () => daysAgo(0);

export async function reportsSuite(engines: Engine[], sizes: number[]): Promise<void> {
  const rows: Row[] = [];
  for (const engine of engines) rows.push(...(await reportsOn(engine, sizes)));
  const growth = ratios(rows, sizes);
  printTable('Reports: single admin, sequential requests', rows);
  if (sizes.length > 1) printTable('Reports growth ratio (largest / smallest size)', growth);
  console.log(`\nwritten ${writeResults('reports', rows, { sizes, ratios: growth })}`);
}
