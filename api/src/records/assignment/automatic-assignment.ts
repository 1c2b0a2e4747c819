/**
 * Automatic assignment (docs/admin.md#automatic-assignment): a worked kind's new records go round
 * the staff marked available, passing over whoever holds the kind's cap of open records; a record
 * nobody has room for waits unassigned, and the oldest waiting goes to the next with room.
 */
import { AUTOMATIC_ASSIGNER, openStatusesOf, type AssignmentRule, type Assignee, type DeskListName } from '@sourcing/shared';
import type { AppDeps } from '../../app-deps';
import type { AuditActor } from '../../audit/audit';
import type { Queries, Transaction } from '../../db/database';
import { dbTime, type Engine } from '../../db/engine';
import { AdminEntity } from '../../auth/schema';
import { assigneeOf } from '../../staff/staff-names';
import { changeEvent, type DeskRow } from '../desk/change-records';
import { eventRow, storeEvents } from '../desk/record-events';
import { changeWithEvents, type Announce } from '../publish';
import type { RecordKind } from '../record-kind';
import { ALL_RECORD_KINDS } from '../record-kinds';
import { queueAssignmentMail } from './assignment-mail';

/** The audit trail's actor for what the automatic assignment does (like 'cli' and 'backup schedule'). */
const AUTOMATIC: AuditActor = { id: null, email: 'automatic assignment' };

interface RuleRow {
  recordKind: string;
  automatic: boolean | number;
  openCap: number | null;
  lastAssigneeId: string | null;
  automaticSince: Date | string | null;
}

const listOf = (kind: RecordKind) => kind.definition.list as DeskListName;
const presentRule = (kind: RecordKind, row: RuleRow | undefined): AssignmentRule => ({
  list: listOf(kind),
  automatic: Boolean(row?.automatic),
  openCap: row?.openCap ?? null,
});

/** The worked kinds: those with statuses. */
export const WORKED_KINDS = ALL_RECORD_KINDS.filter((kind) => kind.definition.statuses !== null);

/** Every worked list's rule, in the lists' order. */
export async function readAssignmentRules(reads: Pick<Queries, 'all'>): Promise<AssignmentRule[]> {
  const rows = await reads.all<RuleRow>(`SELECT * FROM "assignment_rules"`);
  return WORKED_KINDS.map((kind) =>
    presentRule(
      kind,
      rows.find((r) => r.recordKind === kind.definition.kind),
    ),
  );
}

/**
 * The kind's rule, its row locked on PostgreSQL until `tx` ends: transactions assigning records of
 * the kind (on any replica) take their turns one after the other. SQLite runs one at a time anyway.
 */
async function lockRule(tx: Transaction, engine: Engine, kind: RecordKind): Promise<RuleRow | undefined> {
  const [row] = await tx.all<RuleRow>(
    `SELECT * FROM "assignment_rules" WHERE "recordKind" = ?${engine === 'postgres' ? ' FOR UPDATE' : ''}`,
    [kind.definition.kind],
  );
  return row;
}

/** An owner sets a list's rule; turning it on starts the waiting queue from now. Answers the rule and whether it changed. */
export async function writeAssignmentRule(
  tx: Transaction,
  engine: Engine,
  kind: RecordKind,
  rule: Omit<AssignmentRule, 'list'>,
  now: Date,
): Promise<{ before: AssignmentRule; after: AssignmentRule }> {
  // A kind added after migration 1795000002900 gets its row on its first rule.
  await tx.run(`INSERT INTO "assignment_rules" ("recordKind") VALUES (?) ON CONFLICT ("recordKind") DO NOTHING`, [
    kind.definition.kind,
  ]);
  const row = await lockRule(tx, engine, kind);
  const before = presentRule(kind, row);
  const since = rule.automatic ? (before.automatic ? row?.automaticSince : dbTime(engine, now)) : null;
  // TRUE and FALSE are both engines' booleans (SQLite's 1 and 0).
  const automatic = rule.automatic ? 'TRUE' : 'FALSE';
  await tx.run(
    `UPDATE "assignment_rules" SET "automatic" = ${automatic}, "openCap" = ?, "automaticSince" = ? WHERE "recordKind" = ?`,
    [rule.openCap, since ?? null, kind.definition.kind],
  );
  return { before, after: { list: listOf(kind), ...rule } };
}

