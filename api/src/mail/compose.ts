import { randomUUID } from 'node:crypto';
import addressparser from 'nodemailer/lib/addressparser';
import * as base64 from 'nodemailer/lib/base64';
import { buildHeaderValue, foldLines, hasLongerLines, isPlainText } from 'nodemailer/lib/mime-funcs';
import MimeNode from 'nodemailer/lib/mime-node';
import * as qp from 'nodemailer/lib/qp';

/** A mail as the code that causes it writes it. */
export interface OutgoingMail {
  from: string;
  to: string[];
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** Further header fields, keys as they are written ('List-Unsubscribe'), never one of the fields above. */
  headers?: Record<string, string>;
}

/** What makes one message unique: drawn by composeMessage, given by tests. */
export interface MessageIdentity {
  messageId: string;
  /** The boundary's random part. */
  baseBoundary: string;
  date: Date;
}

/**
 * The complete message (headers, Message-ID, text and HTML parts), built once so every retry sends
 * the same bytes. Its random parts, the Message-ID (at the sender's domain, as nodemailer makes it)
 * and the boundary, come from `randomUUID`'s buffered pool (docs/mail.md#outbox).
 */
export function composeMessage(mail: OutgoingMail): string {
  return writeMessage(mail, {
    messageId: `<${randomUUID()}@${bareAddress(mail.from).split('@').pop()}>`,
    baseBoundary: randomUUID().replaceAll('-', ''),
    date: new Date(),
  });
}

/**
 * One node of nodemailer's, used only for its public `encodeHeaderValue`: addresses punycoded,
 * display names quoted or MIME-encoded, text MIME-encoded where it must be. It keeps no state
 * between calls; made once, its constructor's random boundary is not drawn per message.
 */
const headerEncoder = new MimeNode(false, { baseBoundary: 'unused' });

/** A header field as nodemailer writes it: the value encoded, the line folded at 76; '' when the value encodes to nothing. */
function headerField(key: string, value: string | string[]): string {
  const encoded = headerEncoder.encodeHeaderValue(key, value);
  return encoded.trim() ? foldLines(`${key}: ${encoded}`, 76) : '';
}

/** `read`, remembered for the few values that come again (the sender's address is the same for every mail). */
function remembered(read: (value: string) => string): (value: string) => string {
  const known = new Map<string, string>();
  return (value) => {
    let result = known.get(value);
    if (result === undefined) {
      if (known.size >= 64) known.clear();
      known.set(value, (result = read(value)));
    }
    return result;
  };
}

const fromField = remembered((from) => headerField('From', from));

interface TextPart {
  contentType: string;
  content: string;
}

/**
 * The message nodemailer's MailComposer builds for a mail of this shape (a text part, an HTML
 * alternative, no attachments), byte for byte, written in one synchronous pass with nodemailer's
 * own encoders. MailComposer built a tree of MIME nodes per mail and streamed it through encoder
 * streams: the largest share of a submission's CPU after SQL (bench/README.md). compose.test.ts
 * holds the two outputs equal, for chosen and for generated mails.
 */
