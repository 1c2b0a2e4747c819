import { join } from 'node:path';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { AUTH_ENTITIES, AUTH_MIGRATIONS } from '../auth/schema';
import type { Config } from '../config';
import type { Engine } from './engine';
import { recordEntities } from './entities';
import { CreateRecordTables1795000000000 } from './migrations/1795000000000-create-record-tables';
import { CreateUploadedFiles1795000000010 } from './migrations/1795000000010-create-uploaded-files';
import { CreateSearchIndexes1795000000020 } from './migrations/1795000000020-create-search-indexes';
import { CreateSqliteSearch1795000000040 } from './migrations/1795000000040-create-sqlite-search';
import { CreateRecordCounts1795000000030 } from './migrations/1795000000030-create-record-counts';
import { CreateInquirySlotCounts1795000000050 } from './migrations/1795000000050-create-inquiry-slot-counts';
import { CreateRateLimits1795000000060 } from './migrations/1795000000060-create-rate-limits';

const RECORD_MIGRATIONS = [
  CreateRecordTables1795000000000,
  CreateUploadedFiles1795000000010,
  CreateSearchIndexes1795000000020,
  CreateRecordCounts1795000000030,
  CreateSqliteSearch1795000000040,
  CreateInquirySlotCounts1795000000050,
  CreateRateLimits1795000000060,
];

export const SQLITE_FILE_NAME = 'sourcing.sqlite';
const BUSY_TIMEOUT_MS = 5000;

/**
 * PostgreSQL when DATABASE_URL is set, else a better-sqlite3 file under DATA_DIR (WAL on).
 * Migrations are run by migrate() (under an advisory lock on PostgreSQL), never synchronize.
 */
export function createDataSource(config: Pick<Config, 'databaseUrl' | 'dataDir'>): DataSource {
  const engine: Engine = config.databaseUrl ? 'postgres' : 'sqlite';
  const common: Pick<DataSourceOptions, 'entities' | 'migrations' | 'migrationsRun' | 'synchronize' | 'logging'> = {
    entities: [...recordEntities(engine), ...AUTH_ENTITIES],
    migrations: [...RECORD_MIGRATIONS, ...AUTH_MIGRATIONS],
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
  return new DataSource({
    ...common,
    type: 'better-sqlite3',
    database: join(config.dataDir, SQLITE_FILE_NAME),
    enableWAL: true,
    timeout: BUSY_TIMEOUT_MS,
    prepareDatabase: (db: { pragma(sql: string): unknown }) => {
      db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
      db.pragma('synchronous = NORMAL');
    },
  });
}