const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');

/**
 * Whether a person holds fewer than `cap` open records of the kind. The count stops at the cap,
 * through the (ownerId, status, createdAt, id) index: its cost is the cap's, not the person's pile.
 */
async function hasRoom(tx: Transaction, kind: RecordKind, ownerId: string, cap: number | null): Promise<boolean> {
  if (cap === null) return true;
  const open = openStatusesOf(listOf(kind));
  const [row] = await tx.all<{ held: string | number }>(
    `SELECT COUNT(*) AS "held" FROM (SELECT 1 FROM "${kind.table}" WHERE "ownerId" = ? AND "status" IN (${marks(open.length)}) LIMIT ${cap}) AS "open"`,
    [ownerId, ...open],
  );
  return Number(row.held) < cap;
}

/**
 * The round robin's next taker of a record of the kind under its locked rule: the first available
 * enabled agent or owner (in the order of their ids) after the one who got the last record,
 * passing over those without room; null when nobody has room. The turn moves to them.
 */
async function takeTurn(tx: Transaction, kind: RecordKind, rule: RuleRow): Promise<Assignee | null> {
  const staff = await tx.manager
    .getRepository(AdminEntity)
    .createQueryBuilder('admin')
    .select(['admin.id', 'admin.email', 'admin.displayName'])
    .where('admin.available = TRUE AND admin.disabledAt IS NULL AND admin.role IN (:...roles)', { roles: ['agent', 'owner'] })
    .getMany();
  // Ordered here, by code point, not by the database's collation: the same round on both engines.
  staff.sort((a, b) => (a.id < b.id ? -1 : 1));
  const last = rule.lastAssigneeId;
  const next = last === null ? 0 : staff.findIndex((s) => s.id > last);
  const order = next <= 0 ? staff : [...staff.slice(next), ...staff.slice(0, next)];
  for (const candidate of order) {
    if (!(await hasRoom(tx, kind, candidate.id, rule.openCap))) continue;
    await tx.run(`UPDATE "assignment_rules" SET "lastAssigneeId" = ? WHERE "recordKind" = ?`, [candidate.id, rule.recordKind]);
    rule.lastAssigneeId = candidate.id;
    return assigneeOf(candidate);
  }
  return null;
}

/** The owner of a new record of the kind, in the transaction storing it: null unless the kind assigns automatically and someone has room. */
export async function ownerOnArrival(tx: Transaction, engine: Engine, kind: RecordKind): Promise<Assignee | null> {
  // Read first without the lock: with the rule off, submissions do not queue on its row.
  const [peek] = await tx.all<Pick<RuleRow, 'automatic'>>(`SELECT "automatic" FROM "assignment_rules" WHERE "recordKind" = ?`, [
    kind.definition.kind,
  ]);
  if (!peek?.automatic) return null;
  const rule = await lockRule(tx, engine, kind);
  return rule?.automatic ? takeTurn(tx, kind, rule) : null;
}

/**
 * What an automatic assignment leaves besides the owner: the timeline line ('Automatic assignment
 * assigned it to Ana Silva'), the audit entry and the assignee's e-mail. `row` has its new owner.
 */
export async function recordAutomaticAssignment(
  deps: Pick<AppDeps, 'audit' | 'config'>,
  tx: Transaction,
  now: Date,
  kind: RecordKind,
  row: DeskRow,
  owner: Assignee,
): Promise<void> {
  const recordKind = kind.definition.kind;
  await storeEvents(tx, [eventRow(recordKind, row.id, 'owner', AUTOMATIC_ASSIGNER, { from: null, to: owner }, now)]);
  const details = { summary: `owner → ${owner.email}` };
  await deps.audit(AUTOMATIC, 'record-assigned-automatically', { kind: recordKind, id: row.id }, details, tx);
  const given = [{ id: row.id, reference: String(row.reference), title: String(row[kind.definition.title]) }];
  await queueAssignmentMail(tx, { config: deps.config, now }, recordKind, owner, given, AUTOMATIC_ASSIGNER);
}

