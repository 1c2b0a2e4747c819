import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppDeps } from '../app-deps';
import type { ScryptCost } from '../auth/passwords';
import { AdminEntity } from '../auth/schema';
import { loadConfig } from '../config';
import type { Engine } from '../db/engine';
import type { RealtimeHub } from '../realtime/hub';
import { startServer, type ServerOptions } from '../server';
import { copySqliteTemplate, newPostgresDatabase, type PostgresDatabase } from './migrated-templates';

export { postgresUrlWithSchema, withPostgres } from './postgres';
export { REPO_ROOT } from './repo-root';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set. Use with describe.each. */
export const TEST_ENGINES: Engine[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123';
export const TEST_ADMIN = { id: '00000000-0000-4000-8000-000000000001', email: 'admin@example.com' };

/**
 * The scrypt cost of test servers and test accounts: about a millisecond per hash instead of the
 * production cost's 50-100 ms (docs/sessions.md#passwords). Injected through ServerOptions.scryptCost;
 * api/src/auth/password-cost.test.ts proves that `npm start` hashes with the production cost.
 */
export const TEST_SCRYPT_COST: ScryptCost = { N: 2 ** 10, r: 8, p: 1 };

export interface TestServerOptions extends ServerOptions {
  engine?: Engine;
  /** TEST_SCRYPT_COST unless given (a test of hashing under load passes a slower one). */
  scryptCost?: ScryptCost;
  /** Environment on top of the test defaults (silent logs, generous rate limits, no disk floor, temp dirs). */
  env?: Record<string, string>;
  /** Run on this server's PostgreSQL database and schema instead of a fresh one (two replicas of one database). */
  sameDatabaseAs?: Pick<TestServer, 'deps' | 'postgresSchema'>;
}

export interface TestServer {
  url: string;
  deps: AppDeps;
  /** The realtime hub: `hub.clientCount()` tells a test when an admin's socket is open. */
  hub: RealtimeHub;
  dataDir: string;
  /** The PostgreSQL schema this server uses (null on SQLite). */
  postgresSchema: string | null;
  /** The port of the SMTP receiver for answers (INBOUND_SMTP_PORT '0' in `env` starts one), else null. */
  inboundSmtpPort: number | null;
  /** Authorization header of a signed-in admin (TEST_ADMIN, an owner: the server has the account). */
  adminHeaders(): Record<string, string>;
  close(): Promise<void>;
}

/** Boots the real server on an ephemeral port against a fresh SQLite file or PostgreSQL database (copies of the migrated templates: test/migrated-templates.ts). */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const engine = options.engine ?? 'sqlite';
  const dataDir = mkdtempSync(join(tmpdir(), 'sourcing-api-test-'));
  const env: Record<string, string> = {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: join(dataDir, 'web'),
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PUBLIC_PER_MINUTE: '10000',
    RATE_LIMIT_LOGIN_PER_15_MINUTES: '1000',
    // Tests mail the sample addresses again and again; the per-address limits have tests of their own.
    CONFIRMATIONS_PER_ADDRESS_PER_10_MINUTES: '10000',
    CONFIRMATIONS_PER_ADDRESS_PER_DAY: '10000',
    // Tests must not depend on how full the machine's disk is; the floor has a test of its own.
    UPLOAD_MIN_FREE_DISK_MB: '0',
    // Challenges stay real but take a few hashes to solve (test/form-proof.ts solves them).
    ALTCHA_COST: '1',
    ALTCHA_MAX_NUMBER: '20',
  };
  let postgres: PostgresDatabase | null = null;
  if (engine === 'postgres') {
    const baseUrl = process.env.TEST_DATABASE_URL;
    if (!baseUrl) throw new Error('TEST_DATABASE_URL is not set');
    const shared = options.sameDatabaseAs;
    postgres = shared
      ? { schema: shared.postgresSchema!, url: shared.deps.config.databaseUrl!, drop: () => Promise.resolve() }
      : await newPostgresDatabase(baseUrl);
    env.DATABASE_URL = postgres.url;
  }
  const config = loadConfig({ ...env, ...options.env }, () => {});
  if (engine === 'sqlite') copySqliteTemplate(config.dataDir);
  try {
    const running = await startServer(config, { ...options, scryptCost: options.scryptCost ?? TEST_SCRYPT_COST });
    await seedTestAdmin(running.deps);
    return {
      url: running.url,
      deps: running.deps,
      hub: running.hub,
      dataDir,
      postgresSchema: postgres?.schema ?? null,
      inboundSmtpPort: running.inboundSmtp?.port ?? null,
      adminHeaders: () => ({ Authorization: `Bearer ${running.deps.tokens.sign(TEST_ADMIN)}` }),
      async close() {
        await running.close();
        await cleanUp();
      },
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }

  async function cleanUp() {
    rmSync(dataDir, { recursive: true, force: true });
    await postgres?.drop();
  }
}

/** TEST_ADMIN's account (an owner, with a password nobody knows), so its tokens pass the account check. */
async function seedTestAdmin(deps: AppDeps) {
  const now = Date.now();
  await deps.db.transaction((tx) =>
    tx.manager
      .getRepository(AdminEntity)
      .createQueryBuilder()
      .insert()
      .values({ ...TEST_ADMIN, passwordHash: 'none', role: 'owner', disabledAt: null, createdAt: now, updatedAt: now })
      .orIgnore()
      .execute(),
  );
  await deps.sessions.refresh();
}

/** fetch against the test server, answering status, headers and parsed JSON (or text). */
export async function call(server: Pick<TestServer, 'url'>, path: string, init: RequestInit = {}) {
  const response = await fetch(`${server.url}${path}`, init);
  const text = await response.text();
  let body: unknown = text;
  if ((response.headers.get('content-type') ?? '').includes('application/json')) body = JSON.parse(text);
  return { status: response.status, headers: response.headers, body: body as any, text };
}

/** A JSON request with these headers (a staff member's bearer, ...): `sendJson(server, 'PATCH', path, body, headers)`. */
export const sendJson = (
  server: Pick<TestServer, 'url'>,
  method: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) => call(server, path, { method, headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

export const jsonBody = (value: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(value),
});
