import { randomBytes } from 'node:crypto';
import { replySubjectOf, type RecordKind } from '@sourcing/shared';
import type { Queries, Transaction } from '../db/database';
import { dbTime, type Engine } from '../db/engine';

/** A record as the thread of its mails knows it. */
interface ThreadRecord {
  kind: RecordKind;
  id: string;
}

/** Lower-case letters and digits 2-7 (RFC 4648 base32): a mail provider may lower-case a local part, never these. */
const TOKEN_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
/** 16 characters of 5 bits: 80 bits, not to be guessed or counted through. */
const TOKEN_LENGTH = 16;

function newToken(): string {
  return [...randomBytes(TOKEN_LENGTH)].map((byte) => TOKEN_ALPHABET[byte & 31]).join('');
}

/**
 * The record's reply token (docs/mail.md#replies), drawn the first time staff reply to it and kept
 * in `reply_tokens` (erased with the record): one conditional INSERT, so two replies at once on two
 * replicas agree on one token.
 */
export async function replyToken(tx: Transaction, engine: Engine, record: ThreadRecord, now: Date): Promise<string> {
  await tx.run(
    `INSERT INTO "reply_tokens" ("recordKind", "recordId", "token", "createdAt") VALUES (?, ?, ?, ?)
ON CONFLICT ("recordKind", "recordId") DO NOTHING`,
    [record.kind, record.id, newToken(), dbTime(engine, now)],
  );
  const [row] = await tx.all<{ token: string }>(`SELECT "token" FROM "reply_tokens" WHERE "recordKind" = ? AND "recordId" = ?`, [
    record.kind,
    record.id,
  ]);
  return row.token;
}

/** `desk@example.com` with the token as its tag: `desk+k7q2m9xa3d5fh2jq@example.com`. */
export function plusAddressed(address: string, token: string): string {
  const at = address.lastIndexOf('@');
  return `${address.slice(0, at)}+${token}${address.slice(at)}`;
}

/** The mails of the record's conversation that a reply answers, oldest first (see threadOf). */
function threadMails(db: Queries, record: ThreadRecord) {
  return db.all<{ messageId: string; subject: string }>(
    `SELECT "messageId", "subject", "at" FROM (
  SELECT "messageId", "subject", "createdAt" AS "at" FROM "mail_outbox"
  WHERE "recordKind" = ? AND "recordId" = ? AND "purpose" IN ('confirmation', 'reply') AND "messageId" IS NOT NULL
    AND "state" NOT IN ('withheld', 'failed')
  UNION ALL
  SELECT "messageId", "subject", "receivedAt" AS "at" FROM "inbound_mails"
  WHERE "recordKind" = ? AND "recordId" = ? AND "state" = 'attached' AND "kind" = 'reply'
) "thread" ORDER BY "at", "messageId"`,
    [record.kind, record.id, record.kind, record.id],
  );
}

/** A new reply's default subject (replySubjectOf): from the latest mail of the conversation with a subject. */
export async function replySubject(db: Queries, record: ThreadRecord, reference: string): Promise<string> {
  const latest = (await threadMails(db, record)).filter((m) => m.subject.trim()).at(-1);
  return replySubjectOf(latest?.subject ?? null, reference);
}

/** References kept when a thread is long: its first message and the latest ones (as mail programs trim them). */
const MAX_REFERENCES = 10;

/**
 * The Message-IDs of the record's conversation, oldest first, as a new reply's `In-Reply-To` (the
 * last) and `References` (the thread): the mails its sender got (its confirmation, staff replies;
 * one withheld or given up on never reached them) and the answers that came back from them (not
 * automatic replies or bounces). So a reply to the customer's answer answers that answer.
 */
export async function threadOf(db: Queries, record: ThreadRecord): Promise<{ inReplyTo?: string; references?: string[] }> {
  const ids = (await threadMails(db, record)).map((r) => r.messageId);
  if (ids.length === 0) return {};
  const references = ids.length > MAX_REFERENCES ? [ids[0], ...ids.slice(-(MAX_REFERENCES - 1))] : ids;
  return { inReplyTo: ids[ids.length - 1], references };
}
