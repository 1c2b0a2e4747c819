import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, ensureFirstAdmin, findAdminByEmail, GENERATED_ADMIN_EMAIL, resetAdminPassword } from './admin-accounts';
import { hashPassword, verifyPassword } from './passwords';
import { createRefreshTokens } from './refresh-tokens';
import { CreateAdminTables1795000000001 } from '../db/migrations/1795000000001-create-admin-tables';
import { AddStaffRoles1795000000200 } from '../db/migrations/1795000000200-add-staff-roles';
import { CreateStaffAccounts1795000001000 } from '../db/migrations/1795000001000-create-staff-accounts';
import { AUTH_ENTITIES } from './schema';
import { TEST_SCRYPT_COST as cost } from '../test/support';

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

const engines = [
  { name: 'sqlite', options: { type: 'better-sqlite3' as const, database: ':memory:' } },
  ...(process.env.TEST_DATABASE_URL
    ? [{ name: 'postgres', options: { type: 'postgres' as const, url: process.env.TEST_DATABASE_URL } }]
    : []),
];

describe.each(engines)('admin sessions on $name', ({ name, options }) => {
  let dataSource: DataSource;
  const schema = `auth_test_${process.pid}`;

  beforeAll(async () => {
    if (name === 'postgres') {
      const setup = new DataSource({ ...options });
      await setup.initialize();
      await setup.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await setup.query(`CREATE SCHEMA ${schema}`);
      await setup.destroy();
    }
    dataSource = new DataSource({
      ...options,
      ...(name === 'postgres' ? { schema } : {}),
      entities: AUTH_ENTITIES,
      migrations: [CreateAdminTables1795000000001, AddStaffRoles1795000000200, CreateStaffAccounts1795000001000],
      migrationsRun: true,
    });
    await dataSource.initialize();
  });
  afterAll(async () => {
    if (name === 'postgres') await dataSource.query(`DROP SCHEMA ${schema} CASCADE`);
    await dataSource.destroy();
  });

  it('creates the first admin once, from the environment or with a generated password', async () => {
    const first = await ensureFirstAdmin(dataSource, {}, cost);
    expect(first).toMatchObject({ kind: 'generated', email: GENERATED_ADMIN_EMAIL });
    expect(await findAdminByEmail(dataSource, GENERATED_ADMIN_EMAIL)).toMatchObject({ role: 'owner', disabledAt: null });
    expect(await ensureFirstAdmin(dataSource, {}, cost)).toEqual({ kind: 'existing' });
    expect(await ensureFirstAdmin(dataSource, { email: 'Boss@Example.com', password: 'pw-1234567' }, cost)).toEqual({
      kind: 'created-from-env',
      email: 'boss@example.com',
    });
    expect(await ensureFirstAdmin(dataSource, { email: 'boss@example.com', password: 'other' }, cost)).toEqual({
      kind: 'existing',
    });
  });

  it('rotates refresh tokens, refuses a reused one and revokes its family', async () => {
    let now = Date.now();
    const tokens = createRefreshTokens(dataSource, { graceMs: 0, now: () => now });
    const admin = await createAdmin(dataSource, `rot-${name}@example.com`, 'pw-rotation', { cost });
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
    const tokens = createRefreshTokens(dataSource, { graceMs: 10_000, now: () => now });
    const admin = await createAdmin(dataSource, `grace-${name}@example.com`, 'pw-grace-123', { cost });
    const first = await tokens.issue(admin.id);
    const [a, b] = await Promise.all([tokens.rotate(first.token), tokens.rotate(first.token)]);
    expect(a.ok && b.ok).toBe(true);
    now += 11_000;
    expect(await tokens.rotate(first.token)).toEqual({ ok: false, reason: 'reused' });
  });

  it('expires tokens and ends the session on logout or password reset', async () => {
    let now = Date.now();
    const tokens = createRefreshTokens(dataSource, { ttlMs: 1000, now: () => now });
    const admin = await createAdmin(dataSource, `exp-${name}@example.com`, 'pw-expiry-1', { cost });
    const old = await tokens.issue(admin.id);
    now += 1001;
    expect(await tokens.rotate(old.token)).toEqual({ ok: false, reason: 'expired' });

    const live = await tokens.issue(admin.id);
    await tokens.revoke(live.token);
    expect(await tokens.rotate(live.token)).toEqual({ ok: false, reason: 'revoked' });

    const beforeReset = await tokens.issue(admin.id);
    expect(await resetAdminPassword(dataSource, admin.email, 'a-new-password', { cost })).toMatchObject({ id: admin.id });
    expect(await tokens.rotate(beforeReset.token)).toEqual({ ok: false, reason: 'revoked' });
    expect(await resetAdminPassword(dataSource, 'nobody@example.com', 'x', { cost })).toBeNull();
  });
});
