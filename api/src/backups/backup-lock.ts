import pg from 'pg';
import type { StorageConfig } from '../config';

/** The backups being taken by this process, by database (SQLite's folder; on PostgreSQL the lock below does the job). */
const runningHere = new Set<string>();

export type Locked<T> = { taken: true; value: T } | { taken: false };

/**
 * Runs `work` unless another backup of the same data is being taken: on PostgreSQL an advisory
 * lock per schema, held on a connection of its own for the whole backup, keeps replicas (and the
 * admin command) from backing up at once; within one process a set of running backups does (SQLite
 * has a single server process).
 */
export async function withBackupLock<T>(storage: StorageConfig, work: () => Promise<T>): Promise<Locked<T>> {
  const key = storage.databaseUrl ?? storage.dataDir;
  if (runningHere.has(key)) return { taken: false };
  runningHere.add(key);
  try {
    if (!storage.databaseUrl) return { taken: true, value: await work() };
    const client = new pg.Client({ connectionString: storage.databaseUrl });
    await client.connect();
    try {
      const lock = `hashtext(current_schema() || ':sourcing-backups')`;
      const { rows } = await client.query<{ locked: boolean }>(`SELECT pg_try_advisory_lock(${lock}) AS locked`);
      if (!rows[0].locked) return { taken: false };
      try {
        return { taken: true, value: await work() };
      } finally {
        await client.query(`SELECT pg_advisory_unlock(${lock})`);
      }
    } finally {
      await client.end();
    }
  } finally {
    runningHere.delete(key);
  }
}
