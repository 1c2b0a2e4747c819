import { join } from 'node:path';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { AuditEntity } from '../audit/audit-entity';
import { AUTH_ENTITIES } from '../auth/schema';
import type { Config } from '../config';
import type { Engine } from './engine';
import { recordEntities } from './entities';
import { MIGRATIONS } from './all-migrations';
import { takeTurns } from './sqlite-turns';

export const SQLITE_FILE_NAME = 'sourcing.sqlite';
const BUSY_TIMEOUT_MS = 5000;

/**
 * PostgreSQL when DATABASE_URL is set, else a better-sqlite3 file under DATA_DIR (WAL on).
 * Migrations are run by migrate() (under an advisory lock on PostgreSQL), never synchronize.
 */
export function createDataSource(config: Pick<Config, 'databaseUrl' | 'dataDir'>): DataSource {
  const engine: Engine = config.databaseUrl ? 'postgres' : 'sqlite';
  const common: Pick<DataSourceOptions, 'entities' | 'migrations' | 'migrationsRun' | 'synchronize' | 'logging'> = {
    entities: [...recordEntities(engine), ...AUTH_ENTITIES, AuditEntity],
    migrations: MIGRATIONS,
    migrationsRun: false,
    synchronize: false,
    logging: false,
  };
  if (config.databaseUrl) {
    return new DataSource({
      ...common,
      type: 'postgres',
      url: config.databaseUrl,
      extra: { max: 10, connectionTimeoutMillis: 10_000 },
    });
  }
  // One connection, taken in turns: db/sqlite-turns.ts.
  return takeTurns(
    new DataSource({
      ...common,
      type: 'better-sqlite3',
      database: join(config.dataDir, SQLITE_FILE_NAME),
      enableWAL: true,
      timeout: BUSY_TIMEOUT_MS,
      prepareDatabase: (db: { pragma(sql: string): unknown }) => {
        db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
        db.pragma('synchronous = FULL'); // a commit is on disk when it returns: docs/operations.md#durability
      },
    }),
  );
}
