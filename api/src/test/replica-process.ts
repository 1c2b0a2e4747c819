import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServerBundle } from './built-server';
import { postgresUrlWithSchema, REPO_ROOT, withPostgres } from './support';

/** Real API processes (the production bundle, `node api/dist/main.js`) for multi-process tests. */
const START_TIMEOUT_MS = 30_000;

export interface Replica {
  name: string;
  url: string;
  process: ChildProcess;
  output: string[];
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The spam check of test replicas: one challenge key for all of them (as for JWT_SECRET), cheap
 * challenges, and no fill time to wait out (a child process has no clock to inject).
 */
export function replicaSpamCheckEnv(): Record<string, string> {
  return {
    ALTCHA_HMAC_KEY: `replica-altcha-${randomBytes(16).toString('hex')}`,
    ALTCHA_COST: '1',
    ALTCHA_MAX_NUMBER: '20',
    FORM_MIN_FILL_SECONDS: '0',
  };
}

function spawnReplica(name: string, port: number, env: Record<string, string>): Replica {
  const child = spawn(process.execPath, ['--enable-source-maps', buildServerBundle().main], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout.on('data', (chunk) => output.push(String(chunk)));
  child.stderr.on('data', (chunk) => output.push(String(chunk)));
  return { name, url: `http://127.0.0.1:${port}`, process: child, output };
}

/** Resolves once GET /api/ready answers 200; fails with the replica's output if it exits or stalls. */
async function waitUntilReady(replica: Replica): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (replica.process.exitCode !== null) {
      throw new Error(`replica ${replica.name} exited with ${replica.process.exitCode}:\n${replica.output.join('')}`);
    }
    // Bounded: whatever else listens on the port (it was taken before the replica bound it) may never answer.
    const ready = await fetch(`${replica.url}/api/ready`, { signal: AbortSignal.timeout(1000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`replica ${replica.name} not ready after ${START_TIMEOUT_MS} ms:\n${replica.output.join('')}`);
}

/**
 * A replica on a free port, once it is ready. The port is free when probed, but another process
 * of the parallel tests may take it before the replica listens: a replica that exits on
 * EADDRINUSE is started again on another port. A replica that fails otherwise is stopped.
 */
export async function startReplica(
  name: string,
  env: Record<string, string>,
  pickPort: () => Promise<number> = freePort,
): Promise<Replica> {
  for (let attempt = 1; ; attempt++) {
    const replica = spawnReplica(name, await pickPort(), env);
    try {
      await waitUntilReady(replica);
      return replica;
    } catch (error) {
      await stopReplica(replica);
      if (attempt === 3 || !replica.output.join('').includes('EADDRINUSE')) throw error;
    }
  }
}

export function stopReplica(replica: Replica): Promise<void> {
  if (replica.process.exitCode !== null || replica.process.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => replica.process.kill('SIGKILL'), 5000);
    replica.process.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    replica.process.kill('SIGTERM');
  });
}

export interface BuiltTestServer {
  replica: Replica;
  url: string;
  /** The environment the process runs with (its DATA_DIR, DATABASE_URL, secrets...), for the admin CLI on the same data. */
  env: Record<string, string>;
  /** The first admin's e-mail and password (ADMIN_EMAIL / ADMIN_PASSWORD of the process). */
  admin: { email: string; password: string };
  /** True while the process runs. */
  alive(): boolean;
  close(): Promise<void>;
}

/**
 * One production-bundle server process on a fresh SQLite folder or PostgreSQL schema: for tests
 * where only a real process proves the point (an input that would end it, a restart).
 */
export async function startBuiltServer(
  engine: 'sqlite' | 'postgres',
  env: Record<string, string> = {},
): Promise<BuiltTestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sourcing-built-'));
  const admin = { email: 'owner@example.com', password: `built-${randomBytes(8).toString('hex')}` };
  const baseUrl = process.env.TEST_DATABASE_URL ?? '';
  const schema = engine === 'postgres' ? `built_${randomBytes(5).toString('hex')}` : null;
  if (schema) await withPostgres(baseUrl, (client) => client.query(`CREATE SCHEMA "${schema}"`));
  const processEnv = {
    DATA_DIR: dataDir,
    WEB_DIST_DIR: join(dataDir, 'web'),
    JWT_SECRET: `built-secret-${randomBytes(16).toString('hex')}`,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PUBLIC_PER_MINUTE: '10000',
    UPLOAD_MIN_FREE_DISK_MB: '0',
    ...replicaSpamCheckEnv(),
    ...(schema ? { DATABASE_URL: postgresUrlWithSchema(baseUrl, schema) } : {}),
    ...env,
  };
  const removeData = async () => {
    rmSync(dataDir, { recursive: true, force: true });
    if (schema) await withPostgres(baseUrl, (client) => client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`));
  };
  let replica: Replica;
  try {
    replica = await startReplica('built', processEnv);
  } catch (error) {
    await removeData();
    throw error;
  }
  const close = async () => {
    await stopReplica(replica);
    await removeData();
  };
  const alive = () => replica.process.exitCode === null && replica.process.signalCode === null;
  return { replica, url: replica.url, env: processEnv, admin, alive, close };
}

/** Runs the admin CLI bundle (`node api/dist/admin.js ...`) to its end, answering its exit code and output. */
export function runBuiltAdmin(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--enable-source-maps', buildServerBundle().admin, ...args], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += String(chunk)));
  child.stderr.on('data', (chunk) => (output += String(chunk)));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}
