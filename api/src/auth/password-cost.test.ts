import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StaffPasswordResponse } from '@sourcing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { startServer, type RunningServer } from '../server';
import { TEST_JWT_SECRET } from '../test/support';
import { findAdminByEmail } from './admin-accounts';

const OWNER = { email: 'owner@example.com', password: 'the-owners-password-1' };
/** scrypt N = 2^15, r = 8, p = 1 (docs/sessions.md#passwords), as stored in each hash. */
const PRODUCTION_HASH = /^scrypt\$32768\$8\$1\$/;

/**
 * Test servers hash with a cheap cost (TEST_SCRYPT_COST, injected by startTestServer). This one is
 * started as `npm start` starts it (api/src/main.ts: startServer(loadConfig()), no options), so
 * every hash it makes must have the production cost.
 */
describe('password hashing of a server started as npm start does', () => {
  let running: RunningServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sourcing-api-cost-'));
    const env = {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      JWT_SECRET: TEST_JWT_SECRET,
      LOG_LEVEL: 'silent',
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
    };
    running = await startServer(loadConfig(env, () => {}));
  });
  afterAll(async () => {
    await running?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('hashes the first admin, the decoy and a new staff account with the production cost', async () => {
    const owner = await findAdminByEmail(running.deps.db.reads, OWNER.email);
    expect(owner?.passwordHash).toMatch(PRODUCTION_HASH);
    expect(await running.deps.auth.decoy).toMatch(PRODUCTION_HASH);

    const login = await fetch(`${running.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(OWNER),
    });
    expect(login.status).toBe(200);
    const { accessToken } = (await login.json()) as { accessToken: string };
    const created = await fetch(`${running.url}/api/admin/staff`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ email: 'new.agent@example.com', role: 'agent' }),
    });
    expect(created.status).toBe(201);
    const { account } = (await created.json()) as StaffPasswordResponse;
    expect((await findAdminByEmail(running.deps.db.reads, account.email))?.passwordHash).toMatch(PRODUCTION_HASH);
  });
});
