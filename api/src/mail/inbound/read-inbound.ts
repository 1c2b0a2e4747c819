import { createHash } from 'node:crypto';
import EmailReplyParser from 'email-reply-parser';
import { simpleParser, type AddressObject, type Attachment, type HeaderValue, type ParsedMail } from 'mailparser';
import sanitizeHtml from 'sanitize-html';
import type { InboundMailKind } from '@sourcing/shared';

/** What an inbound mail is (docs/mail.md#answers): a person's answer, an automatic one, or a delivery report. */
export type InboundKind = Exclude<InboundMailKind, 'spam'>;

export interface InboundAddress {
  address: string;
  name: string | null;
}

/** A file that came with the mail. */
export interface InboundAttachment {
  name: string;
  contentType: string;
  content: Buffer;
}

/** An inbound mail as read from its bytes, before it is tied to a record. */
export interface InboundMessage {
  /** `<id@host>`; a mail without one is keyed by a hash of its bytes, so the same bytes make one entry. */
  messageId: string;
  kind: InboundKind;
  from: InboundAddress | null;
  to: string[];
  cc: string[];
  /** Delivered-To and X-Original-To: where a relay says it delivered the mail (a token may only be there). */
  deliveredTo: string[];
  subject: string;
  /** The whole plain text (HTML-only mail: its text as mailparser reads it). */
  text: string;
  /** The new part of the text, without the quoted history and signature (email-reply-parser). */
  replyText: string;
  /** The HTML, sanitised: no scripts, styles that run, forms or event handlers; remote images kept as data-src. */
  html: string | null;
  inReplyTo: string | null;
  references: string[];
  sentAt: Date | null;
  attachments: InboundAttachment[];
  /** A bounce: the Message-ID of the mail it reports on and why it failed. */
  bounce: { messageId: string | null; reason: string } | null;
}

const MESSAGE_ID = /<[^<>\s]+>/g;

const idsIn = (value: string | string[] | undefined): string[] =>
  (Array.isArray(value) ? value.join(' ') : (value ?? '')).match(MESSAGE_ID) ?? [];

const addressesOf = (field: AddressObject | AddressObject[] | undefined): InboundAddress[] =>
  (Array.isArray(field) ? field : field ? [field] : [])
    .flatMap((object) => object.value)
    .flatMap((entry) => (entry.group ? entry.group : [entry]))
    .filter(
      (entry): entry is { address: string; name: string } => typeof entry.address === 'string' && entry.address.includes('@'),
    )
    .map((entry) => ({ address: entry.address.trim(), name: entry.name?.trim() || null }));

const headerText = (value: HeaderValue | undefined): string => {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string').join(', ');
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object' && 'value' in value && typeof value.value === 'string') return value.value;
  return '';
};

const OUT_OF_OFFICE_SUBJECT =
  /^(auto(matic)?[ -]?(reply|response)|out of (the )?office|abwesenheit|absence|automatische antwort|réponse automatique|respuesta automática)\b/i;

/**
 * An automatic answer (RFC 3834 and what mail programs add besides): `Auto-Submitted` other than
 * `no`, `X-Autoreply`/`X-Autorespond`, `Precedence: bulk|auto_reply|list|junk`, or an out-of-office
 * subject. It is shown as such and never counts as the customer's answer.
 */
function isAutomatic(mail: ParsedMail): boolean {
  const header = (name: string) => headerText(mail.headers.get(name)).trim().toLowerCase();
  const autoSubmitted = header('auto-submitted');
  if (autoSubmitted && autoSubmitted !== 'no') return true;
  if (header('x-autoreply') || header('x-autorespond') || header('x-auto-response-suppress').includes('all')) return true;
  if (['bulk', 'auto_reply', 'list', 'junk'].includes(header('precedence'))) return true;
  return OUT_OF_OFFICE_SUBJECT.test(mail.subject ?? '');
}

/** The part of a delivery report holding the failed mail's head (text/rfc822-headers or message/rfc822). */
const isReturnedHead = (a: Attachment) => ['text/rfc822-headers', 'message/rfc822'].includes(a.contentType.toLowerCase());

/**
 * A DSN (RFC 3464: `multipart/report; report-type=delivery-status`): the Message-ID of the mail it
 * reports on, from the returned head, and the reason (Diagnostic-Code, else Status).
 */
