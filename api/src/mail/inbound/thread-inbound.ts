import { referenceFieldOf } from '@sourcing/shared';
import type { AppDeps } from '../../app-deps';
import type { Queries } from '../../db/database';
import type { RecordKind } from '../../records/record-kind';
import { ALL_RECORD_KINDS } from '../../records/record-kinds';
import type { SortedInbound } from './spam-if-blocked';

/** How an inbound mail found its record (docs/mail.md#threading), or `staff` when someone attached it by hand. */
export type MatchedBy = 'token' | 'thread' | 'reference' | 'bounce' | 'staff';

/** The record an inbound mail belongs to, and the address it was sent from. */
export interface ThreadedRecord {
  kind: RecordKind;
  id: string;
  email: string;
  reference: string;
}

export interface Threading {
  record: ThreadedRecord;
  matchedBy: MatchedBy;
}

/** The kinds staff reply to (those with a reference): only their records have threads. */
export const THREADED_KINDS = ALL_RECORD_KINDS.filter((kind) => referenceFieldOf(kind.definition));

const kindNamed = (name: string) => THREADED_KINDS.find((kind) => kind.definition.kind === name);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `desk+<token>@example.com` for REPLY_TO_ADDRESS `desk@example.com`: the token (lower case), else null. */
export function tokenMatcher(replyToAddress: string): (address: string) => string | null {
  const at = replyToAddress.lastIndexOf('@');
  const pattern = new RegExp(
    `^${escapeRegExp(replyToAddress.slice(0, at))}\\+([a-z2-7]{16})@${escapeRegExp(replyToAddress.slice(at + 1))}$`,
    'i',
  );
  return (address) => pattern.exec(address.trim().replace(/^<|>$/g, ''))?.[1].toLowerCase() ?? null;
}

/** A reference of a threaded kind written in a subject (`Re: Re: INQ-7K2M9Q`), in any letter case. */
const REFERENCE_IN_TEXT = new RegExp(
  `\\b(${THREADED_KINDS.map((kind) => referenceFieldOf(kind.definition)!.prefix).join('|')})-([0-9A-Z]{6})\\b`,
  'i',
);

async function recordOf(db: Queries, kind: RecordKind | undefined, where: 'id' | 'reference', value: string) {
  if (!kind) return null;
  const [row] = await db.all<{ id: string; email: string; reference: string }>(
    `SELECT "id", "email", "reference" FROM "${kind.table}" WHERE "${where}" = ?`,
    [value],
  );
  return row ? { kind, id: String(row.id), email: String(row.email), reference: String(row.reference) } : null;
}

/** The first of `ids` (in that order) that is a stored mail of a record: ours (the outbox) or one already threaded. */
async function recordOfMessageIds(db: Queries, ids: string[]): Promise<ThreadedRecord | null> {
  if (ids.length === 0) return null;
  const marks = ids.map(() => '?').join(', ');
  const rows = await db.all<{ messageId: string; recordKind: string; recordId: string }>(
    `SELECT "messageId", "recordKind", "recordId" FROM "mail_outbox" WHERE "messageId" IN (${marks}) AND "recordId" IS NOT NULL
UNION ALL
SELECT "messageId", "recordKind", "recordId" FROM "inbound_mails" WHERE "messageId" IN (${marks}) AND "state" = 'attached'`,
    [...ids, ...ids],
  );
  for (const id of ids) {
    const row = rows.find((r) => r.messageId === id && kindNamed(r.recordKind));
    if (row) return recordOf(db, kindNamed(row.recordKind), 'id', String(row.recordId));
  }
  return null;
}

/**
 * The record an inbound mail belongs to, by the first rule that finds one (docs/mail.md#threading):
 *
 * 1. the record's token in To, Cc, Delivered-To/X-Original-To or the SMTP envelope;
 * 2. `In-Reply-To`, then `References` (latest first), naming a stored mail of a record;
 * 3. a reference in the subject, from the record's own address (a stranger quoting one is not enough).
 *
 * A bounce belongs to the record of the mail it reports on. Anything else is unmatched (null).
 */
export async function threadInbound(
  deps: Pick<AppDeps, 'db' | 'config'>,
  message: SortedInbound,
  envelopeRecipients: readonly string[],
): Promise<Threading | null> {
  const { db } = deps;
  if (message.kind === 'bounce') {
    const record = message.bounce?.messageId ? await recordOfMessageIds(db, [message.bounce.messageId]) : null;
    return record ? { record, matchedBy: 'bounce' } : null;
  }
  const { replyToAddress } = deps.config.mail;
  if (replyToAddress) {
    const tokenOf = tokenMatcher(replyToAddress);
    const tokens = [...message.to, ...message.cc, ...message.deliveredTo, ...envelopeRecipients]
      .map(tokenOf)
      .filter((t): t is string => t !== null);
    for (const token of new Set(tokens)) {
      const [row] = await db.all<{ recordKind: string; recordId: string }>(
        `SELECT "recordKind", "recordId" FROM "reply_tokens" WHERE "token" = ?`,
        [token],
      );
      const record = row ? await recordOf(db, kindNamed(row.recordKind), 'id', String(row.recordId)) : null;
      if (record) return { record, matchedBy: 'token' };
    }
  }
  const ids = [...new Set([message.inReplyTo, ...[...message.references].reverse()].filter((id): id is string => !!id))];
  const threaded = await recordOfMessageIds(db, ids);
  if (threaded) return { record: threaded, matchedBy: 'thread' };
  const reference = REFERENCE_IN_TEXT.exec(message.subject);
  if (reference && message.from) {
    const prefix = reference[1].toUpperCase();
    const kind = THREADED_KINDS.find((k) => referenceFieldOf(k.definition)!.prefix === prefix);
    const record = await recordOf(db, kind, 'reference', `${prefix}-${reference[2].toUpperCase()}`);
    if (record && sameAddress(record.email, message.from.address)) return { record, matchedBy: 'reference' };
  }
  return null;
}

/** Addresses compared as the block list and the limits compare them: in lower case. */
export const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
