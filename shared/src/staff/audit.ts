/** The audit trail owners browse (docs/admin.md): append-only, newest first. */

/** What was done. Other features add theirs here; the Audit page offers each as a filter. */
export const AUDIT_ACTIONS = [
  'sign-in',
  'sign-in-failed',
  'export',
  'record-changed',
  'record-deleted',
  'record-erased',
  'staff-created',
  'staff-role-changed',
  'staff-disabled',
  'staff-enabled',
  'staff-password-reset',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditEntry {
  id: string;
  at: string;
  action: AuditAction;
  /** Who did it: a staff account (null for a failed sign-in with an unknown e-mail, or the CLI). */
  actorId: string | null;
  /** Their e-mail, the e-mail typed at a failed sign-in, or 'cli'. */
  actorEmail: string;
  /** What it was done to: a record kind or 'staff', and its id when there is one. */
  subjectKind: string | null;
  subjectId: string | null;
  details: Record<string, unknown>;
}

export interface AuditQuery {
  action?: AuditAction;
  actor?: string;
  subjectKind?: string;
  subjectId?: string;
  from?: string;
  to?: string;
  cursor?: string;
  limit?: number;
}

export interface AuditPage {
  data: AuditEntry[];
  nextCursor: string | null;
}
