import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../../app-deps';
import type { Transaction } from '../../db/database';
import { dbTime } from '../../db/engine';
import { changeEvent, type DeskRow } from '../../records/desk/change-records';
import { eventRow, storeEvents } from '../../records/desk/record-events';
import { touchRecords } from '../../records/desk/updated-at';
import { endSnoozeOnReply } from '../../records/follow-ups/end-snooze-on-reply';
import { changeWithEvents, type Announce } from '../../records/publish';
import type { AnyRow } from '../../records/record-kind';
import { indexInboundFiles, keepInboundFiles, type InboundFile } from './inbound-files';
import { readInbound, type InboundMessage } from './read-inbound';
import { spamIfBlocked, type SortedInbound } from './spam-if-blocked';
import { sameAddress, threadInbound, type MatchedBy, type ThreadedRecord } from './thread-inbound';

/** Which way a mail came in: the desk mailbox over IMAP, or the SMTP receiver. */
export type InboundVia = 'imap' | 'smtp';

export type InboundDeps = Pick<AppDeps, 'db' | 'engine' | 'config' | 'bus' | 'logger' | 'now' | 'uploads' | 'uploadBudget'>;

/** What receiving a mail did: stored it (attached to a record or unmatched), or nothing, as it was here already. */
export type Received =
  | { outcome: 'attached'; id: string; record: { kind: string; id: string }; matchedBy: MatchedBy }
  | { outcome: 'unmatched'; id: string }
  | { outcome: 'duplicate' };

const flag = (value: boolean) => (value ? 'TRUE' : 'FALSE');

/** An attachment as listed before it is kept (an unmatched mail's: it stays inside the mail). */
const summaryOf = (a: InboundMessage['attachments'][number]): InboundFile => ({
  name: a.name,
  contentType: a.contentType,
  size: a.content.length,
});

/**
 * The files a mail brings: a record's mail keeps its attachments as the record's files; an unmatched
 * one's, and spam's, stay inside the mail (an unmatched mail's until staff attach it).
 */
export function keptFilesOf(deps: InboundDeps, message: SortedInbound, ofRecord: boolean) {
  return ofRecord && message.kind !== 'spam'
    ? keepInboundFiles(deps, message.from?.address ?? '', message.attachments)
    : Promise.resolve({ files: message.attachments.map(summaryOf), forget: () => Promise.resolve() });
}

/** What the timeline, the live change and the notification say of a mail that came back. */
export function answerLine(message: Pick<SortedInbound, 'kind' | 'from' | 'bounce'>, reference: string): string {
  const who = message.from?.name || message.from?.address || 'an unknown sender';
  if (message.kind === 'bounce') return `Bounce — ${reference}: ${message.bounce?.reason ?? 'not delivered'}`;
  if (message.kind === 'auto-reply') return `Automatic reply from ${who} — ${reference}`;
  return `Reply from ${who} — ${reference}`;
}

async function insertInbound(
  tx: Transaction,
  deps: InboundDeps,
  message: SortedInbound,
  raw: Buffer,
  via: InboundVia,
  threading: { record: ThreadedRecord; matchedBy: MatchedBy; fromOtherAddress: boolean } | null,
  files: InboundFile[],
): Promise<string | null> {
  const id = randomUUID();
  const rows = await tx.all<{ id: string }>(
    `INSERT INTO "inbound_mails" ("id", "messageId", "state", "recordKind", "recordId", "matchedBy", "kind", "fromAddress",
  "fromName", "fromOtherAddress", "toAddresses", "ccAddresses", "subject", "text", "replyText", "html", "inReplyTo",
  "references", "attachments", "raw", "via", "sentAt", "receivedAt")
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ${flag(threading?.fromOtherAddress ?? false)}, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT ("messageId") DO NOTHING RETURNING "id"`,
    [
      id,
      message.messageId,
      threading ? 'attached' : 'unmatched',
      threading?.record.kind.definition.kind ?? null,
      threading?.record.id ?? null,
      threading?.matchedBy ?? null,
      message.kind,
      message.from?.address ?? '',
      message.from?.name ?? null,
      JSON.stringify(message.to),
      JSON.stringify(message.cc),
      message.subject,
      message.text,
      message.replyText,
      message.html,
      message.inReplyTo,
      JSON.stringify(message.references),
      JSON.stringify(files),
      raw,
      via,
      message.sentAt ? dbTime(deps.engine, message.sentAt) : null,
      dbTime(deps.engine, deps.now()),
    ],
  );
  return rows.length > 0 ? String(rows[0].id) : null;
}

