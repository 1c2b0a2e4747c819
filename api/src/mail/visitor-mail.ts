import { addressKey, parseEmailAddress, type MailPurpose, type MailWithheldReason, type RecordKind } from '@sourcing/shared';
import type { EntityManager } from 'typeorm';
import type { AppDeps } from '../app-deps';
import { insertRow } from '../db/insert-row';
import { isRefusal, limitKey, type LimiterFactory } from '../limits/limiters';
import { blockedAs } from '../privacy/block-list';
import { eventRow, RECORD_EVENT } from '../records/desk/record-events';
import type { OutgoingMail } from './compose';
import { queueMail } from './outbox';

type VisitorMailDeps = Pick<AppDeps, 'dataSource' | 'limiters' | 'config'>;

/** Whether an address may be mailed: the one address to mail, or why not. */
export type AddressVerdict =
  { ok: true; address: string } | { ok: false; reason: Exclude<MailWithheldReason, 'recipient-limit'> };

/**
 * Whether a stored address may get mail at all (docs/mail.md#addresses): exactly one address (a
 * record stored before the parser, with `ceo,hr,victim@example.com`, is never mailed) that is not on
 * the block list, by itself or by its domain.
 */
export async function addressVerdict(deps: Pick<AppDeps, 'dataSource'>, stored: string): Promise<AddressVerdict> {
  const parsed = parseEmailAddress(stored);
  if (!parsed.ok) return { ok: false, reason: 'invalid-address' };
  if (await blockedAs(deps.dataSource, parsed.address)) return { ok: false, reason: 'blocked' };
  return { ok: true, address: parsed.address };
}

interface RecipientLimits {
  per10Minutes: ReturnType<LimiterFactory>;
  perDay: ReturnType<LimiterFactory>;
}

/** Made once per limiter store: the counters of one process (SQLite) must be the same objects each time. */
const limitsOf = new WeakMap<LimiterFactory, RecipientLimits>();

function recipientLimits(deps: VisitorMailDeps): RecipientLimits {
  let limits = limitsOf.get(deps.limiters);
  if (!limits) {
    const { perAddressPer10Minutes, perAddressPerDay } = deps.config.mail;
    limits = {
      per10Minutes: deps.limiters({ name: 'mail-to-address-10m', points: perAddressPer10Minutes, durationSeconds: 10 * 60 }),
      perDay: deps.limiters({ name: 'mail-to-address-24h', points: perAddressPerDay, durationSeconds: 24 * 60 * 60 }),
    };
    limitsOf.set(deps.limiters, limits);
  }
  return limits;
}

/**
 * Takes one mail from the address's allowance: CONFIRMATIONS_PER_ADDRESS_PER_10_MINUTES and
 * _PER_DAY, counted per address whatever its letter case, across every form and every replica
 * (the shared limiter store; the key is a hash). False when either is used up.
 */
async function takeAllowance(deps: VisitorMailDeps, address: string): Promise<boolean> {
  const key = limitKey(addressKey(address));
  const limits = recipientLimits(deps);
  try {
    await limits.per10Minutes.consume(key);
    await limits.perDay.consume(key);
    return true;
  } catch (reason) {
    if (isRefusal(reason)) return false;
    throw reason;
  }
}

/** The record's timeline says that a mail to its sender was not sent, and why (in the caller's transaction). */
export async function recordWithheld(
  manager: EntityManager,
  record: { kind: RecordKind; id: string },
  details: { purpose: MailPurpose; to: string; reason: MailWithheldReason },
  now: Date,
): Promise<void> {
  await insertRow(manager, RECORD_EVENT, eventRow(record.kind, record.id, 'withheld', null, details, now));
}

/**
 * A mail the forms send to a record's sender (a confirmation, a newsletter confirmation), queued in
 * the caller's transaction only when it may go: one valid address, not blocked, within the
 * address's allowance. Otherwise nothing is queued and the record's timeline says why. `write`
 * gets the normalised address, which is both the envelope's recipient and the `To` header.
 * Answers whether the mail was queued.
 */
export async function queueVisitorMail(
  deps: VisitorMailDeps,
  manager: EntityManager,
  now: Date,
  purpose: MailPurpose,
  stored: string,
  write: (address: string) => OutgoingMail,
  record: { kind: RecordKind; id: string },
): Promise<boolean> {
  const withheld = async (reason: MailWithheldReason) => {
    await recordWithheld(manager, record, { purpose, to: stored, reason }, now);
    return false;
  };
  const verdict = await addressVerdict(deps, stored);
  if (!verdict.ok) return withheld(verdict.reason);
  if (!(await takeAllowance(deps, verdict.address))) return withheld('recipient-limit');
  await queueMail(manager, now, purpose, write(verdict.address), record);
  return true;
}
