import type { MigrationInterface } from 'typeorm';
import type { Database } from '../db/database';

/*
 * What the upgrade of a real database that predates a migration does, in a test: take the
 * migration back, then run it again. List the migration under test first, then every later one
 * that reads its columns or rebuilds its tables: they are taken back before it and run after it.
 */

/** Takes `migrations` back, the last first, in one transaction. */
export async function takeBackMigrations(db: Database, migrations: MigrationInterface[]): Promise<void> {
  await db.transaction(async ({ manager }) => {
    for (const migration of [...migrations].reverse()) await migration.down(manager.queryRunner!);
  });
}

/** Runs `migrations` in their order, in one transaction. */
export async function runMigrations(db: Database, migrations: MigrationInterface[]): Promise<void> {
  await db.transaction(async ({ manager }) => {
    for (const migration of migrations) await migration.up(manager.queryRunner!);
  });
}

/** Takes `migrations` back and runs them again, in one transaction. */
export async function rerunMigrations(db: Database, migrations: MigrationInterface[]): Promise<void> {
  await db.transaction(async ({ manager }) => {
    for (const migration of [...migrations].reverse()) await migration.down(manager.queryRunner!);
    for (const migration of migrations) await migration.up(manager.queryRunner!);
  });
}
