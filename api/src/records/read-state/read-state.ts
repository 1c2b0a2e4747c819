/**
 * What each admin has read (docs/admin.md#read-state, docs/decisions.md#read-state-per-admin): per
 * admin and kind a watermark (records created up to it are read) and the records read one by one
 * after it. A record is unread when it is newer than the watermark, not read, and not Spam; or, for
 * its owner, when its customer answered by e-mail after the owner last read it (docs/mail.md#the-desk-reacts):
 * the answer is newer than both the watermark and the owner's single read of the record (`readAt`).
 * Reading a record never marks its answers seen ("Customer replied", the Conversation's "New"): only
 * the Conversation card does (POST <list>/:id/conversation/seen).
 */
import { SPAM_STATUS, type AdminListName, type UnreadCounts } from '@sourcing/shared';
import type { AppDeps } from '../../app-deps';
import { dbTime, timeFromDb } from '../../db/engine';
import type { RecordKind } from '../record-kind';
import { ALL_RECORD_KINDS } from '../record-kinds';

type ReadDeps = Pick<AppDeps, 'db' | 'now'>;

const isDesk = (kind: RecordKind) => kind.definition.statuses !== null;

/** The admin's watermark of every kind: their own, else their account's creation. */
async function watermarksOf(deps: ReadDeps, adminId: string): Promise<Map<string, Date>> {
  const [rows, [admin]] = await Promise.all([
    deps.db.all<{ recordKind: string; readUpTo: Date | string }>(
      'SELECT "recordKind", "readUpTo" FROM "read_watermarks" WHERE "adminId" = ?',
      [adminId],
    ),
    deps.db.all<{ created_at: string | number }>('SELECT "created_at" FROM "admins" WHERE "id" = ?', [adminId]),
  ]);
  const created = new Date(Number(admin?.created_at ?? 0));
  const marks = new Map(ALL_RECORD_KINDS.map((kind) => [kind.definition.kind as string, created]));
  for (const row of rows) marks.set(row.recordKind, timeFromDb(row.readUpTo));
  return marks;
}

/**
 * Records newer than the watermark, less Spam, less those read: three index range counts from the
 * watermark on ((createdAt, id), (status, createdAt, id), the reads' key), never a scan of the table.
 */
async function unreadOf(deps: ReadDeps, adminId: string, kind: RecordKind, since: Date): Promise<number> {
  const after = dbTime(deps.db.engine, since);
  const table = `"${kind.table}"`;
  const spam = isDesk(kind) ? `- (SELECT COUNT(*) FROM ${table} WHERE "status" = ? AND "createdAt" > ?)` : '';
  const notSpam = isDesk(kind) ? `AND r."status" <> ?` : '';
  const [row] = await deps.db.all<{ unread: string | number }>(
    `SELECT (SELECT COUNT(*) FROM ${table} WHERE "createdAt" > ?) ${spam}
  - (SELECT COUNT(*) FROM "record_reads" "rr" JOIN ${table} "r" ON r."id" = rr."recordId"
     WHERE rr."adminId" = ? AND rr."recordKind" = ? AND rr."recordCreatedAt" > ? ${notSpam}) AS "unread"`,
    [
      after,
      ...(isDesk(kind) ? [SPAM_STATUS, after] : []),
      adminId,
      kind.definition.kind,
      after,
      ...(isDesk(kind) ? [SPAM_STATUS] : []),
    ],
  );
  return Number(row?.unread ?? 0) + (isDesk(kind) ? await answeredOf(deps, adminId, kind, after) : 0);
}

/**
 * The admin's own records (not Spam) whose customer answered after the watermark and after the admin
 * last read them, less those the count above already holds (newer than the watermark and never read).
 * It reads the answers received since the watermark ("inbound_mails_answers_received"), not the table.
 */
async function answeredOf(deps: ReadDeps, adminId: string, kind: RecordKind, after: Date | string): Promise<number> {
  const recordKind = kind.definition.kind;
  const [row] = await deps.db.all<{ answered: string | number }>(
    `SELECT COUNT(DISTINCT im."recordId") AS "answered" FROM "inbound_mails" "im"
  JOIN "${kind.table}" "r" ON r."id" = im."recordId"
  LEFT JOIN "record_reads" "rr" ON rr."adminId" = ? AND rr."recordKind" = ? AND rr."recordId" = r."id"
WHERE im."recordKind" = ? AND im."kind" = 'reply' AND im."receivedAt" > ?
  AND r."ownerId" = ? AND r."status" <> ?
  AND (rr."readAt" IS NULL OR im."receivedAt" > rr."readAt")
  AND NOT (r."createdAt" > ? AND rr."recordId" IS NULL)`,
    [adminId, recordKind, recordKind, after, adminId, SPAM_STATUS, after],
  );
  return Number(row?.answered ?? 0);
}

