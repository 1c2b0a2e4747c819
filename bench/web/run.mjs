/**
 * npm run bench:web — builds the site, serves it with the real API and runs Lighthouse (mobile
 * preset, Debian Chromium) on every public page. Prints each page's scores, LCP, TBT and CLS,
 * and the JavaScript the home page loads (as transferred, and gzip-compressed).
 *
 * Each page is measured BENCH_WEB_RUNS times (default 3) and the median of each figure is reported,
 * as Lighthouse advises: CPU-bound figures vary with the machine's load, which is printed too.
 *
 * Env: BENCH_WEB_PORT (default 3214), CHROMIUM_PATH (default /usr/bin/chromium),
 * BENCH_WEB_SKIP_BUILD=1 with WEB_DIST_DIR to measure an existing build, BENCH_WEB_PAGES (comma-separated
 * paths) to measure only some pages.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const ROOT = resolve(import.meta.dirname, '../..');
const PORT = Number(process.env.BENCH_WEB_PORT ?? 3214);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const PAGES = (process.env.BENCH_WEB_PAGES ?? '/,/about,/contact,/commodity-inquiry,/supplier-inquiry').split(',');
const RUNS = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 3));
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 100, lcpMs: 1500, homeJsGzipKb: 120 };

const work = mkdtempSync(join(tmpdir(), 'bench-web-'));
const distDir = process.env.BENCH_WEB_SKIP_BUILD ? resolve(process.env.WEB_DIST_DIR ?? 'web/dist') : join(work, 'dist');

function buildSite() {
  console.log(`Building the site into ${distDir} ...`);
  const run = spawnSync('npm', ['run', 'build', '--workspace', 'web'], {
    cwd: ROOT,
    env: { ...process.env, WEB_DIST_DIR: distDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (run.status !== 0) throw new Error(`web build failed (${run.status})`);
}

async function startApi() {
  const bundle = spawnSync('npm', ['run', 'build', '--workspace', 'api'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (bundle.status !== 0) throw new Error(`API build failed (${bundle.status})`);
  const child = spawn(process.execPath, ['--enable-source-maps', 'api/dist/main.js'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: join(work, 'data'),
      WEB_DIST_DIR: distDir,
      ADMIN_EMAIL: 'bench-web@example.com',
      ADMIN_PASSWORD: 'bench-web-password-1',
      JWT_SECRET: 'bench-web-secret-bench-web-secret-0123',
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}`);
    if (
      await fetch(`${ORIGIN}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error('the API did not start within 60 s');
}

const ms = (value) => `${Math.round(value)} ms`;

/** The scripts a Lighthouse run saw: bytes transferred, and their size gzip-compressed. */
async function scriptSizes(lhr) {
  const requests = lhr.audits['network-requests'].details.items.filter((r) => r.resourceType === 'Script');
  let transferred = 0;
  let gzipped = 0;
  for (const { url, transferSize } of requests) {
    transferred += transferSize;
    gzipped += gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 9 }).length;
  }
  return { count: requests.length, transferredKb: transferred / 1024, gzipKb: gzipped / 1024 };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS = { lcp: 'largest-contentful-paint', tbt: 'total-blocking-time', cls: 'cumulative-layout-shift' };

/**
 * Lighthouse's default config is its mobile preset (Moto G Power, simulated slow 4G). Answers the
 * median of every score and figure over the runs, and the last run's report (for its audits).
 */
async function measure(url, port) {
  const runs = [];
  let failedRuns = 0;
  for (let i = 0; i < RUNS; i++) {
    const { lhr } = await lighthouse(url, { port, output: 'json', logLevel: 'error' });
    // A run the machine's load made fail (e.g. no LCP recorded) says nothing about the page.
    if (lhr.runtimeError || !Number.isFinite(lhr.audits[METRICS.lcp].numericValue)) failedRuns++;
    else runs.push(lhr);
  }
  if (runs.length === 0) throw new Error(`${url}: every Lighthouse run failed`);
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, Math.round(median(runs.map((lhr) => lhr.categories[id].score)) * 100)]),
  );
  const metrics = Object.fromEntries(
    Object.entries(METRICS).map(([key, id]) => [key, median(runs.map((lhr) => lhr.audits[id].numericValue))]),
  );
  const lcps = runs.map((lhr) => Math.round(lhr.audits[METRICS.lcp].numericValue));
  return { scores, metrics, lcps, failedRuns, lhr: runs.at(-1) };
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

const mark = (ok) => (ok ? 'ok' : 'BELOW TARGET');

if (!process.env.BENCH_WEB_SKIP_BUILD) buildSite();
const api = await startApi();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
let failed = false;
try {
  console.log(`\nLighthouse ${RUNS > 1 ? `median of ${RUNS} runs` : '1 run'} per page, mobile preset; load average ${load()}:`);
  console.log('\n| page | performance | accessibility | best practices | SEO | LCP | TBT | CLS | LCP of each run |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  let home;
  for (const path of PAGES) {
    const { scores, metrics, lcps, failedRuns, lhr } = await measure(`${ORIGIN}${path}`, chrome.port);
    if (path === '/') home = lhr;
    for (const [id, value] of Object.entries(scores)) if (value < TARGETS[id]) failed = true;
    if (metrics.lcp > TARGETS.lcpMs) failed = true;
    console.log(
      `| ${path} | ${scores.performance} | ${scores.accessibility} | ${scores['best-practices']} | ${scores.seo} | ` +
        `${ms(metrics.lcp)} | ${ms(metrics.tbt)} | ${metrics.cls.toFixed(3)} | ${lcps.join(', ')}` +
        `${failedRuns ? ` (${failedRuns} failed run${failedRuns > 1 ? 's' : ''} left out)` : ''} |`,
    );
    for (const [id, category] of Object.entries(lhr.categories)) {
      const missed = category.auditRefs
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id].score ?? 1) < 0.9)
        .map((ref) => ref.id);
      if (missed.length) console.log(`|   ${id} audits below 0.9: ${missed.join(', ')} |||||||`);
    }
  }
  const js = await scriptSizes(home);
  const jsOk = js.gzipKb <= TARGETS.homeJsGzipKb;
  if (!jsOk) failed = true;
  console.log(
    `\nHome page JavaScript on first load: ${js.count} files, ${js.transferredKb.toFixed(1)} KB transferred, ` +
      `${js.gzipKb.toFixed(1)} KB gzip (target <= ${TARGETS.homeJsGzipKb} KB: ${mark(jsOk)})`,
  );
  console.log(
    `Targets: performance >= ${TARGETS.performance}, accessibility ${TARGETS.accessibility}, ` +
      `best practices >= ${TARGETS['best-practices']}, SEO ${TARGETS.seo}, LCP <= ${TARGETS.lcpMs} ms: ${mark(!failed)}`,
  );
  console.log(`Load average at the end: ${load()} (${availableParallelism()} cores)`);
} finally {
  await chrome.kill();
  api.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
}
