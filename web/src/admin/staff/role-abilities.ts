import type { Role } from '@sourcing/shared';

/** What each role may do, as Settings says it (docs/admin.md#staff-and-roles). */
export const ROLE_ABILITIES: Record<Role, string> = {
  viewer: 'Reads everything: the dashboard, the lists, every record and its files, and CSV exports.',
  agent: 'Reads everything and works records: status, owner, notes, links between matches and replies by e-mail.',
  owner:
    "Works records as an agent does, manages staff accounts, the block list and retention, browses the audit trail, retries failed mails, erases records, looks up, exports and erases a person's data, and sees the state of the backups.",
};
