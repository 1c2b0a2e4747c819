import { rm } from 'node:fs/promises';
import type { Transaction } from '../db/database';
import { filedMailPath } from './transport';

/**
 * Erasure of records' mails (docs/admin.md#erasure), in the erasure's transaction: their outbox
 * rows (confirmations, staff alerts, replies, newsletter confirmations: every copy of what was
 * sent) and whether each waited for a digest. Answers the erased mails' ids, whose filed copies
 * (`.eml` under DATA_DIR/mail) go once the transaction has committed.
 */
export async function eraseRecordMails(tx: Transaction, recordIds: string[]): Promise<string[]> {
  const ids = recordIds.map(() => '?').join(', ');
  const rows = await tx.all<{ id: string }>(`DELETE FROM "mail_outbox" WHERE "recordId" IN (${ids}) RETURNING "id"`, recordIds);
  await tx.run(`DELETE FROM "staff_digest_items" WHERE "recordId" IN (${ids})`, recordIds);
  return rows.map((r) => String(r.id));
}

/** Removes the filed copies of erased mails; one that is not there (SMTP sent it) is no error. */
export async function removeFiledMails(dataDir: string, mailIds: string[]): Promise<void> {
  await Promise.all(mailIds.map((id) => rm(filedMailPath(dataDir, id), { force: true })));
}
