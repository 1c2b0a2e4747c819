import { addressKey, domainOf, type BlockedSender, type BlockKind } from '@sourcing/shared';
import type { Database, Transaction } from '../db/database';
import { dbTime, timeFromDb, type Engine } from '../db/engine';

/**
 * The block list (docs/hardening.md#block-list): addresses and domains that get no mail at all and
 * whose submissions are stored as spam. A domain covers its subdomains (`spam.example` blocks
 * `mail.spam.example`). Values are stored by their lower-case key, so letter case never slips past it.
 */

/** The keys that would block an address: itself and each domain it is under (of two labels or more). */
function keysOf(address: string): string[] {
  const labels = domainOf(address).split('.');
  const domains = labels.slice(0, -1).map((_, i) => labels.slice(i).join('.'));
  return [addressKey(address), ...domains];
}

/** How the address is blocked (by itself or by its domain), or null when it is not. */
export async function blockedAs(db: Pick<Database, 'all'>, address: string): Promise<BlockKind | null> {
  const keys = keysOf(address);
  const rows = await db.all<{ kind: BlockKind }>(
    `SELECT "kind" FROM "blocked_senders" WHERE "value" IN (${keys.map(() => '?').join(', ')})`,
    keys,
  );
  return rows[0]?.kind ?? null;
}

interface BlockedRow {
  value: string;
  kind: BlockKind;
  createdAt: Date | string;
  createdBy: string;
}

const present = (row: BlockedRow): BlockedSender => ({ ...row, createdAt: timeFromDb(row.createdAt).toISOString() });

/** Every blocked address and domain, by value. */
export async function blockList(db: Pick<Database, 'all'>): Promise<BlockedSender[]> {
  const rows = await db.all<BlockedRow>(
    `SELECT "value", "kind", "createdAt", "createdBy" FROM "blocked_senders" ORDER BY "value"`,
  );
  return rows.map(present);
}

/** Adds entries not on the list yet (in the caller's transaction); answers those it added. */
export async function addToBlockList(
  tx: Transaction,
  engine: Engine,
  entries: { kind: BlockKind; value: string }[],
  by: string,
  now: Date,
): Promise<BlockedSender[]> {
  const added: BlockedSender[] = [];
  const at = dbTime(engine, now);
  for (const { kind, value } of entries) {
    const rows = await tx.all<BlockedRow>(
      `INSERT INTO "blocked_senders" ("value", "kind", "createdAt", "createdBy") VALUES (?, ?, ?, ?)
ON CONFLICT ("value") DO NOTHING RETURNING "value", "kind", "createdAt", "createdBy"`,
      [value, kind, at, by],
    );
    added.push(...rows.map(present));
  }
  return added;
}

/** Removes one entry (in the caller's transaction); answers whether it was there. */
export async function removeFromBlockList(tx: Transaction, value: string): Promise<BlockKind | null> {
  const rows = await tx.all<{ kind: BlockKind }>(`DELETE FROM "blocked_senders" WHERE "value" = ? RETURNING "kind"`, [value]);
  return rows[0]?.kind ?? null;
}
