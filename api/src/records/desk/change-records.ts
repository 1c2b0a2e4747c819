import {
  outcomeReasonsOf,
  roleAllows,
  type Assignee,
  type DeskChange,
  type RealtimeChange,
  type RealtimeEvent,
} from '@sourcing/shared';
import { In, type ObjectLiteral } from 'typeorm';
import type { AppDeps } from '../../app-deps';
import type { Transaction } from '../../db/database';
import type { AuditWho } from '../../audit/audit';
import { AdminEntity, type AdminRow } from '../../auth/schema';
import { staffById } from '../../staff/staff-names';
import { recordEvent } from '../present-record';
import { changeWithEvents, type Announce } from '../publish';
import type { AnyRow, RecordKind } from '../record-kind';
import { queueAssignmentMail, type GivenRecord } from '../assignment/assignment-mail';
import { eventRow, storeEvents, type RecordEventRow } from './record-events';
import { updatedAtOf } from './updated-at';

export type DeskRow = AnyRow & { status: string; ownerId: string | null; version: number };

/** A record to change and the version the admin saw. */
export interface VersionedId {
  id: string;
  version: number;
}

/** Who changes records: the timeline's and the event's actor, and the request the audit trail names. */
export interface ChangedBy {
  actor: Assignee;
  who: AuditWho;
  /** Several records at once from the list (each changed record still gets its own audit entry). */
  bulk: boolean;
}

/** What a change did: changed (or already so) rows, rows changed meanwhile by someone else, ids not found. */
export interface ChangeOutcome {
  updated: DeskRow[];
  conflicts: DeskRow[];
  missing: string[];
}

export const UNKNOWN_OWNER = 'Unknown owner';
export const NOT_ASSIGNABLE = 'Only an enabled agent or owner can own a record';

/** Who may own records: an enabled account whose role works them (viewers only read). */
export const mayOwnRecords = (admin: Pick<AdminRow, 'role' | 'disabledAt'>) =>
  admin.disabledAt === null && roleAllows(admin.role, 'agent');

const assignee = (admins: Map<string, Assignee>, id: string | null): Assignee | null =>
  id === null ? null : (admins.get(id) ?? { id, email: id, name: id });

/**
 * What the live toast says after the actor's name: 'moved Jane Doe to Quoted and assigned it to Ana
 * Silva'; a move to Won or Lost with its reason, 'moved Jane Doe to Lost (Price too high)'
 * (docs/admin.md#outcome-reasons).
 */
function changeText(title: string, status: { to: string; reason?: string } | null, owner: Assignee | null | undefined): string {
  const parts: string[] = [];
  if (status !== null) parts.push(`moved ${title} to ${status.to}${status.reason ? ` (${status.reason})` : ''}`);
  if (owner !== undefined) {
    const it = parts.length ? 'it' : title;
    parts.push(owner ? `assigned ${it} to ${owner.name}` : `unassigned ${it}`);
  }
  return parts.join(' and ');
}

/**
 * The audit summary of a change: 'status Quoted → Lost (Price too high); owner ana@example.com → bob@example.com'.
 * Staff e-mails and the kind's listed reasons only.
 */
function auditSummary(
  status: { from: string; to: string; reason?: string } | null,
  owner: { from: Assignee | null; to: Assignee | null } | null,
) {
  const parts: string[] = [];
  if (status) parts.push(`status ${status.from} → ${status.to}${status.reason ? ` (${status.reason})` : ''}`);
  if (owner) parts.push(`owner ${owner.from ? `${owner.from.email} ` : ''}→ ${owner.to?.email ?? 'none'}`);
  return parts.join('; ');
}

/** The realtime event of a change staff made to a record: `row` after it, `before` its status and owner before (a note changes neither). */
export function changeEvent(
  kind: RecordKind,
  row: DeskRow,
  by: Assignee,
  type: RealtimeChange['type'],
  text: string,
  before: Pick<DeskRow, 'status' | 'ownerId'> = row,
  other?: RealtimeChange['other'],
): RealtimeEvent {
  return {
    ...recordEvent(kind, row),
    change: {
      by,
      type,
      text,
      status: row.status,
      ownerId: row.ownerId,
      version: row.version,
      from: { status: before.status, ownerId: before.ownerId },
      ...(other ? { other } : {}),
    },
  };
}

/**
 * Sets the status and/or owner of records, each only if it still has the version the admin saw
 * (else it is a conflict, answered with its current state: never a silent overwrite). Each real
 * change bumps the version and the record's Updated At, leaves its timeline events and audit
 * entry, and announces itself; a staff member given records by someone else is told by e-mail
 * (one mail per change); all in one transaction.
 */
