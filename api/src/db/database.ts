import type { Pool } from 'pg';
import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import type { Engine } from './engine';

/**
 * The database as the rest of the app sees it (docs/operations.md#storage-engines), opened by
 * `openDatabase` (db/open-database.ts, the one module that touches the drivers).
 *
 * - Reads: `db.all` (SQL with `?` placeholders on both engines) or TypeORM through `db.reads`.
 * - Writes: in `db.transaction(async (tx) => ...)`, through `tx` (its SQL, its `insert`, its
 *   TypeORM `manager`), passed down to whatever the transaction calls. A one-statement write
 *   outside a transaction is `db.run` (or `db.all` for one that answers rows).
 *
 * On SQLite, whose one connection every statement shares, transactions and writes outside them
 * take turns, so a transaction really commits when it ends and a write never joins someone else's.
 */
export interface Database extends Queries {
  readonly engine: Engine;
  /**
   * Runs `work` in a transaction: committed when it resolves, rolled back when it throws. The one
   * way to begin one. Inside it, write through `tx`: beginning another transaction or writing
   * through `db` there is refused (on SQLite it would wait for the transaction it is part of).
   */
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
  /** TypeORM outside a transaction, for reads (repositories' find and count, SELECT query builders). */
  readonly reads: EntityManager;
  /** Reads an entity's table from raw SQL into what TypeORM would give. */
  rowReader<Row = ObjectLiteral>(entity: string): RowReader<Row>;
  /** Reads for a scan over a whole table (the CSV export), on a connection of its own on SQLite; `close` when done. */
  openScan(): ScanReads;
  /** What rate-limiter-flexible stores PostgreSQL counters through (null on SQLite). */
  readonly postgresPool: Pool | null;
  /**
   * Runs pending migrations (once per schema however many replicas start together). On SQLite the
   * search tables then delete for good, those a migration rebuilt too (docs/operations.md#erasure-and-the-files).
   */
  migrate(): Promise<void>;
  /**
   * After an erasure has committed: what the engine still keeps of the deleted rows in its own
   * files goes where it can. On SQLite the write-ahead log is written back and truncated; on
   * PostgreSQL nothing is done here (VACUUM's work: docs/operations.md#erasure-and-the-files).
   */
  forgetErased(): Promise<void>;
  close(): Promise<void>;
}

/** SQL with `?` placeholders (statement texts hold no other `?`), on both engines. */
export interface Queries {
  /** A statement's rows (a SELECT, or a write with RETURNING). */
  all<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  /** A statement that answers no rows; resolves to the number of rows it changed. */
  run(sql: string, params?: readonly unknown[]): Promise<number>;
}

/** An open transaction: what its work writes through, and passes down. */
export interface Transaction extends Queries {
  /** TypeORM inside the transaction: repositories and query builders. */
  readonly manager: EntityManager;
  /** Inserts one row of an entity; properties left undefined take their columns' defaults. */
  insert(entity: EntityTarget<ObjectLiteral>, row: ObjectLiteral): Promise<void>;
  /** Runs `work` in a savepoint: if it throws, what it did is undone and the transaction goes on. */
  savepoint<T>(work: () => Promise<T>): Promise<T>;
}

/** An entity's columns in raw SQL, and a raw row converted as TypeORM's find would. */
export interface RowReader<Row> {
  /** `alias."column" AS "property"`, for every column of the entity. */
  columns(alias: string): string;
  read(raw: Record<string, unknown>): Row;
}

export interface ScanReads extends Pick<Queries, 'all'> {
  close(): void;
}
