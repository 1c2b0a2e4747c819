import { ADMIN_LISTS, API_PREFIX } from '@sourcing/shared';
import { createStore, startApi, type Engine } from '../lib/processes';
import { printTable, writeResults, type Row } from '../lib/report';
import { storeContents } from '../lib/store-check';
import { ENDPOINTS, submit, type Outcome } from '../lib/submissions';

/**
 * Load and durability of the public submissions, on each engine:
 * - load: BENCH_LOAD_REQUESTS (500) submissions at once, spread over the four endpoints (the two
 *   forms with a PDF); every 201 must be a stored row, and every stored file must belong to a
 *   row (0 lost, 0 orphan files);
 * - kill -9: BENCH_KILL_WORKERS (8) clients submit one after another; after BENCH_KILL_AFTER_MS
 *   (3 s) the server gets SIGKILL; after a restart on the same data every acknowledged
 *   submission must be there with its file.
 */

const LOAD_REQUESTS = Number(process.env.BENCH_LOAD_REQUESTS ?? 500);
const KILL_WORKERS = Number(process.env.BENCH_KILL_WORKERS ?? 8);
const KILL_AFTER_MS = Number(process.env.BENCH_KILL_AFTER_MS ?? 3000);

const count = (outcomes: Outcome[], test: (o: Outcome) => boolean) => outcomes.filter(test).length;

async function loadOn(engine: Engine): Promise<Row[]> {
  const store = await createStore(engine);
  const api = await startApi(store);
  try {
    const started = performance.now();
    const outcomes = await Promise.all(
      Array.from({ length: LOAD_REQUESTS }, (_, n) => submit(api.url, ENDPOINTS[n % ENDPOINTS.length], n)),
    );
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const stored = await storeContents(store);
    const expectedFiles = count(outcomes, (o) => o.status === 201 && o.endpoint.withFile);
    return [
      ...ENDPOINTS.map((endpoint) => {
        const mine = outcomes.filter((o) => o.endpoint === endpoint);
        const created = count(mine, (o) => o.status === 201);
        return {
          engine,
          endpoint: endpoint.path,
          sent: mine.length,
          '201': created,
          other:
            mine
              .filter((o) => o.status !== 201)
              .map((o) => o.status)
              .join(' ') || '-',
          'rows stored': stored.rows[endpoint.table],
          lost: created - stored.rows[endpoint.table],
          seconds,
        };
      }),
      {
        engine,
        endpoint: 'files',
        sent: count(outcomes, (o) => o.endpoint.withFile),
        '201': expectedFiles,
        other: `indexed ${stored.indexedFiles}, on disk ${stored.filesOnDisk}, incoming left ${stored.incomingLeft}`,
        'rows stored': stored.filesOnDisk,
        lost: expectedFiles - stored.indexedFiles + stored.missingFiles,
        seconds: `orphans ${stored.orphanFiles}`,
      },
    ];
  } finally {
    await api.stop();
    await store.drop();
  }
}

async function killOn(engine: Engine): Promise<Row> {
  const store = await createStore(engine);
  let api = await startApi(store);
  try {
    const acknowledged: Outcome[] = [];
    let sent = 0;
    let dead = false;
    const worker = async (w: number) => {
      for (let i = 0; !dead; i++) {
        const n = w * 1_000_000 + i;
        sent++;
        const outcome = await submit(api.url, ENDPOINTS[n % ENDPOINTS.length], n);
        if (outcome.status === 201 && outcome.reference) acknowledged.push(outcome);
        if (outcome.status === 0) return;
      }
    };
    const workers = Array.from({ length: KILL_WORKERS }, (_, w) => worker(w));
    // Killed when the stream is steady: after the given time and at least 50 acknowledged.
    await new Promise<void>((resolve) => {
      const at = Date.now() + KILL_AFTER_MS;
      const check = setInterval(() => {
        if (Date.now() >= at && acknowledged.length >= 50) {
          clearInterval(check);
          resolve();
        }
      }, 20);
    });
    api.child.kill('SIGKILL');
    await new Promise((resolve) => api.child.once('exit', resolve));
    dead = true;
    await Promise.all(workers);

    api = await startApi(store);
    const headers = { Authorization: `Bearer ${api.token}` };
    let missing = 0;
    let filesChecked = 0;
    let filesMissing = 0;
    for (const outcome of acknowledged) {
      // The 201 answers the record's reference, which the admin search finds.
      const path = ADMIN_LISTS[outcome.endpoint.list].path;
      const res = await fetch(`${api.url}${API_PREFIX}${path}?q=${encodeURIComponent(outcome.reference!)}`, { headers });
      if (!res.ok) throw new Error(`the admin search answered ${res.status}`);
      const page = (await res.json()) as { data: { reference?: string; attachmentFiles?: { url: string; size: number }[] }[] };
      const record = page.data.find((r) => r.reference === outcome.reference);
      if (!record) {
        missing++;
        continue;
      }
      for (const file of record.attachmentFiles ?? []) {
        filesChecked++;
        const download = await fetch(new URL(file.url, api.url));
        const bytes = download.ok ? (await download.arrayBuffer()).byteLength : -1;
        if (bytes !== file.size) filesMissing++;
      }
      if (outcome.endpoint.withFile && !record.attachmentFiles?.length) filesMissing++;
    }
    const after = await storeContents(store);
    return {
      engine,
      sent,
      acknowledged: acknowledged.length,
      'missing after restart': missing,
      'files checked': filesChecked,
      'files missing': filesMissing,
      // A file kept but whose record never committed (no 201 was sent): the startup sweep takes it once an hour old.
      'unreferenced files after restart': after.orphanFiles,
      'rows stored': Object.values(after.rows).reduce((a, b) => a + b, 0),
    };
  } finally {
    await api.stop();
    await store.drop();
  }
}

export async function durabilitySuite(engines: Engine[]): Promise<void> {
  const load: Row[] = [];
  const kill: Row[] = [];
  for (const engine of engines) {
    load.push(...(await loadOn(engine)));
    kill.push(await killOn(engine));
  }
  printTable(`Load: ${LOAD_REQUESTS} concurrent mixed submissions`, load);
  printTable(`kill -9 during a steady stream (${KILL_WORKERS} clients, killed after ${KILL_AFTER_MS} ms)`, kill);
  console.log(`\nwritten ${writeResults('durability', [...load, ...kill])}`);
}
