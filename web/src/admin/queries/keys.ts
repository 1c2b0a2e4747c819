import type { QueryKey } from '@tanstack/react-query';
import type { AdminListName, AuditQuery, ReportsQuery, StatsPeriod } from '@sourcing/shared';
import type { ListRequest } from '../lists/list-pages';

/** What the audit trail is read with, besides its pages. */
export type AuditFilter = Omit<AuditQuery, 'limit' | 'cursor'>;

/**
 * Every key of the admin's server-state cache, in one place: what realtime events and changes
 * invalidate (docs/admin.md#live-updates). A key that starts another's is its prefix: invalidating
 * `list(name)` re-reads every search of that list.
 */
export const queryKeys = {
  list: (name: AdminListName) => ['list', name] as const,
  /** One search of a list, its cursor pages. */
  listPages: (name: AdminListName, request: ListRequest) => ['list', name, request] as const,
  /**
   * The total of a list's follow-up view (its link's count): a search of one row, under the list's
   * prefix so it re-reads with the list, and kept apart from the list's own search of that view.
   */
  viewTotal: (name: AdminListName, request: ListRequest) => ['list', name, 'total', request] as const,
  record: (list: AdminListName, id: string) => ['record', list, id] as const,
  timeline: (list: AdminListName, id: string) => ['timeline', list, id] as const,
  matches: (list: AdminListName, id: string) => ['matches', list, id] as const,
  /** A record's mails both ways (docs/admin.md#conversation). */
  conversation: (list: AdminListName, id: string) => ['conversation', list, id] as const,
  /** The mails no record claimed (docs/admin.md#unmatched-mail). */
  unmatchedMails: ['unmatchedMails'] as const,
  allMatches: ['matches'] as const,
  stats: (period: StatsPeriod) => ['stats', period] as const,
  allStats: ['stats'] as const,
  /** The Reports page's figures: under the stats prefix, so whatever re-reads the dashboard's figures re-reads them too. */
  reports: (query: ReportsQuery) => ['stats', 'reports', query] as const,
  /** The outbox's newest mails, of one record or (null) of all. */
  outbox: (recordId: string | null) => ['outbox', recordId] as const,
  allOutbox: ['outbox'] as const,
  /** A signed link to a received mail's HTML page (docs/mail.md#reading-answers), with or without remote images. */
  formattedMail: (id: string, remoteImages: boolean) => ['formattedMail', id, remoteImages] as const,
  staff: ['staff'] as const,
  assignees: ['assignees'] as const,
  invitations: ['invitations'] as const,
  /** The signed-in admin's own account and sessions (docs/admin.md#account-page). */
  account: ['account'] as const,
  sessions: ['sessions'] as const,
  audit: (filter: AuditFilter) => ['audit', filter] as const,
  /** The signed-in admin's hidden columns per list (docs/admin.md#column-chooser). */
  columnChoices: ['columnChoices'] as const,
  /** The saved views of a list the signed-in admin sees (docs/admin.md#saved-views). */
  views: (list: AdminListName) => ['views', list] as const,
  blockList: ['blockList'] as const,
  privacySettings: ['privacySettings'] as const,
  assignmentRules: ['assignmentRules'] as const,
  responseTargets: ['responseTargets'] as const,
  /** The texts staff insert in a reply (docs/admin.md#canned-replies). */
  cannedReplies: ['cannedReplies'] as const,
  /** The records naming an address (the person look-up). */
  person: (email: string) => ['person', email] as const,
  allPeople: ['person'] as const,
  backups: ['backups'] as const,
};

/** The first parts of the keys of a record's own views: its detail, timeline, matches and conversation. */
const RECORD_VIEWS: readonly unknown[] = ['record', 'timeline', 'matches', 'conversation'];

/** Whether `key` is one of the views (detail, timeline, matches, conversation) of one of these records of `list`. */
export const isViewOfRecords = (key: QueryKey, list: AdminListName, ids: ReadonlySet<string>): boolean =>
  RECORD_VIEWS.includes(key[0]) && key[1] === list && typeof key[2] === 'string' && ids.has(key[2]);
