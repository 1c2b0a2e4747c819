import { AsyncLocalStorage } from 'node:async_hooks';
import type { DataSource, QueryRunner } from 'typeorm';

/**
 * SQLite's one connection, taken in turns (docs/operations.md#storage-engines).
 *
 * TypeORM drives better-sqlite3's one connection through one query runner, and every statement on
 * it belongs to whatever transaction is open there. Without turns, a transaction begun while
 * another was open became a savepoint inside it (its "commit" made nothing durable, so a
 * submission could be answered 201 and lost to a kill -9), and a write from elsewhere (a proof
 * claim, a refresh token marked used, a mail marked delivered) joined the open transaction and was
 * undone if that one rolled back.
 *
 * So each of these takes a turn, one after another:
 * - a transaction begun through `dataSource.transaction` / `manager.transaction` (one begun inside
 *   a turn nests in it as before);
 * - a statement that writes, run outside any turn (through TypeORM, `rawSql(...).write`, or
 *   `rawSql(...).all` for a write that answers rows): it commits on its own, never inside someone
 *   else's transaction.
 * Reads run at once.
 */
export class SqliteTurns {
  private readonly inside = new AsyncLocalStorage<true>();
  private last: Promise<unknown> = Promise.resolve();

  /** Whether the caller runs inside a turn (and may use the connection as it stands). */
  get isInside(): boolean {
    return this.inside.getStore() === true;
  }

  /** Runs `work` once every earlier turn is over; everything `work` starts is inside the turn. */
  take<T>(work: () => T | Promise<T>): Promise<T> {
    const turn = this.last.then(() => this.inside.run(true, work));
    this.last = turn.catch(() => undefined);
    return turn;
  }

  /** Inside a turn: `work` at once; outside: `work` in a turn of its own. */
  within<T>(work: () => T | Promise<T>): Promise<T> {
    return this.isInside ? Promise.resolve().then(work) : this.take(work);
  }
}

const turnsOf = new WeakMap<DataSource, SqliteTurns>();

/** The turns of a SQLite data source made by `takeTurns`; undefined for PostgreSQL. */
export const sqliteTurns = (dataSource: DataSource): SqliteTurns | undefined => turnsOf.get(dataSource);

const READS = /^\s*(SELECT|PRAGMA\s+\w+\s*(\(|$))/i;

/** Makes a better-sqlite3 data source take turns as described above. */
export function takeTurns(dataSource: DataSource): DataSource {
  const turns = new SqliteTurns();
  turnsOf.set(dataSource, turns);

  const manager = dataSource.manager;
  const transaction = manager.transaction.bind(manager) as (...args: unknown[]) => Promise<unknown>;
  manager.transaction = (...args: unknown[]) => turns.within(() => transaction(...args));

  // The driver makes its one query runner on first use; every statement passes through it.
  const driver = dataSource.driver as unknown as { createQueryRunner(mode?: string): QueryRunner };
  const create = driver.createQueryRunner.bind(driver);
  const taking = new WeakSet<QueryRunner>();
  driver.createQueryRunner = (mode) => {
    const runner = create(mode);
    if (!taking.has(runner)) {
      taking.add(runner);
      const query = runner.query.bind(runner) as (sql: string, ...rest: unknown[]) => Promise<unknown>;
      runner.query = ((sql: string, ...rest: unknown[]) =>
        turns.isInside || READS.test(sql) ? query(sql, ...rest) : turns.take(() => query(sql, ...rest))) as QueryRunner['query'];
      const start = runner.startTransaction.bind(runner);
      runner.startTransaction = (isolationLevel) => {
        // Outside a turn it would open a transaction that others' statements join (the bug above).
        if (turns.isInside) return start(isolationLevel);
        return Promise.reject(new Error('SQLite: begin transactions through dataSource.transaction (db/sqlite-turns.ts)'));
      };
    }
    return runner;
  };
  return dataSource;
}
