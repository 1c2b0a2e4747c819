/** The API contract: the JSON shapes the paths of api-paths.ts answer. */
import type { StatsPeriod } from './constants';
import type { AdminListName } from './api-paths';
import type { RecordOf } from './records/record-definition';
import type { FollowUpFilter, ListFilters, SnoozedFilter } from './records/record-filters';
import type { RECORD_DEFINITIONS } from './records';
import type { Role } from './staff/roles';

/** Error body of every 4xx/5xx answer. */
export interface ApiErrorBody {
  error: string;
  fields?: Record<string, string>;
}

/** Success body of the public POSTs; `reference` identifies the stored record for the visitor. */
export interface SubmitResponse {
  message: string;
  reference?: string;
}

export interface AdminProfile {
  id: string;
  email: string;
  role: Role;
  /** Display name, or the e-mail for an account without one. */
  name: string;
}

export interface SessionResponse {
  admin: AdminProfile;
  accessToken: string;
}

/** The record each admin list answers. */
export type AdminListRecords = { [N in AdminListName]: RecordOf<(typeof RECORD_DEFINITIONS)[N]> };

/** Query of every admin list (and its CSV export). `since` (ISO time) counts rows newer than it. */
export interface ListQuery {
  limit?: number;
  cursor?: string;
  q?: string;
  since?: string;
  /** `newest` (the default), `oldest`, a column's key or `-key` (sortParam in records/list-columns.ts). */
  sort?: string;
  /** Only records of this status (a desk list); absent: every status but Spam. */
  status?: string;
  /** The list's filters (docs/admin.md#filters), sent as parameters of their own. */
  filters?: ListFilters;
  /** A worked list without it leaves out the records snoozed until later (docs/api.md#follow-ups-and-snooze). */
  snoozed?: SnoozedFilter;
  /** A worked list's follow-ups due today (in the server's TIME_ZONE) or overdue. */
  followUp?: FollowUpFilter;
}

/** Query of a list's CSV export: the list's own, and the columns it shows (comma-separated keys; absent: all). */
export interface ExportQuery extends Omit<ListQuery, 'limit' | 'cursor'> {
  columns?: string;
}

export interface ListPage<T> {
  data: T[];
  total: number;
  nextCursor: string | null;
  /** A desk list's records per status, under the same search and filters (trigger-kept when there are none): its tabs. */
  statusCounts?: Record<string, number>;
  /** Ids of this page's records the signed-in admin has not opened (Spam is never unread). */
  unreadIds?: string[];
  /** Ids of this page's records whose customer replied by e-mail and nobody has read it yet ("Customer replied"). */
  repliedIds?: string[];
}

/** The signed-in admin's unread records per list (Spam excluded): the sidebar badges and the app badge. */
export type UnreadCounts = Record<AdminListName, number>;

/** What the app badge and the tab title show: every list's unread records together. */
export const unreadTotal = (counts: UnreadCounts): number => Object.values(counts).reduce((sum, n) => sum + n, 0);

export type ActivityKind = 'inquiry' | 'contact' | 'subscriber';

export interface RecentActivity {
  id: string;
  kind: ActivityKind;
  /** fullName for an inquiry, name for a contact, email for a subscriber. */
  name: string;
  createdAt: string;
}

export const ACTIVITY_TEXT: Record<ActivityKind, string> = {
  inquiry: 'submitted a new inquiry',
  contact: 'sent a contact message',
  subscriber: 'joined the newsletter',
};

export interface DashboardStats {
  totals: {
    subscribers: number;
    inquiries: number;
    supplierInquiries: number;
    contacts: number;
  };
  trend: {
    period: StatsPeriod;
    /** 'Sun'..'Sat', '1'..'31' or 'Jan'..'Dec'. */
    labels: string[];
    counts: number[];
  };
  recent: RecentActivity[];
}

/**
 * Why a mail was written: 'staff-digest' stands for the staff alerts of a burst of submissions
 * (docs/mail.md#the-mails); 'invitation' is a colleague's invitation (docs/sessions.md#invitations);
 * 'assignment' tells a staff member someone else gave them records (docs/admin.md#assignment);
 * 'follow-up-digest' lists a staff member's follow-ups of the day (docs/api.md#follow-ups-and-snooze).
 */
export type MailPurpose =
  | 'confirmation'
  | 'staff-alert'
  | 'staff-digest'
  | 'reply'
  | 'newsletter-confirmation'
  | 'invitation'
  | 'assignment'
  | 'follow-up-digest';

/**
 * Why a mail to a visitor was not sent (docs/mail.md#addresses): the record's address is not one
 * address, it is on the block list, or it already got its share of mails (per 10 minutes, per day).
 */
export type MailWithheldReason = 'invalid-address' | 'blocked' | 'recipient-limit';

/** A mail of the outbox as the admin's Outbox page lists it (docs/mail.md#outbox). */
export interface OutboxMailSummary {
  id: string;
  purpose: MailPurpose;
  recordKind: string | null;
  recordId: string | null;
  recipients: string[];
  subject: string;
  /**
   * The plain text that was (or will be) sent, on a record's mails (`?recordId=`): staff read there
   * what the sender got. Null on the Outbox page, and for a mail queued before texts were kept.
   */
  text: string | null;
  /**
   * pending (waiting or retrying), sent (SMTP accepted it), filed (written as .eml: no SMTP_URL),
   * failed (gave up), withheld (never sent: a recipient is not one address or is blocked; lastError says which).
   */
  state: 'pending' | 'sent' | 'filed' | 'failed' | 'withheld';
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string;
  createdAt: string;
  deliveredAt: string | null;
}

export interface OutboxPage {
  data: OutboxMailSummary[];
}
