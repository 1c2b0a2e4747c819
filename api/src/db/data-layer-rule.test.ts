import { join } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../test/support';

/**
 * The lint rules that keep one data layer (eslint.config.js): code outside api/src/db reaches the
 * database only through the Database of db/database.ts. Each case is linted as a file of the API.
 */
const eslint = new ESLint({
  cwd: REPO_ROOT,
  overrideConfig: tseslint.configs.disableTypeChecked,
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports' || ruleId === 'no-restricted-syntax',
});

async function reported(code: string, file = 'api/src/records/example.ts'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(REPO_ROOT, file) });
  return result.messages.map((m) => m.message);
}

describe('the data layer rules', () => {
  it.each([
    ["import { DataSource } from 'typeorm';", 'Use the Database'],
    ["import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata.js';", "TypeORM's internal modules"],
    ['export const f = (m: any) => m.driver;', "TypeORM's connections and query runners belong to api/src/db"],
    ['export const f = (m: any) => m.connection;', "TypeORM's connections and query runners belong to api/src/db"],
    ['export const f = (m: any) => m.createQueryRunner();', "TypeORM's connections and query runners belong to api/src/db"],
    ['export const f = (ds: any) => ds.transaction(() => 1);', 'Transactions begin with db.transaction'],
    ['export const f = (tx: any) => tx.manager.transaction(() => 1);', 'Transactions begin with db.transaction'],
  ])('refuses %s outside api/src/db', async (code, message) => {
    expect(await reported(code)).toEqual([expect.stringContaining(message)]);
  });

  it('lets the app begin transactions on the Database, and api/src/db open the data source', async () => {
    expect(await reported('export const f = (deps: any) => deps.db.transaction(() => 1);')).toEqual([]);
    expect(
      await reported("import { DataSource } from 'typeorm';\nexport const f = (ds: DataSource) => ds.driver;", 'api/src/db/x.ts'),
    ).toEqual([]);
  });
});
