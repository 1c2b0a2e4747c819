import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Pool } from 'pg';
import {
  DataSource,
  type DataSourceOptions,
  type EntityManager,
  type EntityMetadata,
  type EntityTarget,
  type Logger,
  type ObjectLiteral,
} from 'typeorm';
import type { Config } from '../config';
import { MIGRATIONS } from './all-migrations';
import type { Database, Queries, RowReader, Transaction } from './database';
import { SQLITE_FILE_NAME, type Engine } from './engine';
import { allEntities } from './entities';
import { createRowReader } from './row-reader';

const BUSY_TIMEOUT_MS = 5000;
/** Distinct statement texts kept prepared (SQLite) or renumbered (PostgreSQL); the app builds a few dozen shapes. */
const STATEMENT_CACHE_LIMIT = 500;
/** The page cache of a scan's own SQLite connection (the main one keeps better-sqlite3's 16 MB for the lists). */
const SCAN_CACHE_KIB = 1024;

const INSIDE_TRANSACTION =
  'Inside db.transaction, write through its tx: a second transaction or a write through db there is refused';

/**
 * Opens the database (docs/operations.md#storage-engines): PostgreSQL when DATABASE_URL is set,
 * else a better-sqlite3 file under DATA_DIR. The connections are opened here and handed to TypeORM
 * (its `driver` option), so the fast paths run SQL on them without reaching into TypeORM.
 * Migrations run in `migrate()`, never through `synchronize`.
 */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  const engine: Engine = config.databaseUrl ? 'postgres' : 'sqlite';
  const common = {
    entities: allEntities(engine),
    migrations: MIGRATIONS,
    migrationsRun: false,
    synchronize: false,
  } satisfies Partial<DataSourceOptions>;
  const transactions = new TransactionScope();
  if (config.databaseUrl) {
    const pool = new Pool({ connectionString: config.databaseUrl, max: 10, connectionTimeoutMillis: 10_000 });
    const dataSource = new DataSource({ ...common, type: 'postgres', url: config.databaseUrl, driver: { Pool: handing(pool) } });
    await initialize(dataSource, () => pool.end());
    return postgresDatabase(dataSource, pool, transactions);
  }
  mkdirSync(config.dataDir, { recursive: true });
  const file = join(config.dataDir, SQLITE_FILE_NAME);
  const handle = new BetterSqlite3(file, { timeout: BUSY_TIMEOUT_MS });
  handle.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  handle.pragma('synchronous = FULL'); // a commit is on disk when it returns: docs/operations.md#durability
  // An erasure leaves nothing in the file's free pages: freed space is overwritten with zeros.
  handle.pragma('secure_delete = ON');
  const turns = new Turns(transactions);
  const dataSource = new DataSource({
    ...common,
    type: 'better-sqlite3',
    database: file,
    enableWAL: true,
    driver: handing(handle),
    logger: new OneWriterAtATime(turns),
  });
  await initialize(dataSource, () => handle.close());
  return sqliteDatabase(dataSource, handle, file, turns);
}

/** TypeORM's `driver` option: whatever connection (pool) it asks the driver to open is the one opened here. */
function handing<T extends object>(connection: T) {
  return class {
    constructor() {
      return connection;
    }
  };
}

async function initialize(dataSource: DataSource, closeConnection: () => unknown): Promise<void> {
  try {
    await dataSource.initialize();
  } catch (error) {
    await closeConnection();
    throw error;
  }
}

/** Whether the caller runs inside one of this database's transactions (a transaction still open). */
class TransactionScope {
  private readonly current = new AsyncLocalStorage<{ open: boolean }>();

  get isInside(): boolean {
    return this.current.getStore()?.open === true;
  }

  /** Runs `work` as inside; work it leaves running after it ends (a nudge, a timer) is outside again. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.isInside) throw new Error(INSIDE_TRANSACTION);
    const scope = { open: true };
    try {
      return await this.current.run(scope, work);
    } finally {
      scope.open = false;
    }
  }
}

/**
 * SQLite's one connection, taken in turns. TypeORM drives it through one query runner, and every
 * statement on it belongs to whatever transaction is open there: a transaction begun while another
 * was open became a savepoint inside it (its "commit" made nothing durable: a submission answered
 * 201 could be lost to a kill -9), and a write from elsewhere (a proof claim, a refresh token
 * marked used) joined the open transaction and was undone by its rollback. So each transaction
 * and each write outside one takes a turn, one after another; reads run at once.
 */
class Turns {
  private last: Promise<unknown> = Promise.resolve();

  constructor(readonly scope: TransactionScope) {}

