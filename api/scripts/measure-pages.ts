/**
 * Page latency of an admin list at scale: first page, a deep page and searches, over real HTTP.
 *
 *   node --import tsx api/scripts/measure-pages.ts [sqlite|postgres] [rows]
 *
 * PostgreSQL uses TEST_DATABASE_URL (a fresh schema, dropped afterwards). Rows default to 100000.
 */
import { encodeCursor } from '../src/records/list/cursor';
import { RECORD_KINDS } from '../src/records/record-kinds';
import { recordRow, seedRows } from '../src/test/factories';
import { startTestServer, type TestServer } from '../src/test/support';

const engine = (process.argv[2] ?? 'sqlite') as 'sqlite' | 'postgres';
const rows = Number(process.argv[3] ?? 100_000);
const RUNS = 30;
const YEAR_MS = 365 * 24 * 3600 * 1000;

async function seed(server: TestServer) {
  const started = performance.now();
  const now = Date.now();
  const batch = 5000;
  for (let done = 0; done < rows; done += batch) {
    const chunk = Array.from({ length: Math.min(batch, rows - done) }, (_, j) => {
      const i = done + j;
      return recordRow('inquiries', new Date(now - Math.floor((i / rows) * YEAR_MS)), {
        fullName: `Buyer ${i}`,
        companyName: i % 100 === 0 ? `Nordwind Trading ${i}` : `Company ${i % 5000}`,
        email: `buyer${i}@example.com`,
      });
    });
    await seedRows(server.deps.db, 'inquiries', chunk, 500);
  }
  return performance.now() - started;
}

async function time(server: TestServer, path: string) {
  const headers = server.adminHeaders();
  const samples: number[] = [];
  let body: { data?: unknown[]; total?: number } = {};
  for (let run = 0; run < RUNS + 3; run++) {
    const started = performance.now();
    const res = await fetch(`${server.url}${path}`, { headers });
    body = (await res.json()) as typeof body;
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
    if (run >= 3) samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))].toFixed(1);
  return { median: at(0.5), p95: at(0.95), rows: body.data?.length ?? '-', total: body.total ?? '-' };
}

async function main() {
  const server = await startTestServer({ engine });
  try {
    const seedMs = await seed(server);
    if (engine === 'postgres') await server.deps.db.run('ANALYZE');
    const [deep] = await server.deps.db.reads
      .getRepository<{ id: string; createdAt: Date }>(RECORD_KINDS.inquiries.entity)
      .createQueryBuilder('r')
      .orderBy('r.createdAt', 'DESC')
      .addOrderBy('r.id', 'DESC')
      .offset(rows - 100)
      .limit(1)
      .getMany();
    const list = '/api/inquiry/inquiries';
    const cases: [string, string][] = [
      ['first page (50)', list],
      [`deep page (after row ${rows - 100})`, `${list}?cursor=${encodeCursor({ sort: null, value: null, ...deep })}`],
      ['search q=nordwind (1% match)', `${list}?q=nordwind`],
      ['search q=buyer 4242 (few matches)', `${list}?q=${encodeURIComponent('buyer 4242')}`],
      ['search with no match', `${list}?q=no-such-text`],
      ['since (last 24 h)', `${list}?since=${encodeURIComponent(new Date(Date.now() - 86_400_000).toISOString())}`],
      ['dashboard stats (year)', '/api/admin/stats?period=year'],
    ];
    console.log(`${engine}: ${rows} inquiries seeded in ${(seedMs / 1000).toFixed(1)} s; ${RUNS} requests each (ms)`);
    for (const [label, path] of cases) {
      const r = await time(server, path);
      console.log(
        `  ${label.padEnd(40)} median ${r.median.padStart(7)}  p95 ${r.p95.padStart(7)}  rows ${String(r.rows).padStart(3)}  total ${r.total}`,
      );
    }
  } finally {
    await server.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
