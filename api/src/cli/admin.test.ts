import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const entry = resolve(import.meta.dirname, 'admin.ts');
const dataDir = mkdtempSync(join(tmpdir(), 'admin-cli-'));
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', JWT_SECRET: 'cli-test-secret-0123456789' };

async function admin(...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', entry, ...args], { env });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('admin CLI (real process, SQLite file)', () => {
  it('creates an admin with a generated password, lists it and resets the password', async () => {
    const created = await admin('create', 'Ops@Example.com');
    expect(created.code).toBe(0);
    expect(created.out).toMatch(/Created admin ops@example\.com\.\nPassword: \S{16,}/);

    expect(await admin('create', 'ops@example.com', '--password', 'another-long-one')).toMatchObject({
      code: 1,
      out: expect.stringContaining('already exists'),
    });
    expect((await admin('list')).out.trim()).toBe('ops@example.com');

    const reset = await admin('reset-password', 'ops@example.com', '--password', 'a-brand-new-pass');
    expect(reset).toMatchObject({ code: 0, out: expect.stringContaining('Password reset for ops@example.com') });
    expect(reset.out).not.toContain('Password:');
  }, 60_000);

  it('refuses bad input with a usage message', async () => {
    expect(await admin('create', 'not-an-email')).toMatchObject({ code: 2, out: expect.stringContaining('valid email') });
    expect(await admin('create', 'x@example.com', '--password', 'short')).toMatchObject({
      code: 2,
      out: expect.stringContaining('at least 10 characters'),
    });
    expect(await admin('reset-password', 'ghost@example.com')).toMatchObject({ code: 1, out: expect.stringContaining('No admin') });
    expect(await admin('frobnicate')).toMatchObject({ code: 2, out: expect.stringContaining('Usage:') });
  }, 60_000);
});
