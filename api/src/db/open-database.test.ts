import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUsedProofs } from '../spam/used-proofs';
import { startTestServer, TEST_ENGINES, type TestServer } from '../test/support';
import type { Database } from './database';
import { SQLITE_FILE_NAME } from './engine';

const INSERT_PROOF = 'INSERT INTO "used_form_proofs" ("key", "expiresAt") VALUES (?, ?)';

/** SQLite has one connection, taken in turns (docs/operations.md#storage-engines). */
describe('SQLite connection turns', () => {
  let server: TestServer;
  let db: Database;
  let outside: BetterSqlite3.Database;
  beforeAll(async () => {
    server = await startTestServer({ engine: 'sqlite' });
    db = server.deps.db;
    outside = new BetterSqlite3(join(server.dataDir, SQLITE_FILE_NAME), { readonly: true });
  });
  afterAll(async () => {
    outside?.close();
    await server?.close();
  });

  /** Whether another connection sees the row: on disk, not in an open transaction or a savepoint. */
  const committed = (key: string) =>
    (outside.prepare('SELECT COUNT(*) AS "n" FROM "used_form_proofs" WHERE "key" = ?').get(key) as { n: number }).n;

  it('has committed every transaction that has finished, however many run at once', async () => {
    // Each yields to the event loop mid-transaction, as a submission does while its mail is composed.
    const keys = Array.from({ length: 20 }, (_, i) => `concurrent-${i}`);
    const seenWhenDone = await Promise.all(
      keys.map(async (key) => {
        await db.transaction(async (tx) => {
          await tx.run(INSERT_PROOF, [key, 0]);
          await new Promise((resolve) => setImmediate(resolve));
        });
        return committed(key);
      }),
    );
    expect(seenWhenDone).toEqual(keys.map(() => 1));
  });

  it('keeps writes made elsewhere while a transaction is open out of it: its rollback does not undo them', async () => {
    const proofs = createUsedProofs(db);
    const inAMinute = () => new Date(Date.now() + 60_000);
    // The first claim also deletes expired proofs (a write of its own); the next one only claims.
    await proofs.claim({ key: 'earlier-proof', expiresAt: inAMinute() }, new Date());
    let failNow!: () => void;
    const failing = db.transaction(async (tx) => {
      await tx.run(INSERT_PROOF, ['rolled-back', 0]);
      await new Promise<void>((resolve) => (failNow = resolve));
      throw new Error('the transaction fails');
    });
    await expect.poll(() => failNow).toBeDefined();
    // A statement, a spam-check proof's claim (a write that answers rows) and another transaction, all outside the failing one.
    const claimed = proofs.claim({ key: 'claimed-proof', expiresAt: inAMinute() }, new Date());
    const writes = Promise.all([
      db.run(INSERT_PROOF, ['raw-write', 0]),
      claimed,
      db.transaction((tx) => tx.run(INSERT_PROOF, ['other-transaction', 0])),
    ]);
    failNow();
    await expect(failing).rejects.toThrow('the transaction fails');
    await writes;
    expect(await claimed).toBe(true);
    const written = ['rolled-back', 'raw-write', 'claimed-proof', 'other-transaction'].map(committed);
    expect(written).toEqual([0, 1, 1, 1]);
  });

  it('refuses a write through TypeORM outside a transaction, which would join whatever transaction is open', async () => {
    await expect(db.reads.query(INSERT_PROOF, ['orm-write', 0])).rejects.toThrow('writes go through db.transaction');
    // A transaction begun on TypeORM's query runner is its BEGIN: refused too.
    await expect(db.reads.connection.createQueryRunner().startTransaction()).rejects.toThrow('writes go through db.transaction');
    expect(committed('orm-write')).toBe(0);
    // The connection is in no transaction: the next one commits on its own.
    await db.transaction((tx) => tx.run(INSERT_PROOF, ['after-refusals', 0]));
    expect(committed('after-refusals')).toBe(1);
  });
});

describe.each(TEST_ENGINES)('transactions on %s', (engine) => {
  let server: TestServer;
  let db: Database;
  beforeAll(async () => {
    server = await startTestServer({ engine });
    db = server.deps.db;
  });
  afterAll(() => server?.close());

  const stored = async (key: string) =>
    (await db.all<{ n: string | number }>('SELECT COUNT(*) AS "n" FROM "used_form_proofs" WHERE "key" = ?', [key])).map((r) =>
      Number(r.n),
    )[0];

  it('rolls back a failed savepoint only, and the transaction goes on', async () => {
    await db.transaction(async (tx) => {
      await tx.run(INSERT_PROOF, ['outer', 0]);
      await expect(
        tx.savepoint(async () => {
          await tx.run(INSERT_PROOF, ['inner', 0]);
          throw new Error('inner fails');
        }),
      ).rejects.toThrow('inner fails');
      await tx.savepoint(() => tx.run(INSERT_PROOF, ['after', 0]));
    });
    expect([await stored('outer'), await stored('inner'), await stored('after')]).toEqual([1, 0, 1]);
  });

  it('refuses a second transaction or a write through db inside a transaction, the same on both engines', async () => {
    await db.transaction(async (tx) => {
      await expect(db.transaction(() => Promise.resolve())).rejects.toThrow('Inside db.transaction');
      await expect(db.run(INSERT_PROOF, ['through-db', 0])).rejects.toThrow('Inside db.transaction');
      await tx.run(INSERT_PROOF, ['through-tx', 0]);
    });
    expect([await stored('through-db'), await stored('through-tx')]).toEqual([0, 1]);
  });

  it('answers how many rows a statement changed', async () => {
    await db.run(INSERT_PROOF, ['counted', 5]);
    expect(await db.run('UPDATE "used_form_proofs" SET "expiresAt" = ? WHERE "key" = ?', [6, 'counted'])).toBe(1);
    expect(await db.transaction((tx) => tx.run('DELETE FROM "used_form_proofs" WHERE "key" = ?', ['nothing']))).toBe(0);
  });
});
