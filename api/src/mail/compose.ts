import { randomUUID } from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer';
import type MimeNode from 'nodemailer/lib/mime-node';
import addressparser from 'nodemailer/lib/addressparser';
import * as base64 from 'nodemailer/lib/base64';
import * as qp from 'nodemailer/lib/qp';

/** A mail as the code that causes it writes it. */
export interface OutgoingMail {
  from: string;
  to: string[];
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

/**
 * The complete message (headers, Message-ID, text and HTML parts), built once so every retry sends
 * the same bytes. Its random parts, the Message-ID (at the sender's domain, as nodemailer makes it)
 * and the boundaries' shared part, come from `randomUUID`'s buffered pool. Left to nodemailer they
 * took eight reads of the system's randomness, nearly half the CPU of composing under load (bench/README.md).
 */
export function composeMessage(mail: OutgoingMail): string {
  const messageId = `<${randomUUID()}@${bareAddress(mail.from).split('@').pop()}>`;
  const baseBoundary = randomUUID().replaceAll('-', '');
  return messageText(new MailComposer({ ...mail, messageId, baseBoundary }).compile());
}

/**
 * The bytes nodemailer's `build()` streams for a tree whose contents are strings, written in one
 * synchronous pass. nodemailer still builds the tree and encodes every header; its streaming pipes
 * each part through encoder streams over several event-loop turns, which cost a submission more
 * CPU than the rest of its mail work (bench/README.md). compose.test.ts holds the two outputs equal.
 */
export function messageText(tree: MimeNode): string {
  const message = nodeText(tree);
  return message.endsWith('\n') ? message : `${message}\r\n`;
}

function nodeText(node: MimeNode): string {
  let text = `${node.buildHeaders()}\r\n\r\n${encodedContent(node)}`;
  if (node.multipart) {
    const parts = node.childNodes.map((child) => `--${node.boundary}\r\n${nodeText(child)}`);
    text += `${parts.join('\r\n')}\r\n--${node.boundary}--\r\n`;
  }
  return text;
}

function encodedContent(node: MimeNode): string {
  const { content } = node;
  if (content === undefined || content === '') return '';
  if (typeof content !== 'string') throw new TypeError('composeMessage takes string contents only');
  switch (node.getTransferEncoding()) {
    case 'quoted-printable':
      return qp.wrap(qp.encode(content), 76);
    case 'base64':
      return base64.wrap(base64.encode(content), 76);
    default:
      return content;
  }
}

/** The bare address of 'Name <address>' (the SMTP envelope wants only the address). */
export function bareAddress(address: string): string {
  const [first] = addressparser(address, { flatten: true });
  return first?.address || address;
}

/** Text safe inside HTML elements and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
