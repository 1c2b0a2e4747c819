import { randomUUID } from 'node:crypto';
import type { Assignee, MailPurpose, RecordKind } from '@sourcing/shared';
import { bareAddress, composeMessage, type OutgoingMail } from './compose';
import type { Transaction } from '../db/database';
import { eventRow, RECORD_EVENT } from '../records/desk/record-events';
import { OUTBOX, type OutboxRow } from './outbox-entity';

/**
 * Queues a mail in the caller's transaction: it exists exactly when what caused it was committed,
 * and the worker delivers it afterwards (docs/mail.md#outbox). Answers the mail's id.
 */
export async function queueMail(
  tx: Transaction,
  now: Date,
  purpose: MailPurpose,
  mail: OutgoingMail,
  record: { kind: RecordKind; id: string; actor?: Assignee } | null = null,
): Promise<string> {
  const row: OutboxRow = {
    id: randomUUID(),
    purpose,
    recordKind: record?.kind ?? null,
    recordId: record?.id ?? null,
    sender: bareAddress(mail.from),
    recipients: mail.to.map(bareAddress),
    subject: mail.subject,
    message: composeMessage(mail),
    state: 'pending',
    attempts: 0,
    nextAttemptAt: now,
    leaseUntil: null,
    lastError: null,
    createdAt: now,
    deliveredAt: null,
  };
  await tx.insert(OUTBOX, row);
  // The record's timeline says what was sent, to whom, and which staff member sent it (none: the system).
  if (record) {
    const details = { purpose, to: row.recipients, subject: mail.subject };
    await tx.insert(RECORD_EVENT, eventRow(record.kind, record.id, 'mail', record.actor ?? null, details, now));
  }
  return row.id;
}
