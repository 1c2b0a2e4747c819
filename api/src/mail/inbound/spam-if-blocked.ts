import type { InboundMailKind } from '@sourcing/shared';
import type { Database } from '../../db/database';
import { blockedAs } from '../../privacy/block-list';
import type { InboundMessage } from './read-inbound';

/** An inbound mail as the desk takes it: what its bytes say it is, or spam when its sender is blocked. */
export type SortedInbound = Omit<InboundMessage, 'kind'> & { kind: InboundMailKind };

/**
 * What a blocked address or domain sends is spam (docs/hardening.md#block-list), matched as the
 * forms match it (`blockedAs`: the address, or a domain it is under). It is kept with its record
 * (or unmatched) as `spam` and is no answer: no timeline line, no Updated At, no unread, no
 * "Customer replied", no end of a snooze, no live change or notification, and its attachments stay
 * inside the mail. A bounce is the mail server's report, not the sender's: it stays a bounce.
 */
export async function spamIfBlocked(db: Pick<Database, 'all'>, message: InboundMessage): Promise<SortedInbound> {
  if (message.kind === 'bounce' || !message.from?.address) return message;
  return (await blockedAs(db, message.from.address)) ? { ...message, kind: 'spam' } : message;
}