  /** Runs `work` once every earlier turn is over; everything `work` starts is inside the turn. */
  take<T>(work: () => T | Promise<T>): Promise<T> {
    if (this.scope.isInside) return Promise.reject(new Error(INSIDE_TRANSACTION));
    const turn = this.last.then(() => this.scope.run(async () => work()));
    this.last = turn.catch(() => undefined);
    return turn;
  }
}

const READS = /^\s*(SELECT|PRAGMA\s+\w+\s*(\(|$))/i;

/**
 * TypeORM's query log, which sees every statement it runs on SQLite: one that writes outside a
 * turn (a repository's insert outside db.transaction, a query runner's own BEGIN) is refused
 * before it runs, rather than joining whatever transaction is open on the connection.
 */
class OneWriterAtATime implements Logger {
  constructor(private readonly turns: Turns) {}
  logQuery(query: string): void {
    if (!this.turns.scope.isInside && !READS.test(query)) {
      throw new Error(`SQLite: writes go through db.transaction or db.run (db/database.ts), not TypeORM on its own: ${query}`);
    }
  }
  logQueryError(): void {}
  logQuerySlow(): void {}
  logSchemaBuild(): void {}
  logMigration(): void {}
  log(): void {}
}

/** A better-sqlite3 connection's statements, each prepared once and reused. */
function preparedStatements(handle: BetterSqlite3.Database) {
  const prepared = new Map<string, BetterSqlite3.Statement>();
  return (sql: string) => {
    let found = prepared.get(sql);
    if (!found) {
      if (prepared.size >= STATEMENT_CACHE_LIMIT) prepared.clear();
      found = handle.prepare(sql);
      prepared.set(sql, found);
    }
    return found;
  };
}

/** Runs a synchronous statement as a promise (its error a rejection). */
function settled<T>(work: () => T): Promise<T> {
  try {
    return Promise.resolve(work());
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}

function sqliteDatabase(dataSource: DataSource, handle: BetterSqlite3.Database, file: string, turns: Turns): Database {
  const statement = preparedStatements(handle);
  const inserts = insertStatements(dataSource);
  // Inside the turn: the statements are part of the transaction open on the connection.
  const within: Queries = {
    all: <Row>(sql: string, params: readonly unknown[] = []) => settled(() => statement(sql).all(...params) as Row[]),
    run: (sql, params = []) => settled(() => statement(sql).run(...params).changes),
  };
  return {
    engine: 'sqlite',
    reads: dataSource.manager,
    postgresPool: null,
    all: (sql, params) => {
      if (statement(sql).readonly) return within.all(sql, params);
      return turns.take(() => within.all(sql, params));
    },
    run: (sql, params) => turns.take(() => within.run(sql, params)),
    transaction: (work) =>
      turns.take(() =>
        dataSource.transaction((manager) =>
          work(transactionOf(manager, within, (entity, row) => within.run(...inserts(entity, row)).then(() => undefined))),
        ),
      ),
    rowReader: readerCache(dataSource),
    openScan() {
      const scan = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
      scan.pragma(`cache_size = -${SCAN_CACHE_KIB}`);
      const scanStatement = preparedStatements(scan);
      return {
        all: <Row>(sql: string, params: readonly unknown[] = []) => settled(() => scanStatement(sql).all(...params) as Row[]),
        close: () => scan.close(),
      };
    },
    migrate: () =>
      turns.take(async () => {
        await dataSource.runMigrations({ transaction: 'each' });
        await deleteForGoodInSearchTables(within);
      }),
    // A CSV export reading at that moment can keep the checkpoint from finishing; the next erasure's finishes it.
    forgetErased: () => turns.take(() => void handle.pragma('wal_checkpoint(TRUNCATE)')),
    close: () => closeOnce(dataSource),
  };
}

/**
 * FTS5 keeps a deleted row's terms until its index segments merge, unless the table's (persistent)
 * `secure-delete` option is on: set on every search table after the migrations, so one a migration
 * created or rebuilt has it too.
 */
async function deleteForGoodInSearchTables(sql: Queries): Promise<void> {
  const tables = await sql.all<{ name: string }>(
    `SELECT "name" FROM "sqlite_master" WHERE "type" = 'table' AND "sql" LIKE 'CREATE VIRTUAL TABLE%USING fts5%'`,
  );
  for (const { name } of tables) await sql.run(`INSERT INTO "${name}" ("${name}", "rank") VALUES ('secure-delete', 1)`);
}

/** PostgreSQL's $1, $2, ... for the `?` placeholders. */
export function numberedPlaceholders(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

function postgresDatabase(dataSource: DataSource, pool: Pool, scope: TransactionScope): Database {
  const numbered = new Map<string, string>();
  const positional = (sql: string) => {
    let text = numbered.get(sql);
    if (text === undefined) {
      text = numberedPlaceholders(sql);
      if (numbered.size >= STATEMENT_CACHE_LIMIT) numbered.clear();
      numbered.set(sql, text);
    }
    return text;
  };
  const reads: Pick<Queries, 'all'> = {
    all: async <Row>(sql: string, params: readonly unknown[] = []) =>
      (await pool.query(positional(sql), params as unknown[])).rows as Row[],
  };
  const inserts = insertStatements(dataSource);
  return {
    engine: 'postgres',
    reads: dataSource.manager,
    postgresPool: pool,
    all: reads.all,
    run: async (sql, params = []) => {
      if (scope.isInside) throw new Error(INSIDE_TRANSACTION);
      return (await pool.query(positional(sql), params as unknown[])).rowCount ?? 0;
    },
    transaction: (work) =>
      scope.run(() =>
        dataSource.transaction((manager) => {
          // The transaction's own connection, through TypeORM's query runner.
          const runner = manager.queryRunner!;
          const within: Queries = {
            all: async <Row>(sql: string, params: readonly unknown[] = []) =>
              (await runner.query(positional(sql), params as unknown[], true)).records as Row[],
            run: async (sql, params = []) => (await runner.query(positional(sql), params as unknown[], true)).affected ?? 0,
          };
          return work(transactionOf(manager, within, (entity, row) => within.run(...inserts(entity, row)).then(() => undefined)));
        }),
      ),
    rowReader: readerCache(dataSource),
    openScan: () => ({ all: reads.all, close: () => undefined }),
    migrate: () => migrateUnderLock(dataSource),
    forgetErased: () => Promise.resolve(),
    close: () => closeOnce(dataSource),
  };
}

const closeOnce = (dataSource: DataSource) => (dataSource.isInitialized ? dataSource.destroy() : Promise.resolve());

/** Replicas starting together queue on an advisory lock (per schema), so exactly one applies each migration. */
async function migrateUnderLock(dataSource: DataSource): Promise<void> {
  const lockRunner = dataSource.createQueryRunner();
  await lockRunner.connect();
  try {
    await lockRunner.query(`SELECT pg_advisory_lock(hashtext(current_schema() || ':sourcing-migrations'))`);
    try {
      await dataSource.runMigrations({ transaction: 'each' });
    } finally {
      await lockRunner.query(`SELECT pg_advisory_unlock(hashtext(current_schema() || ':sourcing-migrations'))`);
    }
  } finally {
    await lockRunner.release();
  }
}

function transactionOf(manager: EntityManager, within: Queries, insert: Transaction['insert']): Transaction {
  // Named by depth, so the statements of a savepoint are the same few texts (prepared once on SQLite).
  let depth = 0;
  return {
    manager,
    ...within,
    insert,
    async savepoint(work) {
      const name = `"savepoint_${++depth}"`;
      try {
        await within.run(`SAVEPOINT ${name}`);
        try {
          const result = await work();
          await within.run(`RELEASE SAVEPOINT ${name}`);
          return result;
        } catch (error) {
          await within.run(`ROLLBACK TO SAVEPOINT ${name}`);
          throw error;
        }
      } finally {
        depth--;
      }
    },
  };
}

/**
 * INSERT of one row, its statement text made once per entity and set of columns (TypeORM's insert
 * query builder spends longer building a statement than the database running it). Values are
 * converted by TypeORM's driver (JSON, dates, transformers); properties left undefined are left
 * out, so their columns take their defaults as with `repository.insert`.
 */
function insertStatements(
  dataSource: DataSource,
): (entity: EntityTarget<ObjectLiteral>, row: ObjectLiteral) => [string, unknown[]] {
  const metadataOf = new Map<EntityTarget<ObjectLiteral>, EntityMetadata>();
  const texts = new Map<string, string>();
  return (entity, row) => {
    let metadata = metadataOf.get(entity);
    if (!metadata) metadataOf.set(entity, (metadata = dataSource.getMetadata(entity)));
    const columns = metadata.columns.filter((c) => row[c.propertyName] !== undefined);
    const key = `${metadata.name}:${columns.map((c) => c.databaseName).join(',')}`;
    let sql = texts.get(key);
    if (!sql) {
      const names = columns.map((c) => `"${c.databaseName}"`).join(', ');
      sql = `INSERT INTO "${metadata.tableName}" (${names}) VALUES (${columns.map(() => '?').join(', ')})`;
      texts.set(key, sql);
    }
    return [sql, columns.map((c) => dataSource.driver.preparePersistentValue(row[c.propertyName], c) as unknown)];
  };
}

function readerCache(dataSource: DataSource) {
  const readers = new Map<string, RowReader<unknown>>();
  return <Row>(entity: string): RowReader<Row> => {
    let reader = readers.get(entity);
    if (!reader) readers.set(entity, (reader = createRowReader(dataSource, entity)));
    return reader as RowReader<Row>;
  };
}
