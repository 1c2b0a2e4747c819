import { durabilitySuite } from './suites/durability';
import { exportSuite } from './suites/export';
import { growthSuite, DEFAULT_SIZES } from './suites/growth';
import { inboundSuite } from './suites/inbound';
import { realtimeSuite } from './suites/realtime';
import { reportsSuite } from './suites/reports';
import { throughputSuite } from './suites/throughput';
import { webSuite } from './suites/web';
import { machine } from './lib/report';
import { postgresAvailable, BENCH_DATABASE_URL, type Engine } from './lib/processes';

/**
 * `npm run bench`: every suite on SQLite and PostgreSQL, tables on stdout, JSON under bench/results/.
 *   BENCH_SUITES=throughput,growth,reports,realtime,export,durability,inbound,web   which suites (default all)
 *   BENCH_ENGINES=sqlite,postgres                 which engines (PostgreSQL skipped if unreachable)
 *   BENCH_SIZES=1000,100000,1000000               growth and reports sizes
 *   BENCH_SECONDS=3 BENCH_ROUNDS=3 BENCH_CONNECTIONS=10   autocannon: seconds per run, alternating rounds
 *   BENCH_DATABASE_URL=postgres://...             a database the bench may create schemas in
 *   BENCH_PORT_BASE=3270                          first port of the servers it starts
 */
const list = (value: string | undefined, fallback: string[]) =>
  value
    ? value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : fallback;

async function main() {
  const suites = list(process.env.BENCH_SUITES, [
    'throughput',
    'growth',
    'reports',
    'realtime',
    'export',
    'durability',
    'inbound',
    'web',
  ]);
  const sizes = list(process.env.BENCH_SIZES, DEFAULT_SIZES.map(String)).map(Number);
  let engines = list(process.env.BENCH_ENGINES, ['sqlite', 'postgres']) as Engine[];
  if (engines.includes('postgres') && !(await postgresAvailable())) {
    console.warn(`PostgreSQL at ${BENCH_DATABASE_URL} is unreachable: PostgreSQL runs skipped.`);
    engines = engines.filter((e) => e !== 'postgres');
  }
  console.log('machine', machine());
  if (suites.includes('throughput')) await throughputSuite(engines);
  if (suites.includes('growth')) await growthSuite(engines, sizes);
  if (suites.includes('reports')) await reportsSuite(engines, sizes);
  if (suites.includes('realtime')) await realtimeSuite(engines);
  if (suites.includes('export')) await exportSuite(engines);
  if (suites.includes('durability')) await durabilitySuite(engines);
  if (suites.includes('inbound')) await inboundSuite(engines);
  if (suites.includes('web')) webSuite();
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
