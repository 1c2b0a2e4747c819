import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { buildServerBundle } from './built-server';
import { REPO_ROOT } from './support';

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

export function spawnReplica(name: string, port: number, env: Record<string, string>): Replica {
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
export async function waitUntilReady(replica: Replica): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (replica.process.exitCode !== null) {
      throw new Error(`replica ${replica.name} exited with ${replica.process.exitCode}:\n${replica.output.join('')}`);
    }
    const ready = await fetch(`${replica.url}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`replica ${replica.name} not ready after ${START_TIMEOUT_MS} ms:\n${replica.output.join('')}`);
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
