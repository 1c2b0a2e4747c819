import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './test/support';

/**
 * Imports never form a cycle, `import type` included (CONTRIBUTING.md#style): `npm run lint` ends
 * with `lint:cycles`, madge over every workspace with the repository's .madgerc. These tests prove
 * that check fails on a new cycle; that the tree has none is what `npm run lint` itself checks.
 */
const FIXTURES = ['lint-fixtures/import-cycle', 'lint-fixtures/type-import-cycle'];

const packageJson = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
  workspaces: string[];
  scripts: Record<string, string>;
};

/** madge as `lint:cycles` runs it (from the root, so with .madgerc), over other folders: its exit code and cycles. */
async function madgeCycles(folders: string[]): Promise<{ code: number; cycles: string[][] }> {
  const madge = join(REPO_ROOT, 'node_modules/.bin/madge');
  const run = promisify(execFile)(madge, ['--circular', '--json', ...folders], { cwd: REPO_ROOT });
  const { code, stdout } = await run.then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: { code?: number; stdout?: string }) => ({ code: error.code ?? -1, stdout: error.stdout ?? '' }),
  );
  return { code, cycles: JSON.parse(stdout) as string[][] };
}

describe('import cycles', () => {
  it('are checked by `npm run lint` in every workspace', () => {
    expect(packageJson.scripts.lint).toMatch(/&& npm run --silent lint:cycles$/);
    expect(packageJson.scripts['lint:cycles']).toBe(`madge --circular ${[...packageJson.workspaces, 'docs'].join(' ')}`);
  });

  it('fail that check: a new two-file cycle of runtime imports, and one of type imports only', async () => {
    expect(await madgeCycles(FIXTURES)).toEqual({
      code: 1,
      cycles: [
        ['import-cycle/a.ts', 'import-cycle/b.ts'],
        ['type-import-cycle/customer.ts', 'type-import-cycle/order.ts'],
      ],
    });
  });
});