/** Among the admin's own records `ids`, those whose customer answered after the watermark and their last read. */
async function answeredAmong(
  deps: ReadDeps,
  adminId: string,
  kind: RecordKind,
  since: Date,
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const recordKind = kind.definition.kind;
  const rows = await deps.db.all<{ recordId: string }>(
    `SELECT DISTINCT im."recordId" AS "recordId" FROM "inbound_mails" "im"
  LEFT JOIN "record_reads" "rr" ON rr."adminId" = ? AND rr."recordKind" = ? AND rr."recordId" = im."recordId"
WHERE im."recordKind" = ? AND im."recordId" IN (${ids.map(() => '?').join(', ')}) AND im."kind" = 'reply'
  AND im."receivedAt" > ? AND (rr."readAt" IS NULL OR im."receivedAt" > rr."readAt")`,
    [adminId, recordKind, recordKind, ...ids, dbTime(deps.db.engine, since)],
  );
  return rows.map((row) => String(row.recordId));
}

export async function unreadCounts(deps: ReadDeps, adminId: string): Promise<UnreadCounts> {
  const marks = await watermarksOf(deps, adminId);
  const counts = await Promise.all(
    ALL_RECORD_KINDS.map(
      async (kind) => [kind.definition.list, await unreadOf(deps, adminId, kind, marks.get(kind.definition.kind)!)] as const,
    ),
  );
  return Object.fromEntries(counts) as Record<AdminListName, number>;
}

/** The ids of presented records (a list page's: `_id`, `createdAt`, `status`) the admin has not read. */
export async function unreadAmong(
  deps: ReadDeps,
  adminId: string,
  kind: RecordKind,
  records: readonly Record<string, unknown>[],
): Promise<string[]> {
  const since = (await watermarksOf(deps, adminId)).get(kind.definition.kind)!;
  const mine = records.filter((r) => r.ownerId === adminId && r.status !== SPAM_STATUS).map((r) => String(r._id));
  const answered = isDesk(kind) ? await answeredAmong(deps, adminId, kind, since, mine) : [];
  const candidates = records
    .filter((r) => new Date(String(r.createdAt)) > since && r.status !== SPAM_STATUS)
    .map((r) => String(r._id));
  if (candidates.length === 0) return answered;
  const read = await deps.db.all<{ recordId: string }>(
    `SELECT "recordId" FROM "record_reads" WHERE "adminId" = ? AND "recordKind" = ? AND "recordId" IN (${candidates.map(() => '?').join(', ')})`,
    [adminId, kind.definition.kind, ...candidates],
  );
  const readIds = new Set(read.map((r) => String(r.recordId)));
  const unread = new Set([...candidates.filter((id) => !readIds.has(id)), ...answered]);
  return records.map((r) => String(r._id)).filter((id) => unread.has(id));
}

/**
 * The admin opened a record (or saw its conversation); false when there is no such record. The read's
 * time is kept, so an answer coming after it makes the record unread again for its owner; a record
 * the watermark reads keeps one only when it is a desk record (its answers count), and only until
 * the watermark passes that time (`markAllRead`).
 */
export async function markRead(deps: ReadDeps, adminId: string, kind: RecordKind, id: string): Promise<boolean> {
  const engine = deps.db.engine;
  const [row] = await deps.db.all<{ createdAt: Date | string }>(`SELECT "createdAt" FROM "${kind.table}" WHERE "id" = ?`, [id]);
  if (!row) return false;
  const createdAt = timeFromDb(row.createdAt);
  const since = (await watermarksOf(deps, adminId)).get(kind.definition.kind)!;
  if (createdAt <= since && !isDesk(kind)) return true; // read already, by the watermark
  await deps.db.run(
    `INSERT INTO "record_reads" ("adminId", "recordKind", "recordId", "recordCreatedAt", "readAt") VALUES (?, ?, ?, ?, ?)
  ON CONFLICT ("adminId", "recordKind", "recordId") DO UPDATE SET "readAt" = EXCLUDED."readAt"`,
    [adminId, kind.definition.kind, id, dbTime(engine, createdAt), dbTime(engine, deps.now())],
  );
  return true;
}

/** Every record of the kind that exists now is read: the watermark moves up, and the single reads below it go. */
export async function markAllRead(deps: ReadDeps, adminId: string, kind: RecordKind): Promise<void> {
  const engine = deps.db.engine;
  const since = (await watermarksOf(deps, adminId)).get(kind.definition.kind)!;
  const upTo = new Date(Math.max(since.getTime(), deps.now().getTime()));
  const params = [adminId, kind.definition.kind, dbTime(engine, upTo)];
  await deps.db.run(
    `INSERT INTO "read_watermarks" ("adminId", "recordKind", "readUpTo") VALUES (?, ?, ?)
  ON CONFLICT ("adminId", "recordKind") DO UPDATE SET "readUpTo" = EXCLUDED."readUpTo"`,
    params,
  );
  await deps.db.run(`DELETE FROM "record_reads" WHERE "adminId" = ? AND "recordKind" = ? AND "recordCreatedAt" <= ?`, params);
}
