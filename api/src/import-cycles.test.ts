import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './test/support';

/**
 * Imports never form a cycle, in any workspace (CONTRIBUTING.md#style). ESLint's `import/no-cycle`
 * checks runtime imports on every `npm run lint`; madge checks the same graphs with `import type`
 * counted too, since a type cycle ties two modules together as much as a runtime one does. These
 * checks live in the api project as the repository's other Node-side checks do (deployment/).
 */
const WORKSPACES = ['api', 'web', 'shared', 'desktop'];
const FIXTURE = join(REPO_ROOT, 'lint-fixtures/import-cycle');

/** madge's cycles in a folder, as paths relative to it (it exits 1 when it finds any). */
async function madgeCycles(folder: string, tsConfig?: string): Promise<string[][]> {
  const args = ['--circular', '--json', '--extensions', 'ts,tsx', ...(tsConfig ? ['--ts-config', tsConfig] : []), folder];
  const run = promisify(execFile)(join(REPO_ROOT, 'node_modules/.bin/madge'), args, { cwd: REPO_ROOT });
  const { stdout } = await run.catch((error: { code?: number; stdout?: string }) => {
    if (error.code === 1 && error.stdout) return { stdout: error.stdout };
    throw error;
  });
  return JSON.parse(stdout) as string[][];
}

describe('import cycles', () => {
  it('are reported by the lint rule: a two-file cycle fails `npm run lint`', async () => {
    // The repository's own config; the fixture is ignored by `npm run lint` and belongs to no
    // TypeScript project, so it is linted here without type information.
    const eslint = new ESLint({
      cwd: REPO_ROOT,
      ignore: false,
      overrideConfig: tseslint.configs.disableTypeChecked,
      ruleFilter: ({ ruleId }) => ruleId === 'import/no-cycle',
    });
    const results = await eslint.lintFiles([join(FIXTURE, 'a.ts'), join(FIXTURE, 'b.ts')]);
    const reported = results.map((r) => r.messages.map((m) => `${m.ruleId}: ${m.message}`));
    expect(reported).toEqual([['import/no-cycle: Dependency cycle detected.'], ['import/no-cycle: Dependency cycle detected.']]);
  });

  it('are found by madge in the fixture, so an empty answer below means none', async () => {
    expect(await madgeCycles(FIXTURE)).toEqual([['a.ts', 'b.ts']]);
  });

  it.each(WORKSPACES)('are none in %s/src, type imports included', async (workspace) => {
    expect(await madgeCycles(`${workspace}/src`, `${workspace}/tsconfig.json`)).toEqual([]);
  });
});
