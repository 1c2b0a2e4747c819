import Database from 'better-sqlite3';
import { sqliteFile } from '../backups/sqlite-backup';
import { dbTime } from '../db/engine';
import type { RecordTable } from '../records/record-kind';

/**
 * Moves the arrival of a test server's record back by `ms`, in its SQLite database under
 * `dataDir`: a browser test's record that came in earlier than the test (the server's clock is
 * the real one). The server reads it from there on; what it stored from the arrival stays.
 */
export function backdateRecord(dataDir: string, table: RecordTable, reference: string, ms: number): void {
  const db = new Database(sqliteFile(dataDir));
  try {
    db.pragma('busy_timeout = 5000');
    const row = db.prepare(`SELECT "createdAt" FROM "${table}" WHERE "reference" = ?`).get(reference) as { createdAt: string };
    const createdAt = new Date(`${row.createdAt.replace(' ', 'T')}Z`);
    db.prepare(`UPDATE "${table}" SET "createdAt" = ? WHERE "reference" = ?`).run(
      dbTime('sqlite', new Date(createdAt.getTime() - ms)),
      reference,
    );
  } finally {
    db.close();
  }
}
