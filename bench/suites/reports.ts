import { randomUUID } from 'node:crypto';
import { withPostgres } from '@sourcing/api/test/support';
import { timeSequential } from '../lib/measure';
import { createStore, startApi, type Engine, type Store } from '../lib/processes';
import { printTable, ratio, writeResults, type Row } from '../lib/report';
import { seedInquiries, submitTemplateInquiry, type VariedColumns } from '../lib/seed';
import Database from 'better-sqlite3';
import { join } from 'node:path';

/**
 * The Reports page at growing sizes (docs/admin.md#reports): one admin, one request at a time, at
 * each size (rows added between sizes to the same database). Rows are seeded as the growth suite
 * seeds them, with what the reports count varied per row: status, owner, source, outcome reason and
 * first response (the searched fields, commodities and port among them, stay the template's).
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

export async function reportsOn(engine: Engine, sizes: number[]): Promise<Row[]> {
  const store = await createStore(engine);
  const api = await startApi(store);
  const headers = { Authorization: `Bearer ${api.token}` };
  const rows: Row[] = [];
  try {
    const template = await submitTemplateInquiry(api.url);
    const staff = [await benchAdminId(store), randomUUID(), randomUUID()];
    const vary = variedBy(staff);
    let seeded = 1;
    for (const size of [...sizes].sort((a, b) => a - b)) {
      const started = performance.now();
      await seedInquiries(store, template, seeded, size, vary);
      seeded = size;
      const seedSeconds = ((performance.now() - started) / 1000).toFixed(1);
      console.error(`reports ${engine}: ${size} rows seeded in ${seedSeconds} s, timing`);
      const cases: [string, string][] = [
        ['reports, last 30 days', '/api/admin/reports'],
        ['reports, last 30 days, mine', '/api/admin/reports?owner=mine'],
        ['reports, one day', `/api/admin/reports?from=${today()}&to=${today()}`],
        ['funnel CSV, last 30 days', '/api/admin/reports/funnel.csv'],
        ['reports, last 366 days', `/api/admin/reports?from=${daysAgo(365)}&to=${today()}`],
      ];
      for (const [name, path] of cases) {
        const latency = await timeSequential(`${api.url}${path}`, headers, 200, 20);
        rows.push({ engine, rows: size, case: name, 'p50 ms': latency.p50, 'p99 ms': latency.p99, 'seeded in s': seedSeconds });
      }
    }
  } finally {
    await api.stop();
    await store.drop();
  }
  return rows;
}

/** The bench runs with the API's default TIME_ZONE (UTC), so its days are UTC days. */
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const today = () => daysAgo(0);

export async function reportsSuite(engines: Engine[], sizes: number[]): Promise<void> {
  const rows: Row[] = [];
  for (const engine of engines) rows.push(...(await reportsOn(engine, sizes)));
  const smallest = Math.min(...sizes);
  const largest = Math.max(...sizes);
  const growth = rows
    .filter((r) => r.rows === smallest)
    .map((small) => {
      const large = rows.find((r) => r.engine === small.engine && r.rows === largest && r.case === small.case)!;
      return {
        engine: small.engine,
        case: small.case,
        [`p50 ${largest}/${smallest}`]: ratio(Number(large['p50 ms']), Number(small['p50 ms'])),
        [`p99 ${largest}/${smallest}`]: ratio(Number(large['p99 ms']), Number(small['p99 ms'])),
      };
    });
  printTable('Reports: single admin, sequential requests', rows);
  if (sizes.length > 1) printTable('Reports growth ratio (largest / smallest size)', growth);
  console.log(`\nwritten ${writeResults('reports', rows, { sizes, ratios: growth })}`);
}
