import { randomUUID } from 'node:crypto';
import { parseMailbox } from '@sourcing/shared';
import nodemailer from 'nodemailer';
import type { DkimConfig } from '../config';

/** A file of a record sent with a staff reply: read from the uploads when the mail is written. */
export interface MailAttachment {
  storedName: string;
  filename: string;
  contentType: string;
}

/** A mail as the code that causes it writes it. */
export interface OutgoingMail {
  from: string;
  to: string[];
  /** Copied in the `Cc` header, and envelope recipients like `to`. */
  cc?: string[];
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** Further header fields, keys as they are written ('List-Unsubscribe'), never one of the fields above. */
  headers?: Record<string, string>;
  /** The Message-ID this mail answers, and the thread's Message-IDs oldest first (docs/mail.md#replies). */
  inReplyTo?: string;
  references?: string[];
  attachments?: MailAttachment[];
}

/**
 * What the outbox keeps of a mail besides its columns (sender, recipients, subject, Message-ID):
 * the words and the header fields, as the code that queued it wrote them. The MIME is written
 * from it when the mail is sent. `raw` is a mail queued as finished MIME before mails were
 * written at send time (migration 1795000002800).
 */
export type MailContent =
  | Pick<OutgoingMail, 'from' | 'cc' | 'replyTo' | 'text' | 'html' | 'headers' | 'inReplyTo' | 'references' | 'attachments'>
  | { raw: string };

/** A mail of the outbox as the worker writes it. */
export interface StoredMail {
  sender: string;
  recipients: string[];
  subject: string;
  messageId: string | null;
  createdAt: Date;
  content: MailContent;
}

/** The bare address of a configured mailbox (`Sourcing <no-reply@example.com>`): the SMTP envelope's sender. */
export function bareAddress(mailbox: string): string {
  const parsed = parseMailbox(mailbox);
  if (!parsed) throw new Error(`Not one mailbox: ${mailbox}`);
  return parsed.address;
}

/**
 * The From of a staff member's reply: `"Ana Silva via Sourcing" <MAIL_FROM's address>`, so the
 * buyer sees who wrote while the mail still comes from the desk's domain (docs/mail.md#replies).
 * The name is quoted, so a comma or a quote in it stays part of one name.
 */
export function staffReplyFrom(staffName: string, mailFrom: string): string {
  const desk = parseMailbox(mailFrom);
  if (!desk) throw new Error(`Not one mailbox: ${mailFrom}`);
  const name = desk.name ? `${staffName} via ${desk.name}` : staffName;
  return `"${name.replace(/\s+/g, ' ').replace(/["\\]/g, (c) => `\\${c}`)}" <${desk.address}>`;
}

/** A new Message-ID on the sender's own domain (`<uuid@example.com>`), stored with the mail so every attempt sends it. */
export function newMessageId(from: string): string {
  return `<${randomUUID()}@${parseMailbox(from)?.domain ?? 'localhost'}>`;
}

/** Writes a stored mail as RFC 5322 bytes, signed when DKIM is configured. */
export type MessageWriter = (mail: StoredMail) => Promise<Buffer>;

/**
 * The message writer: nodemailer's stream transport, which builds the message with its
 * MailComposer (encodings, folding, international addresses, header injection guarded) and signs
 * it with its DKIM signer, then hands the bytes back instead of sending them. The same bytes go to
 * the SMTP server or into the filed `.eml`. The Date is the time the mail was queued, so a retry
 * differs from the first attempt in nothing.
 */
export function createMessageWriter(
  dkim: DkimConfig | null,
  filePath: (storedName: string) => string | null = () => null,
): MessageWriter {
  const writer = nodemailer.createTransport({ streamTransport: true, buffer: true, ...(dkim ? { dkim } : {}) });
  return async (mail) => {
    const envelope = { from: mail.sender, to: mail.recipients };
    const { content } = mail;
    const options =
      'raw' in content
        ? { envelope, raw: content.raw }
        : {
            envelope,
            from: content.from,
            to: mail.recipients.filter((r) => !content.cc?.includes(r)),
            ...(content.cc?.length ? { cc: content.cc } : {}),
            ...(content.replyTo ? { replyTo: content.replyTo } : {}),
            subject: mail.subject,
            text: content.text,
            html: content.html,
            ...(content.headers ? { headers: content.headers } : {}),
            ...(content.inReplyTo ? { inReplyTo: content.inReplyTo } : {}),
            ...(content.references?.length ? { references: content.references } : {}),
            ...(mail.messageId ? { messageId: mail.messageId } : {}),
            ...(content.attachments?.length ? { attachments: content.attachments.map((a) => attachmentOf(a, filePath)) } : {}),
            date: mail.createdAt,
          };
    const info = await writer.sendMail(options);
    return info.message as Buffer;
  };
}

/** A record's file as nodemailer streams it into the message; one that is gone (erased) fails the attempt. */
function attachmentOf(attachment: MailAttachment, filePath: (storedName: string) => string | null) {
  const path = filePath(attachment.storedName);
  if (!path) throw new Error(`No such file: ${attachment.storedName}`);
  return { filename: attachment.filename, contentType: attachment.contentType, path };
}

/** Text safe inside HTML elements and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
