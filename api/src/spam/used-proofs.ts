import type { Database } from '../db/database';
import type { AcceptedProof } from './form-challenges';

/** How often one process deletes the rows of expired challenges. */
const CLEAN_UP_EVERY_MS = 60_000;

export interface UsedProofs {
  /** Records a proof as used: false when it already was, by this replica or another. */
  claim(proof: AcceptedProof, now: Date): Promise<boolean>;
}

/**
 * The used solutions in the `used_form_proofs` table (migration 1795000000400), shared by every
 * replica: one INSERT per claim, which the primary key lets only the first sender win. A row is
 * kept until its challenge expires (a later replay is refused as expired anyway), then deleted.
 */
export function createUsedProofs(db: Pick<Database, 'all' | 'run'>): UsedProofs {
  let cleanedAt = 0;

  async function cleanUp(now: Date) {
    if (now.getTime() - cleanedAt < CLEAN_UP_EVERY_MS) return;
    cleanedAt = now.getTime();
    await db.run(`DELETE FROM "used_form_proofs" WHERE "expiresAt" <= ?`, [now.getTime()]);
  }

  return {
    async claim(proof, now) {
      await cleanUp(now);
      const inserted = await db.all(
        `INSERT INTO "used_form_proofs" ("key", "expiresAt") VALUES (?, ?) ON CONFLICT ("key") DO NOTHING RETURNING "key"`,
        [proof.key, proof.expiresAt.getTime()],
      );
      return inserted.length === 1;
    },
  };
}
