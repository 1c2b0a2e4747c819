import { containsPattern } from '../db/like-pattern';
import { AUDIT_ACTIONS, type Assignee, type AuditEntry, type AuditPage } from '@sourcing/shared';
import type { Database } from '../db/database';
import { z } from 'zod';
import { UUID } from '../records/list/cursor';
import { staffById } from '../staff/staff-names';
import { AuditEntity, type AuditRow } from './audit-entity';

const isoTime = (name: string) =>
  z
    .string()
    .datetime({ offset: true, error: `${name} must be an ISO date-time` })
    .transform((v) => new Date(v).getTime())
    .optional();
const optionalText = (max: number) => z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(max).optional());

/** GET /api/admin/audit's query: every filter optional, newest first, `cursor` from the previous page. */
export const auditQuerySchema = z.object({
  action: z.preprocess((v) => (v === '' ? undefined : v), z.enum(AUDIT_ACTIONS, { error: 'Unknown action' }).optional()),
  /** Part of the actor's e-mail, case-insensitively. */
  actor: optionalText(254),
  subjectKind: optionalText(40),
  subjectId: optionalText(64),
  from: z.preprocess((v) => (v === '' ? undefined : v), isoTime('from')),
  to: z.preprocess((v) => (v === '' ? undefined : v), isoTime('to')),
  cursor: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(200).optional()),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditQueryInput = z.output<typeof auditQuerySchema>;

interface AuditCursor {
  at: number;
  id: string;
}

const encodeCursor = ({ at, id }: AuditCursor) => Buffer.from(JSON.stringify([at, id])).toString('base64url');

function decodeCursor(text: string): AuditCursor | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [at, id] = value as unknown[];
    return Number.isSafeInteger(at) && typeof id === 'string' && UUID.test(id) ? { at: at as number, id } : null;
  } catch {
    return null;
  }
}

/** An entry, its actor named as they are now (`names` by account id); the CLI or a typed e-mail by what was written. */
export function presentAuditEntry(row: AuditRow, names: Map<string, Assignee>): AuditEntry {
  return {
    id: row.id,
    at: new Date(row.at).toISOString(),
    action: row.action,
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    actorName: (row.actorId && names.get(row.actorId)?.name) || row.actorEmail,
    subjectKind: row.subjectKind,
    subjectId: row.subjectId,
    details: JSON.parse(row.details) as Record<string, unknown>,
  };
}

/** One page of the audit trail, newest first, by keyset on (at, id). Null when the cursor is not ours. */
export async function listAudit(db: Pick<Database, 'reads'>, query: AuditQueryInput): Promise<AuditPage | null> {
  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  if (cursor === null) return null;
  const qb = db.reads.getRepository(AuditEntity).createQueryBuilder('a');
  if (query.action) qb.andWhere('a.action = :action', { action: query.action });
  if (query.actor) {
    qb.andWhere(`LOWER(a.actorEmail) LIKE :actor ESCAPE '\\'`, { actor: containsPattern(query.actor.toLowerCase()) });
  }
  if (query.subjectKind) qb.andWhere('a.subjectKind = :subjectKind', { subjectKind: query.subjectKind });
  if (query.subjectId) qb.andWhere('a.subjectId = :subjectId', { subjectId: query.subjectId });
  if (query.from !== undefined) qb.andWhere('a.at >= :from', { from: query.from });
  if (query.to !== undefined) qb.andWhere('a.at <= :to', { to: query.to });
  if (cursor) qb.andWhere('(a.at < :at OR (a.at = :at AND a.id < :id))', cursor);
  const rows = await qb
    .orderBy('a.at', 'DESC')
    .addOrderBy('a.id', 'DESC')
    .take(query.limit + 1)
    .getMany();
  const page = rows.slice(0, query.limit);
  const names = await staffById(
    db.reads,
    page.map((row) => row.actorId),
  );
  const last = page.at(-1);
  return {
    data: page.map((row) => presentAuditEntry(row, names)),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ at: last.at, id: last.id }) : null,
  };
}