export function writeMessage(mail: OutgoingMail, identity: MessageIdentity): string {
  const parts: TextPart[] = [];
  if (mail.text) parts.push({ contentType: 'text/plain; charset=utf-8', content: mail.text });
  if (mail.html) parts.push({ contentType: 'text/html; charset=utf-8', content: mail.html });
  const single = parts.length < 2 ? (parts[0] ?? { contentType: 'text/plain', content: '' }) : null;
  const boundary = `--_NmP-${identity.baseBoundary}-Part_1`;

  // MailComposer's order: the extra fields, the addresses and subject, then what nodemailer adds
  // itself, the root's Content-Type always last.
  const fields = Object.entries(mail.headers ?? {}).map(([key, value]) => headerField(key, value));
  fields.push(fromField(mail.from), headerField('To', mail.to));
  if (mail.replyTo) fields.push(headerField('Reply-To', mail.replyTo));
  if (mail.subject) fields.push(headerField('Subject', mail.subject));
  fields.push(headerField('Message-ID', identity.messageId));
  const encoding = single ? transferEncoding(single.content) : null;
  if (encoding) fields.push(`Content-Transfer-Encoding: ${encoding}`);
  fields.push(`Date: ${identity.date.toUTCString().replace(/GMT/, '+0000')}`, 'MIME-Version: 1.0');
  fields.push(
    headerField(
      'Content-Type',
      single ? single.contentType : buildHeaderValue({ value: 'multipart/alternative', params: { boundary } }),
    ),
  );
  const head = fields.filter(Boolean).join('\r\n');

  if (single) {
    const message = `${head}\r\n\r\n${encoding ? encodedContent(single.content, encoding) : ''}`;
    return message.endsWith('\n') ? message : `${message}\r\n`;
  }
  const bodies = parts.map((part) => {
    const partEncoding = transferEncoding(part.content)!;
    return `--${boundary}\r\nContent-Type: ${part.contentType}\r\nContent-Transfer-Encoding: ${partEncoding}\r\n\r\n${encodedContent(part.content, partEncoding)}`;
  });
  return `${head}\r\n\r\n${bodies.join('\r\n')}\r\n--${boundary}--\r\n`;
}

type TransferEncoding = '7bit' | 'quoted-printable' | 'base64';

/** nodemailer's choice for a text part: 7bit for short printable ASCII lines, else by which letters dominate; none for no content. */
function transferEncoding(content: string): TransferEncoding | null {
  if (!content) return null;
  if (isPlainText(content) && !hasLongerLines(content, 76)) return '7bit';
  return mostlyLatin(content) ? 'quoted-printable' : 'base64';
}

/** More Latin letters than non-ASCII and control characters: quoted-printable reads better than base64 (nodemailer's rule). */
function mostlyLatin(value: string): boolean {
  let other = 0;
  let latin = 0;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code <= 0x08 || code === 0x0b || code === 0x0c || (code >= 0x0e && code <= 0x1f) || code >= 0x80) other++;
    else if ((code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a)) latin++;
  }
  return other < latin;
}

function encodedContent(content: string, encoding: TransferEncoding): string {
  switch (encoding) {
    case 'quoted-printable':
      return quotedPrintable(content);
    case 'base64':
      return base64.wrap(base64.encode(content), 76);
    default:
      return content;
  }
}

/** The encoder's slice: a text up to this many bytes is encoded and wrapped in one piece. */
const QP_SLICE_BYTES = 64 * 1024;

/**
 * nodemailer's streaming quoted-printable encoder, run in one synchronous pass. For a text in one
 * slice that does not end in a space or tab it writes `wrap(encode(text))`, made here without a
 * stream; otherwise it holds back the whitespace that ends the text and wraps it with the last line.
 */
function quotedPrintable(content: string): string {
  const last = content.charCodeAt(content.length - 1);
  if (last !== 0x20 && last !== 0x09 && Buffer.byteLength(content) <= QP_SLICE_BYTES) return qp.wrap(qp.encode(content), 76);
  const encoder = new qp.Encoder({ lineLength: 76 });
  let encoded = '';
  encoder.push = (chunk: unknown) => {
    if (typeof chunk === 'string') encoded += chunk;
    return true;
  };
  const done = (error?: Error | null) => {
    if (error) throw error;
  };
  encoder._transform(content, 'utf8', done);
  encoder._flush(done);
  return encoded;
}

/** An address with nothing around it to parse: no display name, quotes, comments, groups or spaces. */
const PLAIN_ADDRESS = /^[^\s"(),:;<>@[\\\]]+@[^\s"(),:;<>@[\\\]]+$/;

const parsedAddress = remembered((address) => addressparser(address, { flatten: true })[0]?.address || address);

/** The bare address of 'Name <address>' (the SMTP envelope wants only the address); a plain address as it is. */
export const bareAddress = (address: string): string => (PLAIN_ADDRESS.test(address) ? address : parsedAddress(address));

/** Text safe inside HTML elements and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
