import type { RecordKind } from '@sourcing/shared';
import { escapeHtml } from './compose';

/** What the visitor sent, in the confirmation's words. */
export const REQUEST_OF: Record<RecordKind, string> = {
  inquiry: 'your inquiry',
  supplierInquiry: 'your product offer',
  contact: 'your message',
  subscriber: 'your subscription',
};

/** The longest name a confirmation greets by. */
export const GREETED_NAME_MAX = 60;

/** Letters of any script with their marks, and the spaces, apostrophes, hyphens and dots of names. */
const NAME_CHARACTERS = /^[\p{L}\p{M}][\p{L}\p{M} .'’-]*$/u;
/** `www.`, or a dot between letters with no space after it (`phish.example`, `bank.com`). */
const WEB_ADDRESS = /www\.|[\p{L}\p{N}]\.[\p{L}\p{N}]{2,}/iu;

/**
 * Whether a typed name may be repeated in a mail to whoever owns the address (docs/mail.md#the-mails):
 * at most 60 characters of letters, spaces, apostrophes, hyphens and dots, and no web address. So no
 * URL, no e-mail address (no @), no digits at all (phone numbers, amounts, codes). Anything else is
 * greeted neutrally: the forms must not let a stranger put words in our mouth.
 */
export function looksLikeName(name: string): boolean {
  const text = name.trim();
  return text.length > 0 && text.length <= GREETED_NAME_MAX && NAME_CHARACTERS.test(text) && !WEB_ADDRESS.test(text);
}

/** What a confirmation may say: the reference, the kind of request, the site, and a name when it looks like one. */
export interface ConfirmationFacts {
  kind: RecordKind;
  reference: string;
  name: string;
  siteUrl: string;
}

/**
 * The confirmation to the sender of a submission (docs/mail.md#the-mails). It never repeats what
 * the visitor typed but a name that looks like one: the address may be a stranger's.
 */
export function confirmationMail({ kind, reference, name, siteUrl }: ConfirmationFacts) {
  const request = REQUEST_OF[kind];
  const paragraphs = [
    looksLikeName(name) ? `Dear ${name.trim()},` : 'Hello,',
    `Thank you for ${request}. Your reference is ${reference}: please quote it when you contact us.`,
    'If you did not contact us, please ignore this e-mail.',
  ];
  const visit = 'Our website:';
  return {
    subject: `We received ${request} — ${reference}`,
    text: `${paragraphs.join('\n\n')}\n\n${visit} ${siteUrl}\n`,
    html: `${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}<p>${visit} <a href="${escapeHtml(siteUrl)}">${escapeHtml(siteUrl)}</a></p>`,
  };
}