function bounceOf(mail: ParsedMail): InboundMessage['bounce'] {
  const type = headerText(mail.headers.get('content-type')).toLowerCase();
  const params = mail.headers.get('content-type') as { params?: Record<string, string> } | undefined;
  const reportType = params?.params?.['report-type']?.toLowerCase() ?? '';
  if (!type.startsWith('multipart/report') || (reportType && reportType !== 'delivery-status')) return null;
  const returned = mail.attachments.find(isReturnedHead);
  const head = returned ? returned.content.toString('utf8').split(/\r?\n\r?\n/, 1)[0] : '';
  const messageId = /^Message-ID:\s*(<[^<>\s]+>)/im.exec(head)?.[1] ?? null;
  // mailparser reads a message/delivery-status part into the text (some servers send it as an attachment).
  const status = mail.attachments.find((a) => a.contentType.toLowerCase() === 'message/delivery-status');
  const report = status?.content.toString('utf8') ?? mail.text ?? '';
  const diagnostic = /^Diagnostic-Code:\s*(?:[^;\r\n]*;\s*)?(.+(?:\r?\n[ \t].+)*)/im.exec(report)?.[1];
  const code = /^Status:\s*(\S+)/im.exec(report)?.[1];
  const reason = (diagnostic ?? (code ? `status ${code}` : 'the mail could not be delivered')).replace(/\s+/g, ' ').trim();
  return { messageId, reason: reason.slice(0, 500) };
}

/**
 * HTML shown to staff: no scripts, no handlers, no forms, no styles that load anything. Remote
 * images become `data-src` (shown only when staff ask, docs/mail.md#reading-answers); `cid:` images
 * of the mail itself stay out too (the attachment list has them).
 */
export function sanitiseMailHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: sanitizeHtml.defaults.allowedTags.concat(['img', 'span', 'font', 'center']),
    allowedAttributes: {
      '*': ['align', 'dir', 'lang', 'title'],
      a: ['href', 'name', 'target', 'rel'],
      img: ['data-src', 'alt', 'width', 'height'],
      td: ['colspan', 'rowspan'],
      th: ['colspan', 'rowspan'],
      font: ['color'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    transformTags: {
      img: (tagName, attribs) => {
        const { src, ...rest } = attribs;
        return { tagName, attribs: /^https?:\/\//i.test(src ?? '') ? { ...rest, 'data-src': src } : rest };
      },
      a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' } }),
    },
  });
}

/** Reads a raw message into what threading and storing need. */
export async function readInbound(raw: Buffer): Promise<InboundMessage> {
  const mail = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true, keepCidLinks: true });
  const bounce = bounceOf(mail);
  const text = (mail.text ?? '').replace(/\r\n/g, '\n').trim();
  const [from] = addressesOf(mail.from);
  const headerList = (name: string) =>
    mail.headerLines
      .filter((line) => line.key === name)
      .map((line) => line.line.slice(line.line.indexOf(':') + 1).trim())
      .filter(Boolean);
  return {
    messageId: idsIn(mail.messageId)[0] ?? `<${createHash('sha256').update(raw).digest('hex')}@inbound.invalid>`,
    kind: bounce ? 'bounce' : isAutomatic(mail) ? 'auto-reply' : 'reply',
    from: from ?? null,
    to: addressesOf(mail.to).map((a) => a.address),
    cc: addressesOf(mail.cc).map((a) => a.address),
    deliveredTo: [...headerList('delivered-to'), ...headerList('x-original-to')],
    subject: (mail.subject ?? '').trim(),
    text,
    replyText: text ? new EmailReplyParser().read(text).getVisibleText().trim() : '',
    html: typeof mail.html === 'string' && mail.html.trim() ? sanitiseMailHtml(mail.html) : null,
    inReplyTo: idsIn(mail.inReplyTo)[0] ?? null,
    references: idsIn(mail.references),
    sentAt: mail.date && !Number.isNaN(mail.date.getTime()) ? mail.date : null,
    attachments: bounce
      ? []
      : mail.attachments
          .filter((a) => a.contentDisposition !== 'inline' || !a.contentId || !a.related)
          .map((a) => ({ name: a.filename ?? 'attachment', contentType: a.contentType, content: a.content })),
    bounce,
  };
}
