/** A record's conversation (docs/mail.md#answers): the mails it sent and the ones that came back. */
import type { MailPurpose, OutboxMailSummary } from './api';
import { API_PATHS } from './api-paths';

/** What a mail that came in is: a person's answer, an automatic one (out of office...), or a bounce. */
export type InboundMailKind = 'reply' | 'auto-reply' | 'bounce';

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
