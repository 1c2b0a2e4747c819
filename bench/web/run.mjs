/**
 * npm run bench:web — builds the site, serves it with the real API and runs Lighthouse (mobile
 * preset, Debian Chromium) on /, /about and /contact. Prints each page's scores, LCP, TBT and CLS,
 * and the JavaScript the home page loads (as transferred, and gzip-compressed).
 *
 * Each page is measured BENCH_WEB_RUNS times (default 3) and the run with the median performance
 * score is reported, as Lighthouse advises: CPU-bound figures vary with the machine's load.
 *
 * Env: BENCH_WEB_PORT (default 3214), CHROMIUM_PATH (default /usr/bin/chromium),
 * BENCH_WEB_SKIP_BUILD=1 with WEB_DIST_DIR to measure an existing build.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const ROOT = resolve(import.meta.dirname, '../..');
const PORT = Number(process.env.BENCH_WEB_PORT ?? 3214);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const PAGES = ['/', '/about', '/contact'];
const RUNS = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 3));
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 100, homeJsGzipKb: 120 };

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
    if (await fetch(`${ORIGIN}/api/health`).then((r) => r.ok, () => false)) return child;
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error('the API did not start within 60 s');
}

const ms = (audit) => `${Math.round(audit.numericValue)} ms`;

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

/** Lighthouse's default config is its mobile preset (Moto G Power, simulated slow 4G). */
async function medianRun(url, port) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    runs.push((await lighthouse(url, { port, output: 'json', logLevel: 'error' })).lhr);
  }
  runs.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
  return runs[Math.floor(runs.length / 2)];
}

const mark = (ok) => (ok ? 'ok' : 'BELOW TARGET');

if (!process.env.BENCH_WEB_SKIP_BUILD) buildSite();
const api = await startApi();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
let failed = false;
try {
  console.log(`\nLighthouse ${RUNS > 1 ? `median of ${RUNS} runs` : '1 run'} per page, mobile preset:`);
  console.log('\n| page | performance | accessibility | best practices | SEO | LCP | TBT | CLS |');
  console.log('|---|---|---|---|---|---|---|---|');
  let home;
  for (const path of PAGES) {
    const lhr = await medianRun(`${ORIGIN}${path}`, chrome.port);
    if (path === '/') home = lhr;
    const score = (id) => Math.round(lhr.categories[id].score * 100);
    const scores = Object.fromEntries(['performance', 'accessibility', 'best-practices', 'seo'].map((id) => [id, score(id)]));
    for (const [id, value] of Object.entries(scores)) if (value < TARGETS[id]) failed = true;
    const { audits } = lhr;
    console.log(
      `| ${path} | ${scores.performance} | ${scores.accessibility} | ${scores['best-practices']} | ${scores.seo} | ` +
        `${ms(audits['largest-contentful-paint'])} | ${ms(audits['total-blocking-time'])} | ` +
        `${audits['cumulative-layout-shift'].numericValue.toFixed(3)} |`,
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
      `best practices >= ${TARGETS['best-practices']}, SEO ${TARGETS.seo}: ${mark(!failed)}`,
  );
} finally {
  await chrome.kill();
  api.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
}
