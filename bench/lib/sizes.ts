import { timeSequential } from './measure';
import { createStore, startApi, type Engine, type Store } from './processes';
import { printTable, ratio, type Row } from './report';
import { seedInquiries, submitTemplateInquiry, type CopyOptions } from './seed';

/** A timed request: its name in the tables, its path, and how many requests are timed (200 unless given). */
export type TimedCase = [name: string, path: string, count?: number];

/**
 * One admin, one request at a time, at growing sizes on one store: the rows are added between
 * sizes to the same database, copies of one inquiry submitted through the API (`copies`, from the
 * store with the template in it, says how they differ). At each size `casesAt` names the requests
 * timed (20 warm-up requests first, fewer when fewer are timed).
 *
 * The API is stopped while rows are added and started again to time them: on SQLite a seed
 * statement holds the write lock longer than the API's busy timeout, so the API's own jobs (the
 * mail outbox) would fail with "database is locked" meanwhile.
 */
export async function timeAtSizes(
  suite: string,
  engine: Engine,
  sizes: number[],
  copies: (store: Store) => CopyOptions | Promise<CopyOptions>,
  casesAt: (store: Store, size: number) => TimedCase[] | Promise<TimedCase[]>,
): Promise<Row[]> {
  const store = await createStore(engine);
  let api = await startApi(store);
  const rows: Row[] = [];
  try {
    const template = await submitTemplateInquiry(api.url);
    const options = await copies(store);
    let seeded = 1;
    for (const size of [...sizes].sort((a, b) => a - b)) {
      await api.stop();
      const started = performance.now();
      await seedInquiries(store, template, seeded, size, options);
      seeded = size;
      const seedSeconds = ((performance.now() - started) / 1000).toFixed(1);
      console.error(`${suite} ${engine}: ${size} rows seeded in ${seedSeconds} s, timing`);
      api = await startApi(store);
      const headers = { Authorization: `Bearer ${api.token}` };
      for (const [name, path, count = 200] of await casesAt(store, size)) {
        const latency = await timeSequential(`${api.url}${path}`, headers, count, Math.min(20, count));
        rows.push({
          engine,
          rows: size,
          case: name,
          'p50 ms': latency.p50,
          'p99 ms': latency.p99,
          samples: latency.count,
          'seeded in s': seedSeconds,
        });
      }
      // Each size's rows as soon as they are measured, so a run stopped later keeps them.
      printTable(
        `${suite} ${engine} at ${size} rows`,
        rows.filter((r) => r.rows === size),
      );
    }
  } finally {
    await api.stop();
    await store.drop();
  }
  return rows;
}

/** For each engine and case: the largest size's p50/p99 divided by the smallest's. */
export function ratios(rows: Row[], sizes: number[]): Row[] {
  const smallest = Math.min(...sizes);
  const largest = Math.max(...sizes);
  const find = (engine: unknown, size: number, name: unknown) =>
    rows.find((r) => r.engine === engine && r.rows === size && r.case === name);
  return rows
    .filter((r) => r.rows === smallest)
    .map((small) => {
      const large = find(small.engine, largest, small.case)!;
      return {
        engine: small.engine,
        case: small.case,
        [`p50 ${largest}/${smallest}`]: ratio(Number(large['p50 ms']), Number(small['p50 ms'])),
        [`p99 ${largest}/${smallest}`]: ratio(Number(large['p99 ms']), Number(small['p99 ms'])),
      };
    });
}
