import { rm } from 'node:fs/promises';
import type { Transaction } from '../db/database';
import { filedMailPath } from './transport';

/**
 * Erasure of records' mails (docs/admin.md#erasure), in the erasure's transaction: their outbox
 * rows (confirmations, staff alerts, replies, newsletter confirmations: every copy of what was
 * sent, words included), the mails that came back to them (docs/mail.md#answers: words, raw message
 * and all), their reply tokens and whether each waited for a digest. Answers the erased mails' ids, whose filed copies
 * (`.eml` under DATA_DIR/mail) go once the transaction has committed.
 */
export async function eraseRecordMails(tx: Transaction, recordIds: string[]): Promise<string[]> {
  const ids = recordIds.map(() => '?').join(', ');
  const rows = await tx.all<{ id: string }>(`DELETE FROM "mail_outbox" WHERE "recordId" IN (${ids}) RETURNING "id"`, recordIds);
  await tx.run(`DELETE FROM "staff_digest_items" WHERE "recordId" IN (${ids})`, recordIds);
  await tx.run(`DELETE FROM "reply_tokens" WHERE "recordId" IN (${ids})`, recordIds);
  await tx.run(`DELETE FROM "inbound_mails" WHERE "recordId" IN (${ids})`, recordIds);
  return rows.map((r) => String(r.id));
}

/** A person's mails that no record holds (unmatched or discarded: docs/mail.md#unmatched-mail), by their address in any letter case. */
export async function eraseUnattachedMailsFrom(tx: Transaction, addressKey: string): Promise<number> {
  return tx.run(`DELETE FROM "inbound_mails" WHERE LOWER("fromAddress") = ? AND "state" <> 'attached'`, [addressKey]);
}

/** Mails no record holds (unmatched or discarded) received before `cutoff`: retention's share of them (docs/admin.md#retention). */
export async function eraseUnattachedMailsBefore(tx: Transaction, cutoff: Date | string): Promise<number> {
  return tx.run(`DELETE FROM "inbound_mails" WHERE "state" <> 'attached' AND "receivedAt" < ?`, [cutoff]);
}

/** What a person's export holds of a mail that came in (docs/admin.md#a-persons-data). */
export interface InboundMailExport {
  recordId: string | null;
  kind: string;
  receivedAt: Date | string;
  fromAddress: string;
  subject: string;
  text: string;
}

/** The mails that came back to these records, and those from the address that no record holds, oldest first. */
export async function inboundMailsOf(
  db: Pick<Transaction, 'all'>,
  recordIds: string[],
  addressKey: string,
): Promise<InboundMailExport[]> {
  const ids = recordIds.map(() => '?').join(', ');
  return db.all<InboundMailExport>(
    `SELECT "recordId", "kind", "receivedAt", "fromAddress", "subject", "text" FROM "inbound_mails"
WHERE ${recordIds.length ? `"recordId" IN (${ids}) OR ` : ''}(LOWER("fromAddress") = ? AND "state" = 'unmatched')
ORDER BY "receivedAt", "id"`,
    [...recordIds, addressKey],
  );
}

/** Removes the filed copies of erased mails; one that is not there (SMTP sent it) is no error. */
export async function removeFiledMails(dataDir: string, mailIds: string[]): Promise<void> {
  await Promise.all(mailIds.map((id) => rm(filedMailPath(dataDir, id), { force: true })));
}