export async function changeRecords(
  deps: Pick<AppDeps, 'db' | 'now' | 'bus' | 'logger' | 'audit' | 'config'>,
  kind: RecordKind,
  targets: VersionedId[],
  change: DeskChange,
  by: ChangedBy,
): Promise<ChangeOutcome> {
  return changeWithEvents(deps, (tx, announce) => applyDeskChange(deps, tx, announce, kind, targets, change, by));
}

/** changeRecords inside a transaction that does more (a reply that answers a contact message). */
export async function applyDeskChange(
  deps: Pick<AppDeps, 'now' | 'audit' | 'config'>,
  tx: Transaction,
  announce: Announce,
  kind: RecordKind,
  targets: VersionedId[],
  change: DeskChange,
  { actor, who, bulk }: ChangedBy,
): Promise<ChangeOutcome> {
  const now = deps.now();
  const { manager } = tx;
  const repo = manager.getRepository<ObjectLiteral>(kind.entity);
  const ids = [...new Set(targets.map((t) => t.id))];
  const rows = new Map(((await repo.findBy({ id: In(ids) })) as DeskRow[]).map((row) => [row.id, row]));
  if (change.ownerId) {
    const owner = await manager.getRepository(AdminEntity).findOneBy({ id: change.ownerId });
    if (!owner) throw new OwnerNotFound(UNKNOWN_OWNER);
    if (!mayOwnRecords(owner)) throw new OwnerNotFound(NOT_ASSIGNABLE);
  }
  const admins = await staffById(manager, [change.ownerId, ...[...rows.values()].map((r) => r.ownerId)]);
  const outcome: ChangeOutcome = { updated: [], conflicts: [], missing: [] };
  const events: RecordEventRow[] = [];
  const given = new Map<string, GivenRecord[]>();
  // The routes checked the reason against the status (desk-routes.ts): a status that asks none keeps none.
  const reasonFor = (status: string) => (outcomeReasonsOf(kind.definition.list, status) ? (change.reason ?? null) : null);

  for (const { id, version } of targets) {
    const row = rows.get(id);
    if (!row) {
      outcome.missing.push(id);
      continue;
    }
    if (row.version !== version) {
      outcome.conflicts.push(row);
      continue;
    }
    const status = change.status !== undefined && change.status !== row.status ? change.status : null;
    const ownerChanged = change.ownerId !== undefined && change.ownerId !== row.ownerId;
    if (status === null && !ownerChanged) {
      outcome.updated.push(row);
      continue;
    }
    const set = {
      status: status ?? row.status,
      // A new status keeps the reason it asks for (docs/admin.md#outcome-reasons); any other clears it.
      outcomeReason: status === null ? (row.outcomeReason ?? null) : reasonFor(status),
      ownerId: ownerChanged ? (change.ownerId ?? null) : row.ownerId,
      version: row.version + 1,
      ...updatedAtOf(kind, now),
    };
    const { affected } = await repo
      .createQueryBuilder()
      .update()
      .set(set)
      .where('id = :id AND version = :version', { id, version })
      .execute();
    if (!affected) {
      // Changed by someone else between the read and this update.
      outcome.conflicts.push((await repo.findOneBy({ id })) as DeskRow);
      continue;
    }
    const next: DeskRow = { ...row, ...set };
    const newOwner = ownerChanged ? assignee(admins, next.ownerId) : undefined;
    const statusChange =
      status === null ? null : { from: row.status, to: status, ...(set.outcomeReason ? { reason: set.outcomeReason } : {}) };
    const ownerChange = newOwner === undefined ? null : { from: assignee(admins, row.ownerId), to: newOwner };
    if (statusChange) events.push(eventRow(kind.definition.kind, id, 'status', actor, statusChange, now));
    if (ownerChange) events.push(eventRow(kind.definition.kind, id, 'owner', actor, ownerChange, now));
    const summary = auditSummary(statusChange, ownerChange);
    await deps.audit(who, 'record-changed', { kind: kind.definition.kind, id }, bulk ? { summary, bulk } : { summary }, tx);
    const title = String(row[kind.definition.title]);
    if (newOwner && newOwner.id !== actor.id) {
      given.set(newOwner.id, [...(given.get(newOwner.id) ?? []), { id, reference: String(row.reference), title }]);
    }
    outcome.updated.push(next);
    await announce(
      changeEvent(kind, next, actor, status !== null ? 'status' : 'owner', changeText(title, statusChange, newOwner), row),
    );
  }
  await storeEvents(tx, events);
  for (const [ownerId, records] of given) {
    await queueAssignmentMail(tx, { config: deps.config, now }, kind.definition.kind, assignee(admins, ownerId)!, records, actor);
  }
  return outcome;
}

/** The owner a change names is no account, or one that may not own records. */
export class OwnerNotFound extends Error {}
