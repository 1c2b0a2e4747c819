/** The audit trail owners browse (docs/admin.md): append-only, newest first. */

/**
 * What was done (docs/admin.md#audit-trail), each written by the route that does it. A new staff
 * action adds its own here; the Audit page offers each as a filter.
 */
export const AUDIT_ACTIONS = [
  'sign-in',
  'sign-in-failed',
  'export',
  /** A record's status and/or owner (one entry per record of a bulk change). */
  'record-changed',
  'record-note-added',
  /** A follow-up set or cleared, a record snoozed or its snooze ended by staff (docs/api.md#follow-ups-and-snooze). */
  'record-follow-up-set',
  'record-follow-up-cleared',
  'record-snoozed',
  'record-snooze-ended',
  'record-linked',
  'record-unlinked',
  /** An e-mail reply from a record, queued in the outbox. */
  'record-replied',
  'record-erased',
  /** Addresses or domains put on the block list, or one taken off it (docs/admin.md#block-list). */
  'senders-blocked',
  'sender-unblocked',
  /** A person's data downloaded, or every record of their address erased (kinds and ids only). */
  'person-exported',
  'person-erased',
  /** The daily retention job erased records not updated for RETENTION_MONTHS (kinds and ids only). */
  'retention-erased',
  'privacy-settings-changed',
  /** A mail that found no record attached to one by staff, or discarded (docs/mail.md#unmatched-mail). */
  'inbound-mail-attached',
  'inbound-mail-discarded',
  /** A canned reply added, changed or removed by an owner (docs/admin.md#canned-replies). */
  'canned-reply-changed',
  /** A failed mail queued again from the Outbox page. */
  'mail-retried',
  'staff-created',
  'staff-role-changed',
  'staff-disabled',
  'staff-enabled',
  /** Marked available or away for the automatic assignment, by an owner or by themselves. */
  'staff-availability-changed',
  /** An owner changed how a list's new records are assigned (docs/admin.md#automatic-assignment). */
  'assignment-rule-changed',
  /** An owner changed the response targets or their calendar (docs/admin.md#response-targets). */
  'response-targets-changed',
  /** The automatic assignment gave a record an owner (its actor: 'automatic assignment'). */
  'record-assigned-automatically',
  'staff-password-reset',
  /** An owner removed a colleague's authenticator and recovery codes. */
  'staff-two-factor-reset',
  'staff-invited',
  'staff-invitation-resent',
  'staff-invitation-withdrawn',
  /** A colleague accepted an invitation: the account was created (its actor is the new account). */
  'staff-invitation-accepted',
  /** Changes to one's own account (docs/admin.md#account-page). */
  'account-profile-changed',
  'account-password-changed',
  'two-factor-enabled',
  'two-factor-disabled',
  'recovery-codes-renewed',
  'passkey-added',
  'passkey-removed',
  /** One of one's sessions signed out from the account page, or all of them. */
  'session-signed-out',
  'sessions-signed-out-everywhere',
  /** A backup written (by the schedule or the admin command), one that failed, and a backup restored (docs/operations.md#backups). */
  'backup-taken',
  'backup-failed',
  'backup-restored',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditEntry {
  id: string;
  at: string;
  action: AuditAction;
  /** Who did it: a staff account (null for a failed sign-in with an unknown e-mail, or the CLI). */
  actorId: string | null;
  /** Their e-mail, the e-mail typed at a failed sign-in, 'cli', or 'backup schedule'. */
  actorEmail: string;
  /** The staff account's display name now (its e-mail when it has none); actorEmail for the CLI, the backup schedule or an unknown e-mail. */
  actorName: string;
  /** What it was done to: a record kind, 'staff', 'mail' or 'backup', and its id when there is one. */
  subjectKind: string | null;
  subjectId: string | null;
  /**
   * For a change (to a record, a mail or an account), `summary`: what changed in a few words, never
   * a record's personal data ('status New → Quoted'). For a request, the client `address`. Each
   * action's other keys are in docs/admin.md#audit-trail.
   */
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
