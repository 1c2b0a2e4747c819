import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/support';
import { SQLITE_FILE_NAME } from './data-source';
import { createUsedProofs } from '../spam/used-proofs';
import { rawSql, runInTransaction } from './raw-sql';

/** SQLite has one connection, taken in turns (docs/operations.md#storage-engines). */
describe('SQLite connection turns', () => {
  let server: TestServer;
  let outside: Database.Database;
  beforeAll(async () => {
    server = await startTestServer({ engine: 'sqlite' });
    outside = new Database(join(server.dataDir, SQLITE_FILE_NAME), { readonly: true });
  });
  afterAll(async () => {
    outside?.close();
    await server?.close();
  });

  const committed = (key: string) =>
    outside.prepare('SELECT COUNT(*) AS "n" FROM "used_form_proofs" WHERE "key" = ?').get(key) as { n: number };

  it('has committed every transaction that has finished, however many run at once', async () => {
    // Each yields to the event loop mid-transaction, as a submission does while its mail is composed.
    const keys = Array.from({ length: 20 }, (_, i) => `concurrent-${i}`);
    const seenWhenDone = await Promise.all(
      keys.map(async (key) => {
        await server.deps.dataSource.transaction(async (manager) => {
          await runInTransaction(manager, 'INSERT INTO "used_form_proofs" ("key", "expiresAt") VALUES (?, ?)', [key, 0]);
          await new Promise((resolve) => setImmediate(resolve));
        });
        // Another connection sees it the moment the transaction is done: it is on disk, not in a savepoint.
        return committed(key).n;
      }),
    );
    expect(seenWhenDone).toEqual(keys.map(() => 1));
  });

  it('still nests a transaction begun inside another, and rolls back only the failed one', async () => {
    await server.deps.dataSource.transaction(async (manager) => {
      await runInTransaction(manager, 'INSERT INTO "used_form_proofs" ("key", "expiresAt") VALUES (?, ?)', ['outer', 0]);
      await expect(
        server.deps.dataSource.transaction(async (inner) => {
          await runInTransaction(inner, 'INSERT INTO "used_form_proofs" ("key", "expiresAt") VALUES (?, ?)', ['inner', 0]);
          throw new Error('inner fails');
        }),
      ).rejects.toThrow('inner fails');
    });
    expect([committed('outer').n, committed('inner').n]).toEqual([1, 0]);
  });

  it('keeps writes made elsewhere while a transaction is open out of it: its rollback does not undo them', async () => {
    const proofs = createUsedProofs(server.deps.dataSource);
    const inAMinute = () => new Date(Date.now() + 60_000);
    // The first claim also deletes expired proofs (a write in a turn of its own); the next one only claims.
    await proofs.claim({ key: 'earlier-proof', expiresAt: inAMinute() }, new Date());
    let failNow!: () => void;
    const failing = server.deps.dataSource.transaction(async (manager) => {
      await runInTransaction(manager, 'INSERT INTO "used_form_proofs" ("key", "expiresAt") VALUES (?, ?)', ['rolled-back', 0]);
      await new Promise<void>((resolve) => (failNow = resolve));
      throw new Error('the transaction fails');
    });
    await expect.poll(() => failNow).toBeDefined();
    // A prepared statement, a TypeORM statement and a spam-check proof's claim (a write that answers rows), all outside the transaction.
    const claimed = proofs.claim({ key: 'claimed-proof', expiresAt: inAMinute() }, new Date());
    const writes = Promise.all([
      rawSql(server.deps.dataSource).write('INSERT INTO "used_form_proofs" ("key", "expiresAt") VALUES (?, ?)', ['raw-write', 0]),
      server.deps.dataSource.query('INSERT INTO "used_form_proofs" ("key", "expiresAt") VALUES (?, ?)', ['orm-write', 0]),
      claimed,
    ]);
    failNow();
    await expect(failing).rejects.toThrow('the transaction fails');
    await writes;
    expect(await claimed).toBe(true);
    const written = ['rolled-back', 'raw-write', 'orm-write', 'claimed-proof'].map((key) => committed(key).n);
    expect(written).toEqual([0, 1, 1, 1]);
  });

  it('refuses a transaction begun on the query runner outside a turn, which others would join', async () => {
    const runner = server.deps.dataSource.createQueryRunner();
    await expect(runner.startTransaction()).rejects.toThrow('begin transactions through dataSource.transaction');
    expect(runner.isTransactionActive).toBe(false);
  });
});
