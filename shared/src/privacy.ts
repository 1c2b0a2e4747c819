/** The block list, a person's data and retention, as owners see and change them (docs/admin.md#privacy). */
import { z } from 'zod';
import { addressKey, parseEmailAddress } from './email-address';
import type { AdminListName } from './api-paths';
import { BULK_CHANGE_MAX, statusesOf } from './desk';
import { SUBSCRIBER_STATUSES } from './records/subscriber';
import { requiredEmail, storableText } from './schemas/common';

/** A blocked address (`spam@example.com`) or a whole domain with its subdomains (`spam.example`). */
export type BlockKind = 'address' | 'domain';

export interface BlockedSender {
  /** The address in lower case, or the domain. */
  value: string;
  kind: BlockKind;
  createdAt: string;
  /** The staff member who blocked it. */
  createdBy: string;
}

export const BLOCK_VALUE_INVALID = 'Enter an e-mail address or a domain such as example.com';

export type ParsedBlockValue = { ok: true; kind: BlockKind; value: string } | { ok: false; message: string };

/**
 * What an owner typed into the block list: an address (read as one address, like every e-mail
 * field) or a domain (`example.com`, `@example.com`), answered as the key it is stored and compared by.
 */
export function parseBlockValue(text: string): ParsedBlockValue {
  const typed = text.trim();
  if (typed.indexOf('@') > 0) {
    const parsed = parseEmailAddress(typed);
    return parsed.ok ? { ok: true, kind: 'address', value: addressKey(parsed.address) } : parsed;
  }
  const domain = typed.replace(/^@/, '');
  // A domain is what follows the @ of an address: the same parser reads it.
  const parsed = domain && !/[@\s,;<>()"]/.test(domain) ? parseEmailAddress(`postmaster@${domain}`) : null;
  return parsed?.ok
    ? { ok: true, kind: 'domain', value: addressKey(parsed.address).slice('postmaster@'.length) }
    : { ok: false, message: BLOCK_VALUE_INVALID };
}

const blockValue = storableText(300).transform((text, ctx) => {
  const parsed = parseBlockValue(text);
  if (parsed.ok) return { kind: parsed.kind, value: parsed.value };
  ctx.addIssue({ code: 'custom', message: parsed.message, input: text });
  return z.NEVER;
});

/** POST /admin/block-list: one or more addresses or domains (the list's bulk "Mark as spam" offers several). */
export const blockSendersSchema = z.object({
  values: z
    .array(blockValue, { error: 'values must be a list of addresses or domains' })
    .min(1, 'Give an address or a domain')
    .max(BULK_CHANGE_MAX, `At most ${BULK_CHANGE_MAX} at once`),
});
export type BlockSendersInput = z.input<typeof blockSendersSchema>;

export interface BlockListPage {
  data: BlockedSender[];
}

/** The person look-up, export and erasure: one address, read like every e-mail field. */
export const personQuerySchema = z.object({ email: requiredEmail() });

/** One record naming a person's address, as the look-up lists it. */
export interface PersonRecord {
  list: AdminListName;
  id: string;
  /** Its name (full name, name or the address) and reference, when it has one. */
  name: string;
  reference: string | null;
  createdAt: string;
  /** Its desk status, or a subscriber's consent state. */
  status: string | null;
}

/** GET /admin/people?email=: every record naming the address, and how many mails and files they have. */
export interface PersonLookup {
  email: string;
  records: PersonRecord[];
  mails: number;
  files: number;
}

/** The file a person's data downloads as: `person-<address reduced to letters, digits and dashes>.zip`. */
export const personZipName = (email: string) =>
  `person-${email
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')}.zip`;

/** POST /admin/people/erase: what was erased. */
export interface PersonErased {
  message: string;
  erased: number;
}

/** Owners' privacy settings: per list, the statuses retention never erases. */
export interface PrivacySettings {
  /** RETENTION_MONTHS, or null when retention is off. */
  retentionMonths: number | null;
  keptStatuses: Partial<Record<AdminListName, string[]>>;
}

/** The statuses a record of a list can have: the desk's, or a subscriber's consent states. */
export const retentionStatusesOf = (list: AdminListName): readonly string[] => statusesOf(list) ?? SUBSCRIBER_STATUSES;

/** Kept unless the owner says otherwise: confirmed subscribers asked for the newsletter and still want it. */
export const DEFAULT_KEPT_STATUSES: PrivacySettings['keptStatuses'] = { subscribers: ['confirmed'] };

const LISTS = ['inquiries', 'supplierInquiries', 'contacts', 'subscribers'] as const satisfies readonly AdminListName[];

export const privacySettingsSchema = z.object({
  keptStatuses: z
    .partialRecord(z.enum(LISTS, { error: 'Unknown list' }), z.array(storableText(60)).max(20))
    .superRefine((kept, ctx) => {
      for (const list of LISTS) {
        const unknown = (kept[list] ?? []).find((status) => !retentionStatusesOf(list).includes(status));
        if (unknown !== undefined) ctx.addIssue({ code: 'custom', message: `Unknown status: ${unknown}`, path: [list] });
      }
    }),
});
export type PrivacySettingsInput = z.input<typeof privacySettingsSchema>;

const RECORD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** POST <list>/erase: several records of one list at once (owners). */
export const bulkEraseSchema = z.object({
  ids: z
    .array(z.string({ error: 'Unknown record' }).regex(RECORD_ID, 'Unknown record'))
    .min(1, 'Select at least one record')
    .max(BULK_CHANGE_MAX, `At most ${BULK_CHANGE_MAX} records at once`),
});
export interface BulkErased {
  message: string;
  erased: number;
}
