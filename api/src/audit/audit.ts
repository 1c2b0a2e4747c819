import type { AuditAction } from '@sourcing/shared';
import type { Context } from 'koa';
import type { AdminState } from '../auth/require-admin';
import type { Database, Transaction } from '../db/database';
import { clientAddress } from '../http/client-address';
import { AuditEntity, type AuditRow } from './audit-entity';
import { orderedIds } from './ordered-ids';

/** Who did something: a staff account, an e-mail typed at a failed sign-in (id null), or the CLI. */
export interface AuditActor {
  id: string | null;
  email: string;
}

export const CLI_ACTOR: AuditActor = { id: null, email: 'cli' };

/** What it was done to: a record kind ('inquiry', ...) or 'staff', and its id when there is one. */
export interface AuditSubject {
  kind: string;
  id?: string | null;
}

/** A signed-in request (its admin and client address are taken) or an actor. */
export type AuditWho = Context | AuditActor;

/**
 * Appends one entry. Pass `tx` to write inside the transaction of the change it records.
 * Details must never hold a record's personal data (an erasure must leave nothing of it behind):
 * a change says what changed in `summary` (docs/admin.md#audit-trail).
 */
export type Audit = (
  who: AuditWho,
  action: AuditAction,
  subject: AuditSubject | null,
  details?: Record<string, unknown>,
  tx?: Transaction,
) => Promise<void>;

const isContext = (who: AuditWho): who is Context => 'request' in who;

export function createAudit(db: Pick<Database, 'transaction'>, now: () => Date): Audit {
  // Entries of one millisecond are listed in the order they were written.
  const nextId = orderedIds();
  return async (who, action, subject, details = {}, tx) => {
    let actor: AuditActor;
    let recorded = details;
    if (isContext(who)) {
      const { admin } = who.state as Partial<AdminState>;
      actor = admin ? { id: admin.id, email: admin.email } : { id: null, email: 'unknown' };
      recorded = { ...details, address: clientAddress(who) };
    } else {
      actor = who;
    }
    const row: AuditRow = {
      id: nextId(),
      at: now().getTime(),
      action,
      actorId: actor.id,
      actorEmail: actor.email.slice(0, 254),
      subjectKind: subject?.kind ?? null,
      subjectId: subject?.id ?? null,
      details: JSON.stringify(recorded),
    };
    const append = (within: Transaction) => within.insert(AuditEntity, row);
    await (tx ? append(tx) : db.transaction(append));
  };
}
