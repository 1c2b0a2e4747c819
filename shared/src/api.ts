/** The API contract: the JSON shapes the paths of api-paths.ts answer. */
import type { StatsPeriod } from './constants';
import type { AdminListName } from './api-paths';
import type { RecordOf } from './records/record-definition';
import type { ListFilters } from './records/record-filters';
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
  sort?: 'newest' | 'oldest';
  /** Only records of this status (a desk list); absent: every status but Spam. */
  status?: string;
  /** The list's filters (docs/admin.md#filters), sent as parameters of their own. */
  filters?: ListFilters;
}

export interface ListPage<T> {
  data: T[];
  total: number;
  nextCursor: string | null;
  /** A desk list's records per status, under the same search and filters (trigger-kept when there are none): its tabs. */
  statusCounts?: Record<string, number>;
}

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
