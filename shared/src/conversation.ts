/** A record's conversation (docs/mail.md#answers): the mails it sent and the ones that came back. */
import { z } from 'zod';
import type { MailPurpose, OutboxMailSummary } from './api';
import { API_PATHS } from './api-paths';
import { MAX_LENGTH } from './constants';
import { optionalText, requiredEmail, requiredText } from './schemas/common';

/**
 * What a mail that came in is: a person's answer, an automatic one (out of office...), a bounce, or
 * spam: whatever a blocked address or domain sends (docs/hardening.md#block-list), never an answer.
 */
export type InboundMailKind = 'reply' | 'auto-reply' | 'bounce' | 'spam';

/**
 * A file that came with an inbound mail: kept as a file of the record (`url`, a short-lived signed
 * link, like a form upload's) or not (`notKept` says why: its type, its size, the upload budget);
 * every one stays inside the mail's `.eml`.
 */
export interface InboundAttachmentSummary {
  name: string;
  contentType: string;
  size: number;
  url?: string;
  /** A kept file's name in the uploads: what a staff reply names to send it on (`attachments`). */
  storedName?: string;
  notKept?: string;
}

/** A mail of the record as it was sent (or is being sent): its full text, its state, and a bounce that came back. */
export interface OutgoingConversationMail {
  direction: 'out';
  id: string;
  purpose: MailPurpose;
  at: string;
  to: string[];
  subject: string;
  text: string | null;
  state: OutboxMailSummary['state'];
  lastError: string | null;
  bounce: { at: string; reason: string } | null;
  /**
   * The record's files it carries (a staff reply's: form uploads, kept attachments, or new files it
   * added to the record), each with a signed link to open it while it is still the record's.
   */
  attachments: SentAttachment[];
}

/** A file of the record a mail was sent with. */
export interface SentAttachment {
  name: string;
  contentType: string;
  size: number;
  storedName: string;
  url: string;
}

/** A mail that came back to the record. */
export interface IncomingConversationMail {
  direction: 'in';
  id: string;
  kind: InboundMailKind;
  at: string;
  from: { address: string; name: string | null };
  /** Sent from an address other than the record's (a forwarded token, a colleague): staff decide. */
  fromOtherAddress: boolean;
  to: string[];
  cc: string[];
  subject: string;
  /** The new part of the text; the full text (quoted history included) is `text`. */
  replyText: string;
  text: string;
  /** Sanitised HTML (no scripts; remote images as `data-src`), when the mail had HTML. */
  html: string | null;
  attachments: InboundAttachmentSummary[];
  /** Until staff have read it, the record shows "Customer replied". */
  seen: boolean;
}

export type ConversationMail = OutgoingConversationMail | IncomingConversationMail;

/** GET <list>/:id/conversation: every mail of the record, both directions, oldest first. */
export interface Conversation {
  mails: ConversationMail[];
  /** What a reply is called unless staff change it: replySubjectOf the thread's latest subject. */
  replySubject: string;
}

/** A mail no record claimed (docs/mail.md#unmatched-mail), for staff to attach or discard. */
export interface UnmatchedMail {
  id: string;
  kind: InboundMailKind;
  at: string;
  from: { address: string; name: string | null };
  to: string[];
  subject: string;
  replyText: string;
  text: string;
  attachments: InboundAttachmentSummary[];
}

export interface UnmatchedMailPage {
  data: UnmatchedMail[];
}

/** POST /admin/inbound/:id/attach: the record, by the reference staff read in the mail or know. */
export interface AttachInboundRequest {
  reference: string;
}

export const CONVERSATION_SUFFIX = '/conversation';

/** Where the inbound mail routes live: the unmatched list, attach, discard, the `.eml` link. */
export const inboundMailPath = (id?: string) =>
  id ? `${API_PATHS.adminInbound}/${encodeURIComponent(id)}` : API_PATHS.adminInbound;

/** The list row's mark of a record whose customer replied and nobody has read it yet. */
export const CUSTOMER_REPLIED = 'Customer replied';

/** At most this many copies (Cc) and files (the record's and new ones together) on one staff reply. */
export const REPLY_MAX_CC = 5;
export const REPLY_MAX_FILES = 10;
/**
 * The multipart field of the new files a reply sends (docs/api.md#replies): checked like form
 * uploads, they become files of the record. In a multipart reply the lists are `cc[]` and `attachments[]`.
 */
export const REPLY_FILES_FIELD = 'files';
export const replyFilesLimit = `Attach at most ${REPLY_MAX_FILES} files`;
export const SUBJECT_MAX_LENGTH = 200;

const LINE_BREAK = /[\r\n]/;

/**
 * POST <list>/:id/reply (docs/mail.md#replies): the words, and optionally the subject (default:
 * `Re: <the thread's subject> [INQ-…]`), copies to other addresses (each one address, parsed like
 * every e-mail field) and files of the record (their stored names) to send with it; new files come
 * as multipart parts (REPLY_FILES_FIELD).
 */
export const staffReplySchema = z.object({
  message: requiredText('Message is required', MAX_LENGTH.long),
  subject: optionalText(SUBJECT_MAX_LENGTH)
    .refine((subject) => !LINE_BREAK.test(subject), 'The subject is one line')
    .optional(),
  cc: z
    .array(requiredEmail('Enter an address to copy, or remove the line'), { error: 'cc must be a list of addresses' })
    .max(REPLY_MAX_CC, `Copy at most ${REPLY_MAX_CC} addresses`)
    .optional(),
  attachments: z
    .array(z.string().max(80), { error: 'attachments must be a list of the record’s files' })
    .max(REPLY_MAX_FILES, replyFilesLimit)
    .optional(),
});
export type StaffReply = z.input<typeof staffReplySchema>;

/** The prefixes mail programs put before an answered subject (`Re:`, `AW:`, `Fwd:`...), in any number. */
const ANSWER_PREFIXES = /^(?:\s*(?:re|aw|sv|vs|antw|fwd?|wg|tr|rif)\s*(?:\[\d+\])?\s*:\s*)+/i;

/**
 * A reply's default subject: `Re: ` and the thread's subject without its answer prefixes, and the
 * record's reference in brackets unless the subject already holds it (`Re: Price for 500 t
 * [INQ-7K2M9Q]`, `Re: We received your inquiry — INQ-7K2M9Q`).
 */
export function replySubjectOf(threadSubject: string | null, reference: string): string {
  const base = (threadSubject ?? '').replace(ANSWER_PREFIXES, '').trim();
  if (!base) return `Re: ${reference}`;
  return base.toUpperCase().includes(reference) ? `Re: ${base}` : `Re: ${base} [${reference}]`;
}
