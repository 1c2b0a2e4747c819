/**
 * Every migration: each file of `./migrations`, in the order of its name (`<timestamp>-<what>.ts`),
 * found without a hand-kept list (CONTRIBUTING.md, "Migrations are frozen snapshots"). Migrations
 * repeat the names they need and application code never imports from them; only this module does,
 * for the data source.
 */
import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { MigrationInterface } from 'typeorm';

export type MigrationClass = new () => MigrationInterface;

/** `<13-digit timestamp>-<what>.ts`: every file of the folder is named so (its test checks). */
export const MIGRATION_FILE = /^(\d{13})-[a-z0-9-]+\.ts$/;

/**
 * The bundle (api/scripts/build.mjs) has no source folder to read: the build writes the file
 * names here. Under tsx and vitest it is not defined and the folder is read.
 */
declare const BUNDLED_MIGRATION_FILES: readonly string[] | undefined;

/** The migration files, in order: by name, which starts with the timestamp. */
export function migrationFiles(): string[] {
  if (typeof BUNDLED_MIGRATION_FILES !== 'undefined') return [...BUNDLED_MIGRATION_FILES];
  return readdirSync(join(import.meta.dirname, 'migrations')).sort();
}

/** The one class a migration file exports; its timestamp must be the file's, so TypeORM runs it in the file's place. */
function migrationOf(file: string, exports: Record<string, unknown>): MigrationClass {
  const timestamp = MIGRATION_FILE.exec(file)?.[1];
  const classes = Object.values(exports).filter((value): value is MigrationClass => typeof value === 'function');
  const name = classes.length === 1 ? new classes[0]().name : undefined;
  if (!timestamp || !name?.endsWith(timestamp)) {
    throw new Error(
      `${file}: a migration file is named <timestamp>-<what>.ts and exports one class whose name ends with that timestamp`,
    );
  }
  return classes[0];
}

/** A glob import: esbuild bundles (and vitest transforms) every `./migrations/*.ts`. */
const load = async (file: string) => (await import(`./migrations/${basename(file, '.ts')}.ts`)) as Record<string, unknown>;

export const MIGRATIONS: MigrationClass[] = await Promise.all(
  migrationFiles().map(async (file) => migrationOf(file, await load(file))),
);
