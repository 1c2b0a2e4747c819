import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildServerBundle } from '@sourcing/api/test/built-server';
import { postgresUrlWithSchema, withPostgres } from '@sourcing/api/test/support';

/** Child processes and databases of a bench run: the real API (its production bundle), the driver baseline and the bare Koa app. */

export const REPO_ROOT = resolve(import.meta.dirname, '../..');
export const HOST = '127.0.0.1';
export const ADMIN = { email: 'bench@example.com', password: 'bench-admin-password-1' };
const BENCH_JWT_SECRET = 'bench-secret-bench-secret-bench-secret-01';
/** The API's challenge key, known to the bench so it can solve challenges without asking (lib/proofs.ts). */
export const BENCH_ALTCHA_KEY = 'bench-altcha-bench-altcha-bench-altcha-01';
const START_TIMEOUT_MS = 60_000;

export type Engine = 'sqlite' | 'postgres';

export const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://sourcing:sourcing@127.0.0.1:5432/sourcing_bench';

let nextPort = Number(process.env.BENCH_PORT_BASE ?? 3270);
/** A port of the bench's range, for a server it starts (the API's own, or its SMTP receiver's). */
export const takePort = () => nextPort++;

export interface Process {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

function spawnNode(args: string[], env: Record<string, string>, port: number, stdout: number | 'ignore' = 'ignore'): Process {
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port), HOST },
    // Logs go nowhere, as they would to a log shipper; errors still reach the terminal.
    stdio: ['ignore', stdout, 'inherit'],
  });
  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done();
      const force = setTimeout(() => child.kill('SIGKILL'), 5000);
      child.once('exit', () => {
        clearTimeout(force);
        done();
      });
      child.kill('SIGTERM');
    });
  return { url: `http://${HOST}:${port}`, child, stop };
}

async function waitUntilAnswers(proc: Process, path: string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null) throw new Error(`${proc.url} exited with ${proc.child.exitCode}`);
    if (
      await fetch(`${proc.url}${path}`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${proc.url}${path} did not answer within ${START_TIMEOUT_MS} ms`);
}

/** Where an API under test keeps its data: a temp dir, and a fresh schema on PostgreSQL. */
export interface Store {
  engine: Engine;
  dataDir: string;
  /** DATABASE_URL with search_path set (null on SQLite). */
  databaseUrl: string | null;
  schema: string | null;
  drop(): Promise<void>;
}

export async function createStore(engine: Engine): Promise<Store> {
  const dataDir = mkdtempSync(join(tmpdir(), `sourcing-bench-${engine}-`));
  if (engine === 'sqlite') {
    return {
      engine,
      dataDir,
      databaseUrl: null,
      schema: null,
      drop: () => Promise.resolve(rmSync(dataDir, { recursive: true, force: true })),
    };
  }
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  await withPostgres(BENCH_DATABASE_URL, (c) => c.query(`CREATE SCHEMA "${schema}"`));
  return {
    engine,
    dataDir,
    databaseUrl: postgresUrlWithSchema(BENCH_DATABASE_URL, schema),
    schema,
    async drop() {
      rmSync(dataDir, { recursive: true, force: true });
      await withPostgres(BENCH_DATABASE_URL, (c) => c.query(`DROP SCHEMA "${schema}" CASCADE`));
    },
  };
}

/** True when BENCH_DATABASE_URL answers; its database is created first if the server lacks it. */
export async function postgresAvailable(): Promise<boolean> {
  const url = new URL(BENCH_DATABASE_URL);
  const database = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  try {
    await withPostgres(url.toString(), async (client) => {
      const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
      if (!rowCount) await client.query(`CREATE DATABASE "${database.replace(/"/g, '""')}"`);
    });
    return await withPostgres(BENCH_DATABASE_URL, () => Promise.resolve(true));
  } catch {
    return false;
  }
}

/** The server bundle built from this tree, or BENCH_API_BUNDLE (an earlier build's main.js, for before/after runs). */
const apiBundle = () => process.env.BENCH_API_BUNDLE ?? buildServerBundle().main;

/** BENCH_CPU_PROF=<dir>: the API writes a V8 CPU profile there when it stops. */
const profileArgs = () => (process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []);
/** BENCH_API_NODE_ARGS="--trace-gc --import /path/probe.mjs": further Node flags for the API (to measure it). */
const extraArgs = () => (process.env.BENCH_API_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
/** BENCH_API_STDOUT=<file>: the API's stdout (its log lines, --trace-gc) appended there instead of dropped. */
const apiStdout = () => (process.env.BENCH_API_STDOUT ? openSync(process.env.BENCH_API_STDOUT, 'a') : 'ignore');

/**
 * The real server on a store, production settings except rate limits raised so the load is not
 * refused; `extraEnv` adds settings (the inbound suite's SMTP receiver). `token` is the admin's
 * access token, taken once it answers.
 */
export async function startApi(store: Store, extraEnv: Record<string, string> = {}): Promise<Process & { token: string }> {
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    DATA_DIR: store.dataDir,
    WEB_DIST_DIR: join(store.dataDir, 'web'),
    JWT_SECRET: BENCH_JWT_SECRET,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'info',
    RATE_LIMIT_PUBLIC_PER_MINUTE: '100000000',
    RATE_LIMIT_LOGIN_PER_15_MINUTES: '100000',
    UPLOAD_MB_PER_ADDRESS_PER_HOUR: '10000000',
    UPLOAD_MB_PER_HOUR: '10000000',
    // Each submission carries a solved challenge (test/form-proof.ts): cheap ones, no fill time to wait out.
    ALTCHA_HMAC_KEY: BENCH_ALTCHA_KEY,
    ALTCHA_COST: '1',
    ALTCHA_MAX_NUMBER: '20',
    FORM_MIN_FILL_SECONDS: '0',
    ...extraEnv,
  };
  if (store.databaseUrl) env.DATABASE_URL = store.databaseUrl;
  const api = spawnNode(['--enable-source-maps', ...profileArgs(), ...extraArgs(), apiBundle()], env, takePort(), apiStdout());
  await waitUntilAnswers(api, '/api/ready');
  const login = await fetch(`${api.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!login.ok) throw new Error(`admin login answered ${login.status}`);
  return { ...api, token: ((await login.json()) as { accessToken: string }).accessToken };
}

/** The driver baseline on the API's database (see driver-app.ts); start it after the API has migrated the schema. */
export async function startDriver(store: Store): Promise<Process> {
  const env: Record<string, string> = { DATA_DIR: store.dataDir, JWT_SECRET: BENCH_JWT_SECRET, NODE_ENV: 'production' };
  if (store.databaseUrl) env.DATABASE_URL = store.databaseUrl;
  const driver = spawnNode(['--import', 'tsx', 'bench/driver-app.ts'], env, takePort());
  await waitUntilAnswers(driver, '/api/health');
  return driver;
}

/** A bare Koa app answering the given routes with canned responses (see bare-app.ts). */
export async function startBare(responses: Record<string, { status: number; body: string }>): Promise<Process> {
  const bare = spawnNode(['--import', 'tsx', 'bench/bare-app.ts'], { BARE_RESPONSES: JSON.stringify(responses) }, takePort());
  await waitUntilAnswers(bare, '/api/health');
  return bare;
}
