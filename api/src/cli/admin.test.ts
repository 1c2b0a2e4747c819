import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServerBundle } from '../test/built-server';
import { call, jsonBody, startTestServer, TEST_ENGINES, type TestServer } from '../test/support';
import { auditQuerySchema, listAudit } from '../audit/audit-log';
import { AdminEntity } from '../auth/schema';
import { runAdminCommand } from './admin-command';

describe.each(TEST_ENGINES)('admin commands on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(() => server?.close());

  const admin = async (...argv: string[]) => {
    const result = await runAdminCommand(server.deps.db, argv);
    return { code: result.code, out: result.lines.join('\n') };
  };

  it('creates an admin with a generated password, lists it and resets the password', async () => {
    const created = await admin('create', 'Ops@Example.com');
    expect(created.code).toBe(0);
    // The server already has its owner (TEST_ADMIN): a later admin is an agent unless --role says otherwise.
    expect(created.out).toMatch(/Created admin ops@example\.com \(agent\)\.\nPassword: \S{16,}/);
    expect((await admin('create', 'boss@example.com', '--role', 'owner')).out).toContain(
      'Created admin boss@example.com (owner).',
    );

    expect(await admin('create', 'ops@example.com', '--password', 'another-long-one')).toMatchObject({
      code: 1,
      out: expect.stringContaining('already exists'),
    });
    expect((await admin('list')).out.split('\n')).toContain('ops@example.com  agent');

    const reset = await admin('reset-password', 'ops@example.com', '--password', 'a-brand-new-pass');
    expect(reset).toMatchObject({ code: 0, out: expect.stringContaining('Password reset for ops@example.com') });
    expect(reset.out).not.toContain('Password:');
    const trail = await listAudit(server.deps.db, auditQuerySchema.parse({ actor: 'cli' }));
    expect(trail?.data.map((e) => [e.action, e.details.email])).toEqual([
      ['staff-password-reset', 'ops@example.com'],
      ['staff-created', 'boss@example.com'],
      ['staff-created', 'ops@example.com'],
    ]);
    const signIn = await call(server, '/api/admin/login', jsonBody({ email: 'ops@example.com', password: 'a-brand-new-pass' }));
    expect(signIn.body.admin).toMatchObject({ email: 'ops@example.com' });
  });

  it('resets an admin’s two-factor sign-in (recovery for one with no other way in), audited as the CLI', async () => {
    await admin('create', 'lost.phone@example.com', '--password', 'a-long-password-1');
    const admins = server.deps.db.reads.getRepository(AdminEntity);
    const totpSecret = server.deps.auth.secrets.seal('JBSWY3DPEHPK3PXP');
    await server.deps.db.transaction((tx) =>
      tx.manager.getRepository(AdminEntity).update({ email: 'lost.phone@example.com' }, { totpSecret }),
    );
    const reset = await admin('reset-two-factor', 'lost.phone@example.com');
    expect(reset).toEqual({
      code: 0,
      out: 'Two-factor sign-in reset for lost.phone@example.com; their sessions were signed out.',
    });
    expect((await admins.findOneByOrFail({ email: 'lost.phone@example.com' })).totpSecret).toBeNull();
    const trail = await listAudit(server.deps.db, auditQuerySchema.parse({ action: 'staff-two-factor-reset', actor: 'cli' }));
    expect(trail?.data[0].details).toMatchObject({ email: 'lost.phone@example.com' });
    expect((await admin('reset-two-factor', 'nobody@example.com')).code).toBe(1);
  });

  it('refuses bad input with a usage message', async () => {
    expect(await admin('create', 'not-an-email')).toMatchObject({ code: 2, out: expect.stringContaining('valid email') });
    expect(await admin('create', 'x@example.com', '--password', 'short')).toMatchObject({
      code: 2,
      out: expect.stringContaining('at least 10 characters'),
    });
    expect(await admin('reset-password', 'ghost@example.com')).toMatchObject({
      code: 1,
      out: expect.stringContaining('No admin'),
    });
    expect(await admin('create', 'y@example.com', '--role', 'emperor')).toMatchObject({
      code: 2,
      out: expect.stringContaining('Usage:'),
    });
    expect(await admin('frobnicate')).toMatchObject({ code: 2, out: expect.stringContaining('Usage:') });
  });
});

describe('admin CLI bundle (real process, SQLite file)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'admin-cli-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('migrates, creates and lists an admin, with exit codes', async () => {
    const run = promisify(execFile);
    const env = { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, JWT_SECRET: 'cli-test-secret-0123456789' };
    const cli = (...args: string[]) => run(process.execPath, [buildServerBundle().admin, ...args], { env });
    expect((await cli('create', 'ops@example.com')).stdout).toMatch(
      /Created admin ops@example\.com \(owner\)\.\nPassword: \S{16,}/,
    );
    expect((await cli('list')).stdout.trim()).toBe('ops@example.com  owner');
    await expect(cli('frobnicate')).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('Usage:') });
  }, 60_000);
});
