import { randomUUID } from 'node:crypto';
import { parseEmailAddress, type Assignee, type MailPurpose, type RecordKind } from '@sourcing/shared';
import { bareAddress, newMessageId, type OutgoingMail } from './compose';
import type { Transaction } from '../db/database';
import { eventRow, RECORD_EVENT } from '../records/desk/record-events';
import { OUTBOX, type OutboxRow } from './outbox-entity';

/** A recipient as the envelope and the `To` header both carry it: exactly one address, normalised (docs/mail.md#addresses). */
function oneAddress(recipient: string): string {
  const parsed = parseEmailAddress(recipient);
  // Callers check the addresses they were given (a visitor's: visitor-mail.ts; staff's: the config).
  if (!parsed.ok) throw new Error(`A mail was queued to something that is not one e-mail address: ${parsed.message}`);
  return parsed.address;
}

/**
 * Queues a mail in the caller's transaction: it exists exactly when what caused it was committed,
 * and the worker delivers it afterwards (docs/mail.md#outbox). Each recipient must be one address:
 * the same normalised value is the envelope's recipient and the header's. The mail is kept as
 * written (its words and header fields) with a new Message-ID; the worker writes the MIME when
 * it sends it. Answers the mail's id and Message-ID.
 */
export async function queueMail(
  tx: Transaction,
  now: Date,
  purpose: MailPurpose,
  mail: OutgoingMail,
  record: { kind: RecordKind; id: string; actor?: Assignee } | null = null,
): Promise<{ id: string; messageId: string }> {
  const { from, replyTo, text, html, headers, inReplyTo, references, attachments } = mail;
  const cc = mail.cc?.map(oneAddress);
  const recipients = [...mail.to.map(oneAddress), ...(cc ?? [])];
  const row: OutboxRow = {
    id: randomUUID(),
    purpose,
    recordKind: record?.kind ?? null,
    recordId: record?.id ?? null,
    sender: bareAddress(mail.from),
    recipients,
    subject: mail.subject,
    content: { from, cc, replyTo, text, html, headers, inReplyTo, references, attachments },
    messageId: newMessageId(from),
    state: 'pending',
    attempts: 0,
    nextAttemptAt: now,
    leaseUntil: null,
    lastError: null,
    createdAt: now,
    deliveredAt: null,
    bouncedAt: null,
    bounceReason: null,
  };
  await tx.insert(OUTBOX, row);
  // The record's timeline says what was sent, to whom, with which files, and which staff member sent it (none: the system).
  if (record) {
    const files = attachments?.map((file) => file.filename) ?? [];
    const details = { purpose, to: row.recipients, subject: mail.subject, ...(files.length ? { files } : {}) };
    await tx.insert(RECORD_EVENT, eventRow(record.kind, record.id, 'mail', record.actor ?? null, details, now));
  }
  return { id: row.id, messageId: row.messageId! };
}
