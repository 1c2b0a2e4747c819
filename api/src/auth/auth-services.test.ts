import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, ensureFirstAdmin, findAdminByEmail, GENERATED_ADMIN_EMAIL, resetAdminPassword } from './admin-accounts';
import { hashPassword, verifyPassword } from './passwords';
import { createRefreshTokens } from './refresh-tokens';
import type { Database } from '../db/database';
import { openDatabase } from '../db/open-database';
import { postgresUrlWithSchema, TEST_ENGINES, TEST_SCRYPT_COST as cost, withPostgres } from '../test/support';

describe('passwords', () => {
  // The production cost is the default: password-cost.test.ts.
  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('s3cret-enough', cost);
    expect(hash.startsWith(`scrypt$${cost.N}$${cost.r}$${cost.p}$`)).toBe(true);
    expect(hash).not.toContain('s3cret-enough');
    await expect(verifyPassword('s3cret-enough', hash)).resolves.toBe(true);
    await expect(verifyPassword('s3cret-enougH', hash)).resolves.toBe(false);
    await expect(verifyPassword('x', 'md5$abc')).resolves.toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same', cost)).not.toBe(await hashPassword('same', cost));
  });
});

describe.each(TEST_ENGINES)('admin sessions on %s', (engine) => {
  let db: Database;
  const dataDir = mkdtempSync(join(tmpdir(), 'auth-services-'));
  const schema = `auth_test_${process.pid}`;
  const baseUrl = process.env.TEST_DATABASE_URL ?? '';

  beforeAll(async () => {
    if (engine === 'postgres') await withPostgres(baseUrl, (client) => client.query(`CREATE SCHEMA "${schema}"`));
    db = await openDatabase({ databaseUrl: engine === 'postgres' ? postgresUrlWithSchema(baseUrl, schema) : null, dataDir });
    await db.migrate();
  });
  afterAll(async () => {
    await db?.close();
    if (engine === 'postgres') await withPostgres(baseUrl, (client) => client.query(`DROP SCHEMA "${schema}" CASCADE`));
    rmSync(dataDir, { recursive: true, force: true });
  });
  const newAdmin = (email: string, password: string) => db.transaction((tx) => createAdmin(tx, email, password, { cost }));

  it('creates the first admin once, from the environment or with a generated password', async () => {
    const first = await ensureFirstAdmin(db, {}, cost);
    expect(first).toMatchObject({ kind: 'generated', email: GENERATED_ADMIN_EMAIL });
    expect(await findAdminByEmail(db.reads, GENERATED_ADMIN_EMAIL)).toMatchObject({ role: 'owner', disabledAt: null });
    expect(await ensureFirstAdmin(db, {}, cost)).toEqual({ kind: 'existing' });
    expect(await ensureFirstAdmin(db, { email: 'Boss@Example.com', password: 'pw-1234567' }, cost)).toEqual({
      kind: 'created-from-env',
      email: 'boss@example.com',
    });
    expect(await ensureFirstAdmin(db, { email: 'boss@example.com', password: 'other' }, cost)).toEqual({
      kind: 'existing',
    });
  });

  it('rotates refresh tokens, refuses a reused one and revokes its family', async () => {
    let now = Date.now();
    const tokens = createRefreshTokens(db, { graceMs: 0, now: () => now });
    const admin = await newAdmin(`rot-${engine}@example.com`, 'pw-rotation');
    const first = await tokens.issue(admin.id);
    now += 1;
    const second = await tokens.rotate(first.token);
    expect(second.ok).toBe(true);
    if (!second.ok) return;
    expect(second.admin.email).toBe(admin.email);
    expect(second.next.token).not.toBe(first.token);
    now += 1;
    expect(await tokens.rotate(first.token)).toEqual({ ok: false, reason: 'reused' });
    // The thief's reuse ended the session for the legitimate holder too.
    expect(await tokens.rotate(second.next.token)).toEqual({ ok: false, reason: 'revoked' });
    expect(await tokens.rotate('not-a-token')).toEqual({ ok: false, reason: 'unknown' });
  });

  it('lets two tabs refresh with the same token at once within the grace window', async () => {
    let now = Date.now();
    const tokens = createRefreshTokens(db, { graceMs: 10_000, now: () => now });
    const admin = await newAdmin(`grace-${engine}@example.com`, 'pw-grace-123');
    const first = await tokens.issue(admin.id);
    const [a, b] = await Promise.all([tokens.rotate(first.token), tokens.rotate(first.token)]);
    expect(a.ok && b.ok).toBe(true);
    now += 11_000;
    expect(await tokens.rotate(first.token)).toEqual({ ok: false, reason: 'reused' });
  });

  it('expires tokens and ends the session on logout or password reset', async () => {
    let now = Date.now();
    const tokens = createRefreshTokens(db, { ttlMs: 1000, now: () => now });
    const admin = await newAdmin(`exp-${engine}@example.com`, 'pw-expiry-1');
    const old = await tokens.issue(admin.id);
    now += 1001;
    expect(await tokens.rotate(old.token)).toEqual({ ok: false, reason: 'expired' });

    const live = await tokens.issue(admin.id);
    await tokens.revoke(live.token);
    expect(await tokens.rotate(live.token)).toEqual({ ok: false, reason: 'revoked' });

    const beforeReset = await tokens.issue(admin.id);
    expect(await resetAdminPassword(db, admin.email, 'a-new-password', { cost })).toMatchObject({ id: admin.id });
    expect(await tokens.rotate(beforeReset.token)).toEqual({ ok: false, reason: 'revoked' });
    expect(await resetAdminPassword(db, 'nobody@example.com', 'x', { cost })).toBeNull();
  });
});
