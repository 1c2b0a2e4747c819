import type { AuditAction } from '@sourcing/shared';
import { EntitySchema } from 'typeorm';
import { epochMs } from '../auth/schema';

/** One audit entry; `details` is JSON text. The table refuses updates and deletes (see its migration). */
export interface AuditRow {
  id: string;
  at: number;
  action: AuditAction;
  actorId: string | null;
  actorEmail: string;
  subjectKind: string | null;
  subjectId: string | null;
  details: string;
}

export const AuditEntity = new EntitySchema<AuditRow>({
  name: 'AuditEntry',
  tableName: 'audit_log',
  columns: {
    id: { type: 'varchar', length: 36, primary: true },
    at: { type: 'bigint', transformer: epochMs },
    action: { type: 'varchar', length: 40 },
    actorId: { type: 'varchar', length: 36, name: 'actor_id', nullable: true },
    actorEmail: { type: 'varchar', length: 254, name: 'actor_email' },
    subjectKind: { type: 'varchar', length: 40, name: 'subject_kind', nullable: true },
    subjectId: { type: 'varchar', length: 64, name: 'subject_id', nullable: true },
    details: { type: 'text' },
  },
});
