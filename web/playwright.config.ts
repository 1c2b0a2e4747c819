import { defineConfig, devices } from '@playwright/test';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E_ADMIN, E2E_BASE_URL, E2E_WORKERS, embedOriginOf, serverDataDir, serverPort } from './e2e/support/env';

/**
 * Browser tests run the real API (which serves the built site and admin), one server per worker,
 * each on a fresh SQLite database of its own, so tests of different workers never see each other's
 * records, sessions or sign-in limits (e2e/support/env.ts gives each worker its server).
 *
 * Two Chromiums: the headless shell (what Playwright itself runs headless: no browser window to
 * draw: the whole run in two-thirds of the time) runs every test but those tagged @full-chromium, which need
 * what only full Chromium has (its PDF viewer) and run in it. The shell: CHROMIUM_HEADLESS_SHELL_PATH,
 * else Debian's chromium-headless-shell, else the full one. Full Chromium: CHROMIUM_PATH, else
 * Debian's /usr/bin/chromium, else Playwright's own (with its own headless shell for the rest).
 */
const debian = (path: string) => (existsSync(path) ? path : undefined);
const fullChromium = process.env.CHROMIUM_PATH ?? debian('/usr/bin/chromium');
const headlessShell =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? debian('/usr/lib/chromium/chromium-headless-shell') ?? fullChromium;
const FULL_CHROMIUM = /@full-chromium/;
// The servers' data (databases, uploads, mail) lives in E2E_DATA_DIR, else in a folder of this run,
// removed when the run ends, after Playwright has stopped the servers. Workers read the variable.
if (!process.env.E2E_DATA_DIR) {
  const runData = mkdtempSync(join(tmpdir(), 'sourcing-e2e-'));
  process.env.E2E_DATA_DIR = runData;
  process.once('exit', () => rmSync(runData, { recursive: true, force: true }));
}

const args = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  // A page starts on about:blank in a renderer process of its own, and without this limit its
  // first navigation starts a second one; with it, the navigation keeps the first. The limit is
  // soft: browser contexts and sites that need a process of their own still get one.
  '--renderer-process-limit=1',
];
const inHeadlessShell = { executablePath: headlessShell, args };
const inFullChromium = { executablePath: fullChromium, args };
const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } };

export default defineConfig({
  testDir: './e2e',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  fullyParallel: true,
  // Set the number with E2E_WORKERS, which also starts that many servers (--workers starts none).
  workers: E2E_WORKERS,
  retries: 0,
  reporter: [['list']],
  use: {
    // The worker's own server: each worker evaluates this file again, with its TEST_PARALLEL_INDEX.
    baseURL: E2E_BASE_URL,
    // Pages settle at once (no scroll reveals, smooth scrolls or turning sphere to wait for); the
    // tests of motion itself ask for 'no-preference'.
    reducedMotion: 'reduce',
    // A trace records a screencast of every test (a quarter of the run's CPU); CI keeps no files.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
  },
  projects: [
    // *.phone.spec.ts: what only a phone shows; *.responsive.spec.ts: run at both widths.
    {
      name: 'desktop',
      testIgnore: /.*\.phone\.spec\.ts/,
      grepInvert: FULL_CHROMIUM,
      use: { ...desktop, launchOptions: inHeadlessShell },
    },
    {
      name: 'phone',
      testMatch: /.*\.(responsive|phone)\.spec\.ts/,
      grepInvert: FULL_CHROMIUM,
      use: { ...devices['Pixel 5'], viewport: { width: 375, height: 740 }, launchOptions: inHeadlessShell },
    },
    {
      name: 'desktop-full-chromium',
      testIgnore: /.*\.phone\.spec\.ts/,
      grep: FULL_CHROMIUM,
      use: { ...desktop, launchOptions: inFullChromium },
    },
  ],
  webServer: Array.from({ length: E2E_WORKERS }, (_, worker) => {
    const port = serverPort(worker);
    const url = `http://127.0.0.1:${port}`;
    return {
      // The production bundle (npm run test:e2e builds it with the site), run from the repo root.
      command: 'node --enable-source-maps api/dist/main.js',
      cwd: '..',
      url: `${url}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: serverDataDir(worker),
        PUBLIC_URL: url,
        ADMIN_EMAIL: E2E_ADMIN.email,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        JWT_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123',
        RATE_LIMIT_PUBLIC_PER_MINUTE: '10000',
        RATE_LIMIT_LOGIN_PER_15_MINUTES: '1000',
        // The specs mail the sample addresses again and again; the per-address limits are proven by the API tests.
        CONFIRMATIONS_PER_ADDRESS_PER_10_MINUTES: '10000',
        CONFIRMATIONS_PER_ADDRESS_PER_DAY: '10000',
        EMBED_ORIGINS: embedOriginOf(port),
        LOG_LEVEL: 'silent',
        // The forms solve real challenges, cheap ones; the minimum fill time is proven by the API tests on an injected clock.
        ALTCHA_COST: '1',
        ALTCHA_MAX_NUMBER: '100',
        FORM_MIN_FILL_SECONDS: '0',
        // Answers come back through each server's SMTP receiver (e2e/support/env.ts: E2E_INBOUND_SMTP_PORT, E2E_DESK_ADDRESS).
        REPLY_TO_ADDRESS: 'desk@sourcing.example',
        INBOUND_SMTP_PORT: String(port + 5),
        // Follow-up reminders come within a quarter second of their time (docs/api.md#the-follow-up-job).
        FOLLOW_UP_CHECK_MS: '250',
        // Response targets are warned of and missed within a quarter second of their time (docs/api.md#response-targets).
        RESPONSE_TARGET_CHECK_MS: '250',
      },
    };
  }),
});
