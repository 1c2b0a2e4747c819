import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { createStore, startApi, type Engine } from '../lib/processes';
import { printTable, writeResults, type Row } from '../lib/report';
import { seedInquiries, submitTemplateInquiry } from '../lib/seed';

/**
 * The CSV export of BENCH_EXPORT_ROWS (1M) inquiries on each engine, downloaded the way the admin
 * UI does it: ask for the signed link, then stream the response to a file. Measured: the time,
 * the size, the server's RSS (sampled every 100 ms from /proc) before and at its peak, and how
 * the file grew (bytes on disk when the first and the last tenth of the time had passed). Then the
 * same export again while GET /api/health is asked again and again: its time, and the slowest
 * health answer (does the server still answer others during a long export?). Target: RSS growth
 * under 50 MB (of the first export, alone on the server).
 */

const EXPORT_ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 1_000_000);
const RSS_LIMIT_MB = 50;

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

/** Streams the export's link to `file` the way the admin UI does, counting what reaches the disk as it arrives. */
async function download(url: string, file: string) {
  const growth: { at: number; bytes: number }[] = [];
  const started = performance.now();
  const res = await fetch(url);
  if (!res.ok || !res.body) throw new Error(`export answered ${res.status}`);
  const firstByte = performance.now() - started;
  let written = 0;
  let writes = 0;
  const out = createWriteStream(file);
  const counting = new Writable({
    write(chunk: Buffer, _encoding, done) {
      written += chunk.length;
      writes++;
      growth.push({ at: performance.now() - started, bytes: written });
      out.write(chunk, done);
    },
    final(done) {
      out.end(done);
    },
  });
  await pipeline(Readable.fromWeb(res.body as WebReadableStream<Uint8Array>), counting);
  return { seconds: (performance.now() - started) / 1000, firstByte, writes, growth };
}

async function exportOn(engine: Engine): Promise<Row> {
  const store = await createStore(engine);
  const api = await startApi(store);
  const dir = mkdtempSync(join(tmpdir(), 'sourcing-bench-export-'));
  try {
    const template = await submitTemplateInquiry(api.url);
    await seedInquiries(store, template, 1, EXPORT_ROWS);
    const pid = api.child.pid!;
    // Seeding outlasts the server's keep-alive: a pooled socket it closed meanwhile fails once (EPIPE).
    const linkRequest = () =>
      fetch(`${api.url}/api/inquiry/inquiries/export-link`, { headers: { Authorization: `Bearer ${api.token}` } });
    const link = await linkRequest().catch(linkRequest);
    const { url } = (await link.json()) as { url: string };

    const before = await rssMb(pid);
    let peak = before;
    const sampler = setInterval(
      () =>
        void rssMb(pid).then(
          (mb) => (peak = Math.max(peak, mb)),
          () => undefined,
        ),
      100,
    );
    const file = join(dir, 'export.csv');
    const alone = await download(url, file);
    clearInterval(sampler);
    peak = Math.max(peak, await rssMb(pid));
    const head = await readFile(file).then((b) => b.subarray(0, 3));
    const bytesAt = (fraction: number) => alone.growth.findLast((g) => g.at <= alone.seconds * 1000 * fraction)?.bytes ?? 0;
    const size = statSync(file).size;
    const lines = (await readFile(file, 'utf8')).split('\r\n').length - 2;

    // Again, while health checks are asked one after another: does the server still answer others?
    let exporting = true;
    const healthMs: number[] = [];
    const healthChecks = (async () => {
      while (exporting) {
        const asked = performance.now();
        await fetch(`${api.url}/api/health`).then((r) => r.arrayBuffer());
        healthMs.push(performance.now() - asked);
      }
    })();
    const shared = await download(url, file);
    exporting = false;
    await healthChecks;
    return {
      engine,
      rows: lines,
      'MB written': (size / 2 ** 20).toFixed(0),
      seconds: alone.seconds.toFixed(1),
      'rows/s': Math.round(lines / alone.seconds),
      'first byte ms': Math.round(alone.firstByte),
      writes: alone.writes,
      'MB on disk at 10% / 50% / 90% of the time': [0.1, 0.5, 0.9].map((f) => (bytesAt(f) / 2 ** 20).toFixed(0)).join(' / '),
      'RSS before MB': before.toFixed(0),
      'RSS peak MB': peak.toFixed(0),
      'RSS growth MB': (peak - before).toFixed(0),
      [`< ${RSS_LIMIT_MB} MB`]: peak - before < RSS_LIMIT_MB ? 'yes' : 'NO',
      BOM: head.equals(Buffer.from([0xef, 0xbb, 0xbf])) ? 'yes' : 'NO',
      'again with health checks: seconds': shared.seconds.toFixed(1),
      'health checks answered': healthMs.length,
      'slowest health ms': Math.round(Math.max(...healthMs)),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await api.stop();
    await store.drop();
  }
}

export async function exportSuite(engines: Engine[]): Promise<void> {
  const rows: Row[] = [];
  for (const engine of engines) rows.push(await exportOn(engine));
  printTable(`CSV export of ${EXPORT_ROWS.toLocaleString('en')} inquiries on its signed link`, rows);
  console.log(`\nwritten ${writeResults('export', rows)}`);
}
