import BetterSqlite3 from 'better-sqlite3';
import type { Pool } from 'pg';
import type { DataSource, EntityManager } from 'typeorm';
import { engineOf } from './engine';
import { sqliteTurns } from './sqlite-turns';

/**
 * Statements on the connections TypeORM opened (its better-sqlite3 handle, its `pg` pool), without
 * its query runner: the hot read paths (admin lists, stats) spent more time in TypeORM's
 * per-query machinery than in the database (bench/README.md). Statements use `?` placeholders on
 * both engines; SQLite's are prepared once per process and reused.
 */
export interface RawSql {
  /** A statement's rows; on SQLite one that writes (INSERT ... RETURNING) commits on its own unless called inside a transaction. */
  all<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  /**
   * SQLite only: runs a statement that returns no rows on the one connection, prepared once.
   * Inside a TypeORM transaction on SQLite this is part of it (better-sqlite3 has a single connection).
   */
  run?(sql: string, params: readonly unknown[]): void;
  /** A statement that returns no rows, outside any transaction (SQLite's prepared once). */
  write(sql: string, params?: readonly unknown[]): Promise<void>;
}

/** Distinct statement texts kept prepared; the read paths build only a few dozen shapes. */
const PREPARED_LIMIT = 500;

const readers = new WeakMap<DataSource, RawSql>();

export function rawSql(dataSource: DataSource): RawSql {
  let reads = readers.get(dataSource);
  if (!reads) {
    reads = engineOf(dataSource) === 'postgres' ? postgresReads(dataSource) : sqliteReads(dataSource);
    readers.set(dataSource, reads);
  }
  return reads;
}

/** A better-sqlite3 connection's statements, each prepared once, and its reads. */
function sqliteStatements(db: BetterSqlite3.Database) {
  const prepared = new Map<string, BetterSqlite3.Statement>();
  const statement = (sql: string) => {
    let found = prepared.get(sql);
    if (!found) {
      if (prepared.size >= PREPARED_LIMIT) prepared.clear();
      found = db.prepare(sql);
      prepared.set(sql, found);
    }
    return found;
  };
  const all = <Row>(sql: string, params: readonly unknown[] = []) => {
    try {
      return Promise.resolve(statement(sql).all(...params) as Row[]);
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  };
  return { statement, all };
}

function sqliteReads(dataSource: DataSource): RawSql {
  const db = (dataSource.driver as unknown as { databaseConnection: BetterSqlite3.Database }).databaseConnection;
  const { statement, all } = sqliteStatements(db);
  const turns = sqliteTurns(dataSource);
  return {
    // A write that answers rows (INSERT ... RETURNING: a proof's claim, the outbox's) takes a turn
    // of its own like `write`, so it never joins a transaction open on the connection (db/sqlite-turns.ts).
    all: (sql, params) =>
      turns && !turns.isInside && !statement(sql).readonly ? turns.take(() => all(sql, params)) : all(sql, params),
    run: (sql, params) => void statement(sql).run(...params),
    // In a turn of its own, so it never joins a transaction open on the connection (db/sqlite-turns.ts).
    write: async (sql, params = []) => {
      const write = () => void statement(sql).run(...params);
      await (turns ? turns.within(write) : write());
    },
  };
}

/** Reads of one long scan; `close` when it ends (or is abandoned). */
export interface ScanReads extends Pick<RawSql, 'all'> {
  close(): void;
}

/** The page cache of a scan's own SQLite connection (the main one has better-sqlite3's 16 MB). */
const SCAN_CACHE_KIB = 1024;

/**
 * Reads for a scan over a whole table (the CSV export). On SQLite through a read-only connection
 * of its own with a small page cache, closed at the end: on the main connection a 1M-row export
 * filled its 16 MB page cache with pages no list needs (pushing out those lists do) and kept the
 * memory (bench/README.md, CSV export), and it read what open transactions had not yet committed.
 * PostgreSQL caches in the database server: there a scan reads through the pool.
 */
export function openScanReads(dataSource: DataSource): ScanReads {
  if (engineOf(dataSource) === 'postgres') {
    const pool = rawSql(dataSource);
    return { all: (sql, params) => pool.all(sql, params), close: () => undefined };
  }
  const db = new BetterSqlite3(String(dataSource.options.database), { readonly: true, fileMustExist: true });
  db.pragma(`cache_size = -${SCAN_CACHE_KIB}`);
  return { all: sqliteStatements(db).all, close: () => db.close() };
}

/** PostgreSQL's $1, $2, ... for the `?` placeholders (statement texts hold no other `?`). */
export function numberedPlaceholders(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

function postgresReads(dataSource: DataSource): RawSql {
  const pool = (dataSource.driver as unknown as { master: Pool }).master;
  const numbered = new Map<string, string>();
  const positional = (sql: string) => {
    let text = numbered.get(sql);
    if (text === undefined) {
      text = numberedPlaceholders(sql);
      if (numbered.size >= PREPARED_LIMIT) numbered.clear();
      numbered.set(sql, text);
    }
    return text;
  };
  return {
    all: async <Row>(sql: string, params: readonly unknown[] = []) =>
      (await pool.query(positional(sql), params as unknown[])).rows as Row[],
    write: async (sql, params = []) => {
      await pool.query(positional(sql), params as unknown[]);
    },
  };
}

/**
 * A statement that returns no rows inside the manager's transaction: on SQLite through the one
 * connection's prepared statement (TypeORM's query runner prepares every statement again), on
 * PostgreSQL on the transaction's own connection.
 */
export async function runInTransaction(manager: EntityManager, sql: string, params: readonly unknown[] = []): Promise<void> {
  const raw = rawSql(manager.connection);
  if (raw.run) raw.run(sql, params);
  else await manager.query(numberedPlaceholders(sql), params as unknown[]);
}
