import { randomUUID } from 'node:crypto';
import type { ObjectLiteral } from 'typeorm';
import type { SubscribeInput } from '@sourcing/shared';
import type { Transaction } from '../../db/database';
import { dbTime } from '../../db/engine';
import { queueConfirmationMail } from '../../mail/newsletter/newsletter-mails';
import { withDerivedColumns } from '../derived-columns';
import { visitorMailVerdict } from '../../mail/visitor-mail';
import type { AnyRow, RecordKind, StoreDeps, Stored } from '../record-kind';

/** A pending or unsubscribed address gets its confirmation again, at most this often. */
export const RESEND_AFTER_MS = 10 * 60_000;

/**
 * Double opt-in (docs/mail.md#newsletter): a new address is stored pending with its confirmation
 * mail, in one transaction; the unique index on LOWER(email) decides, so concurrent sign-ups
 * store one row. An address already pending or unsubscribed gets the confirmation again
 * (rate-limited); a confirmed one nothing. The visitor's answer is the same in every case.
 * Whether the claimed confirmation may go (visitor-mail.ts) is asked between two transactions: the
 * limiter store is not the transaction's connection.
 */
export async function subscribe(deps: StoreDeps, kind: RecordKind, input: Record<string, unknown>): Promise<Stored<AnyRow>> {
  const { email } = input as SubscribeInput;
  const now = deps.now();
  const { row, created, claimed } = await deps.db.transaction(async (tx) => {
    const repo = tx.manager.getRepository<ObjectLiteral>(kind.entity);
    const candidate: AnyRow = { id: randomUUID(), email, createdAt: now, status: 'pending' };
    await repo.createQueryBuilder().insert().values(withDerivedColumns(kind.definition, candidate)).orIgnore().execute();
    const stored = (await repo
      .createQueryBuilder('s')
      .where('LOWER(s.email) = LOWER(:email)', { email })
      .getOneOrFail()) as AnyRow;
    return { row: stored, created: stored.id === candidate.id, claimed: await claimConfirmation(deps, tx, stored.id, now) };
  });
  if (claimed) {
    const verdict = await visitorMailVerdict(deps, String(row.email));
    await deps.db.transaction((tx) => queueConfirmationMail(tx, deps, row, verdict));
  }
  return { row, created };
}

/**
 * Whether to mail a confirmation now: the address is not confirmed and none went out in the last
 * RESEND_AFTER_MS (a new row has none). One conditional UPDATE, so of concurrent sign-ups one wins.
 */
async function claimConfirmation(deps: StoreDeps, tx: Transaction, id: string, now: Date): Promise<boolean> {
  const changed = await tx.run(
    `UPDATE "subscribers" SET "confirmationSentAt" = ?
WHERE "id" = ? AND "status" <> 'confirmed' AND ("confirmationSentAt" IS NULL OR "confirmationSentAt" <= ?)`,
    [dbTime(deps.engine, now), id, dbTime(deps.engine, new Date(now.getTime() - RESEND_AFTER_MS))],
  );
  return changed === 1;
}
