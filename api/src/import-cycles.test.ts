import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './test/support';

/**
 * Imports never form a cycle, `import type` included (CONTRIBUTING.md#style): `npm run lint` ends
 * with `lint:cycles`, madge over every workspace. These tests prove that check fails on a new
 * cycle; that the tree has none is what `npm run lint` itself checks.
 */
const FIXTURES = ['lint-fixtures/import-cycle', 'lint-fixtures/type-import-cycle'];

/** `npm run lint:cycles` with more folders to check: its exit code and the cycles it found. */
async function lintCycles(...folders: string[]): Promise<{ code: number; cycles: string[][] }> {
  const run = promisify(execFile)('npm', ['run', '--silent', 'lint:cycles', '--', '--json', ...folders], { cwd: REPO_ROOT });
  const { code, stdout } = await run.then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: { code?: number; stdout?: string }) => ({ code: error.code ?? -1, stdout: error.stdout ?? '' }),
  );
  return { code, cycles: JSON.parse(stdout) as string[][] };
}

describe('import cycles', () => {
  it('fail `npm run lint`: a new two-file cycle of runtime imports, and one of type imports only', async () => {
    const scripts = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
      .scripts;
    expect(scripts.lint).toMatch(/&& npm run --silent lint:cycles$/);
    expect(await lintCycles(...FIXTURES)).toEqual({
      code: 1,
      cycles: [
        ['lint-fixtures/import-cycle/a.ts', 'lint-fixtures/import-cycle/b.ts'],
        ['lint-fixtures/type-import-cycle/customer.ts', 'lint-fixtures/type-import-cycle/order.ts'],
      ],
    });
  });
});
