import { addressKey, parseEmailAddress, type MailPurpose, type MailWithheldReason, type RecordKind } from '@sourcing/shared';
import type { Config } from '../config';
import type { Database, Transaction } from '../db/database';
import { isRefusal, limitKey, type LimiterFactory } from '../limits/limiters';
import { blockedAs } from '../privacy/block-list';
import { eventRow, RECORD_EVENT } from '../records/desk/record-events';
import type { OutgoingMail } from './compose';
import { queueMail } from './outbox';

/** What these checks need of the app's dependencies (the outbox worker, one of them, asks addressVerdict). */
interface VisitorMailDeps {
  db: Pick<Database, 'all'>;
  limiters: LimiterFactory;
  config: Pick<Config, 'mail'>;
}

/** Whether an address may be mailed: the one address to mail, or why not. */
export type AddressVerdict =
  { ok: true; address: string } | { ok: false; reason: Exclude<MailWithheldReason, 'recipient-limit'> };

/**
 * Whether a stored address may get mail at all (docs/mail.md#addresses): exactly one address (a
 * record stored before the parser, with `ceo,hr,victim@example.com`, is never mailed) that is not on
 * the block list, by itself or by its domain.
 */
export async function addressVerdict(deps: Pick<VisitorMailDeps, 'db'>, stored: string): Promise<AddressVerdict> {
  const parsed = parseEmailAddress(stored);
  if (!parsed.ok) return { ok: false, reason: 'invalid-address' };
  if (await blockedAs(deps.db, parsed.address)) return { ok: false, reason: 'blocked' };
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
  tx: Transaction,
  record: { kind: RecordKind; id: string },
  details: { purpose: MailPurpose; to: string; reason: MailWithheldReason },
  now: Date,
): Promise<void> {
  await tx.insert(RECORD_EVENT, eventRow(record.kind, record.id, 'withheld', null, details, now));
}

/** Whether a mail to a visitor may go, decided before the transaction that queues it (see visitorMailVerdict). */
export type VisitorMailVerdict = { ok: true; address: string } | { ok: false; reason: MailWithheldReason };

/**
 * Whether the forms may mail this address now: one valid address, not blocked, and within its
 * allowance, of which it takes one mail. Asked before the transaction that queues the mail: the
 * block list and the limiter store are read on connections of their own, which a transaction
 * holding one of the pool's must not wait for.
 */
export async function visitorMailVerdict(deps: VisitorMailDeps, stored: string): Promise<VisitorMailVerdict> {
  const verdict = await addressVerdict(deps, stored);
  if (!verdict.ok) return verdict;
  return (await takeAllowance(deps, verdict.address)) ? verdict : { ok: false, reason: 'recipient-limit' };
}

/**
 * A mail the forms send to a record's sender (a confirmation, a newsletter confirmation), queued in
 * the caller's transaction when its verdict lets it go; otherwise nothing is queued and the
 * record's timeline says why. `write` gets the normalised address, which is both the envelope's
 * recipient and the `To` header. Answers whether the mail was queued.
 */
export async function queueVisitorMail(
  tx: Transaction,
  now: Date,
  purpose: MailPurpose,
  { stored, verdict }: { stored: string; verdict: VisitorMailVerdict },
  write: (address: string) => OutgoingMail,
  record: { kind: RecordKind; id: string },
): Promise<boolean> {
  if (!verdict.ok) {
    await recordWithheld(tx, record, { purpose, to: stored, reason: verdict.reason }, now);
    return false;
  }
  await queueMail(tx, now, purpose, write(verdict.address), record);
  return true;
}