/**
 * A mail of a record enters its conversation: a line of its timeline, its Updated At (a customer's
 * answer is activity), a bounce marks the mail it reports on, and a live change tells whoever has
 * the record or its list open (on every replica: it is announced in this transaction). Spam is only
 * kept: none of this (spam-if-blocked.ts).
 */
export async function enterConversation(
  tx: Transaction,
  announce: Announce,
  deps: InboundDeps,
  message: Pick<SortedInbound, 'kind' | 'from' | 'subject' | 'bounce'>,
  record: ThreadedRecord,
  fromOtherAddress: boolean,
): Promise<void> {
  if (message.kind === 'spam') return;
  const at = deps.now();
  const { kind } = record;
  if (message.kind === 'bounce' && message.bounce?.messageId) {
    await tx.run(`UPDATE "mail_outbox" SET "bouncedAt" = ?, "bounceReason" = ? WHERE "messageId" = ?`, [
      dbTime(deps.engine, at),
      message.bounce.reason,
      message.bounce.messageId,
    ]);
  }
  await storeEvents(tx, [
    eventRow(
      kind.definition.kind,
      record.id,
      'answer',
      null,
      {
        mail: message.kind,
        from: message.from?.address ?? '',
        subject: message.subject,
        fromOtherAddress,
        ...(message.bounce ? { reason: message.bounce.reason } : {}),
      },
      at,
    ),
  ]);
  if (message.kind === 'reply') {
    await touchRecords(tx, kind, [record.id], at);
    // The customer answered: a snoozed record is back in the working lists (docs/api.md#follow-ups-and-snooze).
    await endSnoozeOnReply(tx, kind, record.id, at);
  }
  const row = await tx.manager.getRepository<AnyRow>(kind.entity).findOneBy({ id: record.id });
  if (!row || kind.definition.statuses === null) return;
  const customer = { id: '', email: message.from?.address ?? '', name: message.from?.name || message.from?.address || '' };
  await announce(changeEvent(kind, row as DeskRow, customer, 'answer', answerLine(message, record.reference)));
}

/**
 * Receives one raw mail from either way in (docs/mail.md#answers): reads it, finds its record
 * (thread-inbound.ts) and stores it once. The unique Message-ID decides: the same mail twice,
 * through IMAP and SMTP, or on two replicas at once makes one row, and the later ones answer
 * `duplicate`. A copy of one of our own mails (the desk in Cc) is no answer: nothing is stored.
 * Resolves once the row has committed, so a receiver may acknowledge the mail then. The product
 * never answers an inbound mail.
 */
export async function receiveInbound(
  deps: InboundDeps,
  raw: Buffer,
  via: InboundVia,
  envelopeRecipients: readonly string[] = [],
): Promise<Received> {
  const message = await spamIfBlocked(deps.db, await readInbound(raw));
  const [known] = await deps.db.all<{ id: string }>(
    `SELECT "id" FROM "inbound_mails" WHERE "messageId" = ? UNION ALL SELECT "id" FROM "mail_outbox" WHERE "messageId" = ?`,
    [message.messageId, message.messageId],
  );
  if (known) return { outcome: 'duplicate' };
  const found = await threadInbound(deps, message, envelopeRecipients);
  const threading = found && {
    ...found,
    fromOtherAddress: message.kind !== 'bounce' && !!message.from && !sameAddress(found.record.email, message.from.address),
  };
  const kept = await keptFilesOf(deps, message, !!threading);
  let id: string | null;
  try {
    id = await changeWithEvents(deps, async (tx, announce) => {
      const stored = await insertInbound(tx, deps, message, raw, via, threading, kept.files);
      if (stored && threading) {
        const { record } = threading;
        await indexInboundFiles(tx, kept.files, { kind: record.kind.definition.kind, id: record.id }, deps.now());
        await enterConversation(tx, announce, deps, message, record, threading.fromOtherAddress);
      }
      return stored;
    });
  } catch (error) {
    await kept.forget();
    throw error;
  }
  if (!id) {
    await kept.forget();
    return { outcome: 'duplicate' };
  }
  if (!threading) {
    deps.logger.info('inbound mail unmatched', { id, via });
    return { outcome: 'unmatched', id };
  }
  const record = { kind: threading.record.kind.definition.kind, id: threading.record.id };
  deps.logger.info('inbound mail attached', { id, via, matchedBy: threading.matchedBy, kind: message.kind });
  return { outcome: 'attached', id, record, matchedBy: threading.matchedBy };
}