/** The live change of an automatic assignment: the assignee's 'Assigned to you', everyone's list re-read. */
export const automaticAssignmentEvent = (kind: RecordKind, row: DeskRow, owner: Assignee) =>
  changeEvent(kind, row, AUTOMATIC_ASSIGNER, 'owner', `assigned ${String(row[kind.definition.title])} to ${owner.name}`, {
    status: row.status,
    ownerId: null,
  });

/** How many waiting records one pass gives out per kind. */
const QUEUE_BATCH = 50;

/**
 * Gives out a kind's waiting records, oldest first, while someone available has room: the open,
 * unassigned records that arrived since its rule was turned on. Runs after what can make room or
 * people (a record closed or given away, someone marked available, the rule changed); each
 * assignment is its own line, audit entry, mail and live change. Answers how many were given.
 */
export async function serveWaitingRecords(
  deps: Pick<AppDeps, 'db' | 'engine' | 'bus' | 'logger' | 'audit' | 'config' | 'now'>,
  kind: RecordKind,
): Promise<number> {
  // Read first outside a transaction: with the rule off (or nothing waiting ever) this is all.
  const [peek] = await deps.db.all<Pick<RuleRow, 'automatic'>>(
    `SELECT "automatic" FROM "assignment_rules" WHERE "recordKind" = ?`,
    [kind.definition.kind],
  );
  if (!peek?.automatic) return 0;
  return changeWithEvents(deps, async (tx: Transaction, announce: Announce) => {
    const rule = await lockRule(tx, deps.engine, kind);
    if (!rule?.automatic || rule.automaticSince === null) return 0;
    const now = deps.now();
    const open = openStatusesOf(listOf(kind));
    let given = 0;
    for (let round = 0; round < QUEUE_BATCH; round++) {
      // The oldest waiting record of each open status (one seek each on the owner/status index), then the oldest of those.
      const oldest = await tx.all<{ id: string }>(
        `SELECT "id" FROM (${open
          .map(
            () =>
              `SELECT * FROM (SELECT "id", "createdAt" FROM "${kind.table}" WHERE "ownerId" IS NULL AND "status" = ? AND "createdAt" >= ? ORDER BY "createdAt", "id" LIMIT 1) AS "s"`,
          )
          .join(' UNION ALL ')}) AS "waiting" ORDER BY "createdAt", "id" LIMIT 1`,
        open.flatMap((status) => [status, rule.automaticSince]),
      );
      if (oldest.length === 0) break;
      const owner = await takeTurn(tx, kind, rule);
      if (!owner) break;
      const repo = tx.manager.getRepository<DeskRow>(kind.entity);
      const row = (await repo.findOneBy({ id: oldest[0].id })) as DeskRow;
      const next: DeskRow = { ...row, ownerId: owner.id, version: row.version + 1 };
      const changed = await tx.run(
        `UPDATE "${kind.table}" SET "ownerId" = ?, "version" = ? WHERE "id" = ? AND "version" = ? AND "ownerId" IS NULL`,
        [owner.id, next.version, row.id, row.version],
      );
      // Taken or changed by staff meanwhile: the next round reads the queue again.
      if (!changed) continue;
      await recordAutomaticAssignment(deps, tx, now, kind, next, owner);
      await announce(automaticAssignmentEvent(kind, next, owner));
      given += 1;
    }
    return given;
  });
}

/** serveWaitingRecords for every worked kind, after a change that can give room to all (availability, a rule). A failure is logged. */
export async function serveAllWaiting(deps: Parameters<typeof serveWaitingRecords>[0]): Promise<void> {
  for (const kind of WORKED_KINDS) await serveWaitingQuietly(deps, kind);
}

/** serveWaitingRecords after a request's own change has committed: its failure is logged, never the request's. */
export async function serveWaitingQuietly(deps: Parameters<typeof serveWaitingRecords>[0], kind: RecordKind): Promise<void> {
  try {
    await serveWaitingRecords(deps, kind);
  } catch (error) {
    deps.logger.error('serving the waiting records failed', {
      kind: kind.definition.kind,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}
