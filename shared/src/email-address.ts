/**
 * One e-mail address, read by an RFC 5322 parser (email-addresses), never matched by a pattern:
 * every e-mail field (the forms, the newsletter, staff accounts, the block list, the person look-up)
 * and every recipient the server mails goes through `parseEmailAddress` (docs/mail.md#addresses).
 * It runs alike in the browser and in Node, so the forms and the API say the same.
 */
import emailAddresses from 'email-addresses';
import { MAX_LENGTH } from './constants';

export const INVALID_EMAIL = 'Enter a valid email address';
/** A list in one field (`a@x.com, b@y.com`, `ceo,hr,victim@example.com`, group syntax `team: a@x.com;`). */
export const ONE_EMAIL_ONLY = 'Enter one email address only, without commas or semicolons';
/** A display name, a comment or angle brackets around the address (`Ana <ana@example.com>`, `ana@example.com (desk)`). */
export const EMAIL_ALONE = 'Enter the email address alone, without a name, comment or angle brackets';

export type ParsedEmail = { ok: true; address: string } | { ok: false; message: string };

/** A host name label: letters (any script), digits and inner hyphens. */
const DOMAIN_LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?$/u;

/**
 * Exactly one `local@domain`, or why not. The address answered is normalised: trimmed, in Unicode
 * NFC, its domain in lower case (the local part is kept as typed: it may be case-sensitive). It is
 * what is stored, the SMTP envelope's recipient and the `To` header alike.
 *
 * Refused, each with its message: several addresses or group syntax (ONE_EMAIL_ONLY); a display
 * name, a comment or angle brackets (EMAIL_ALONE); anything else the parser does not read as one
 * plain address, a quoted local part, a domain literal (`[1.2.3.4]`), a domain without a dot or
 * with a label a host name cannot have (INVALID_EMAIL).
 */
export function parseEmailAddress(input: string): ParsedEmail {
  const text = input.trim().normalize('NFC');
  if (text.length > MAX_LENGTH.email) return { ok: false, message: INVALID_EMAIL };
  const parsed = emailAddresses({ input: text, rfc6532: true, rejectTLD: true, startAt: 'address-list' });
  const addresses = parsed?.addresses ?? [];
  if (addresses.length > 1 || addresses.some((a) => a.type === 'group')) return { ok: false, message: ONE_EMAIL_ONLY };
  // Bare local parts (`ceo,hr`) do not parse as a list at all: the separator still says what is wrong.
  if (addresses.length === 0) return { ok: false, message: /[,;]/.test(text) ? ONE_EMAIL_ONLY : INVALID_EMAIL };
  const mailbox = addresses[0] as emailAddresses.ParsedMailbox;
  if (mailbox.name !== null) return { ok: false, message: EMAIL_ALONE };
  const { local, domain } = mailbox;
  const labels = domain.split('.');
  const quoted = mailbox.parts.local.tokens.trim().startsWith('"');
  if (quoted || labels.length < 2 || !labels.every((label) => DOMAIN_LABEL.test(label))) {
    return { ok: false, message: INVALID_EMAIL };
  }
  if (mailbox.address !== text) return { ok: false, message: EMAIL_ALONE };
  return { ok: true, address: `${local}@${domain.toLowerCase()}` };
}

/** True when `text` is exactly one plain address (as parseEmailAddress reads it). */
export const isOneEmailAddress = (text: string) => parseEmailAddress(text).ok;

/**
 * The same address however it was typed: what per-recipient limits, the block list and the person
 * look-up compare (mail providers treat the local part's letter case alike).
 */
export const addressKey = (address: string) => address.trim().normalize('NFC').toLowerCase();

/** The domain of an address (lower case). */
export const domainOf = (address: string) => addressKey(address).slice(addressKey(address).lastIndexOf('@') + 1);
