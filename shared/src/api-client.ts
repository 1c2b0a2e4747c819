/** The typed API client used by the public site, the admin UI and the desktop app. */
import {
  ADMIN_LISTS,
  API_PATHS,
  API_PREFIX,
  BULK_SUFFIX,
  ERASE_SUFFIX,
  EXPORT_LINK_SUFFIX,
  LINKS_SUFFIX,
  MATCHES_SUFFIX,
  NOTES_SUFFIX,
  READ_ALL_SUFFIX,
  PERSON_ERASE_SUFFIX,
  PERSON_EXPORT_LINK_SUFFIX,
  READ_SUFFIX,
  TIMELINE_SUFFIX,
  type AdminListName,
} from './api-paths';
import type {
  AdminListRecords,
  ApiErrorBody,
  DashboardStats,
  ExportQuery,
  ListPage,
  ListQuery,
  OutboxMailSummary,
  OutboxPage,
  SessionResponse,
  SubmitResponse,
  UnreadCounts,
} from './api';
import type { AssignmentRule, AssignmentRuleInput } from './assignment';
import type { BackupStatus } from './backups';
import type { CannedReply, CannedReplyInput } from './canned-replies';
import type { StatsPeriod } from './constants';
import {
  CONVERSATION_SUFFIX,
  inboundMailPath,
  REPLY_FILES_FIELD,
  type AttachInboundRequest,
  type Conversation,
  type StaffReply,
  type UnmatchedMailPage,
} from './conversation';
import type { Assignee, BulkChangeRequest, BulkChangeResult, DeskListName, RecordChangeRequest, TimelineEntry } from './desk';
import { FOLLOW_UP_SUFFIX, SNOOZE_SUFFIX, type FollowUpRequest, type SnoozeRequest } from './follow-ups';
import type { MatchedListName, MatchedRecord, MatchesResponse } from './matching';
import type { ResponseTargetSettings } from './response-targets';
import { FORM_PROOF_HEADER, HONEYPOT_FIELD, type FormProof } from './form-guard';
import type { ContactMessageInput } from './records';
import type { ColumnChoices, CreateViewRequest, SavedView, UpdateViewInput } from './views';
import type { ReportName, Reports, ReportsQuery } from './reports';
import type { BlockListPage, BulkErased, PersonErased, PersonLookup, PrivacySettings, PrivacySettingsInput } from './privacy';
import type {
  AcceptInvitationInput,
  AccountProfile,
  ActiveSession,
  AuditPage,
  AuditQuery,
  ChangePasswordInput,
  Invitation,
  InvitationPreview,
  InviteInput,
  PasskeySummary,
  RecoveryCodes,
  SecondStep,
  StaffAccount,
  StaffPasswordResponse,
  TwoFactorSetup,
  UpdateProfileInput,
  UpdateStaffInput,
} from './staff';

export const NETWORK_ERROR = 'Network Error';

/**
 * What each call says when the server answers without a message of its own (an empty 500, a
 * proxy's HTML page): the error catalogue's fallbacks, never the HTTP status text.
 */
export const FAILURE_MESSAGES = {
  login: 'Login failed',
  refresh: 'Session expired',
  logout: 'Logout failed',
  subscribe: 'Subscription failed',
  sendContactMessage: 'Failed to send message',
  submitInquiry: 'Failed to submit inquiry',
  submitSupplierOffer: 'Failed to submit product',
  list: {
    inquiries: 'Failed to fetch inquiries',
    supplierInquiries: 'Failed to fetch supplier inquiries',
    contacts: 'Failed to fetch contacts',
    subscribers: 'Failed to fetch subscribers',
  },
  exportCsv: 'Export failed',
  stats: 'Failed to load the dashboard',
  reports: 'Failed to load the reports',
  reportCsv: 'The report could not be downloaded',
  staff: 'Failed to load the staff accounts',
  saveStaff: 'Failed to save the staff account',
  audit: 'Failed to load the audit trail',
  erase: 'Failed to erase the record',
  change: 'The change could not be saved',
  timeline: 'Failed to load the timeline',
  note: 'The note could not be saved',
  followUp: 'The follow-up could not be saved',
  snooze: 'The snooze could not be saved',
  assignees: 'Failed to load the staff list',
  outbox: 'Failed to load the outbox',
  backups: 'Failed to load the backups',
  retryMail: 'Retry failed',
  reply: 'Reply failed',
  cannedReplies: 'Failed to load the canned replies',
  saveCannedReply: 'The canned reply could not be saved',
  removeCannedReply: 'The canned reply could not be removed',
  matches: 'Failed to load the matches',
  link: 'The link could not be saved',
  unread: 'Failed to load the unread counts',
  views: 'Failed to load the saved views',
  saveView: 'The view could not be saved',
  columns: 'The column choice could not be saved',
  secondStep: 'Verification failed',
  passkey: 'Passkey sign-in failed',
  invitation: 'Failed to open the invitation',
  acceptInvitation: 'Failed to create the account',
  invitations: 'Failed to load the invitations',
  saveInvitation: 'Failed to save the invitation',
  account: 'Failed to load your account',
  saveAccount: 'Failed to save your account',
  sessions: 'Failed to load your sessions',
  blockList: 'Failed to load the block list',
  block: 'The block list could not be changed',
  person: 'Failed to look the person up',
  exportPerson: 'Export failed',
  erasePerson: 'Failed to erase the person',
  bulkErase: 'Failed to erase the records',
  privacySettings: 'Failed to load the privacy settings',
  savePrivacySettings: 'The settings could not be saved',
  assignmentRules: 'Failed to load the assignment rules',
  saveAssignmentRule: 'The assignment rule could not be saved',
  responseTargets: 'Failed to load the response targets',
  saveResponseTargets: 'The response targets could not be saved',
  conversation: 'Failed to load the conversation',
  markConversationSeen: 'The replies could not be marked read',
  unmatchedMails: 'Failed to load the unmatched mail',
  attachInboundMail: 'The mail could not be attached',
  discardInboundMail: 'The mail could not be discarded',
  inboundEml: 'The mail could not be downloaded',
  inboundHtml: 'Failed to show the formatted mail',
} as const satisfies Record<string, string | Record<AdminListName, string>>;

/**
 * The WebAuthn options the server makes (PublicKeyCredentialRequestOptionsJSON and
 * PublicKeyCredentialCreationOptionsJSON of @simplewebauthn): handed to the browser as they are.
 */
export type PasskeyRequestOptions = { challenge: string } & Record<string, unknown>;
export type PasskeyCreationOptions = { challenge: string; rp: { id?: string; name: string } } & Record<string, unknown>;

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fields: Record<string, string> = {},
    /** The whole error body (a 409 conflict carries the record as it is now in `current`). */
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiClientOptions {
  /** API origin ('' for same origin). Paths get API_PREFIX added. */
  baseUrl: string | (() => string);
  /** Current access token, sent as a bearer header when present. */
  getAccessToken?: () => string | null;
  /** Called when an authenticated call answers 401 (docs/api.md#the-typed-client: logout). A 403 is a role's limit: the session goes on. */
  onUnauthorized?: () => void;
  fetch?: typeof fetch;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A list's query as parameters: its filters beside the others. */
const listParams = ({ filters, ...query }: ListQuery) => queryString({ ...filters, ...query });

export function queryString(query: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A reply with new files as multipart: its fields (the lists as `cc[]` and `attachments[]`), then the files. */
function replyForm(reply: StaffReply, files: readonly Blob[]): FormData {
  const form = new FormData();
  form.append('message', String(reply.message));
  if (typeof reply.subject === 'string') form.append('subject', reply.subject);
  for (const address of reply.cc ?? []) form.append('cc[]', String(address));
  for (const storedName of reply.attachments ?? []) form.append('attachments[]', storedName);
  for (const file of files) form.append(REPLY_FILES_FIELD, file, file instanceof File ? file.name : 'file');
  return form;
}

export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const base = () => (typeof options.baseUrl === 'function' ? options.baseUrl() : options.baseUrl);
  const url = (path: string) => `${base()}${API_PREFIX}${path}`;

  /** `failure` is the message when the server gives none. */
  async function send(
    method: Method,
    path: string,
    failure: string,
    init: { json?: unknown; form?: FormData; authenticated?: boolean; proof?: FormProof } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (init.proof) headers[FORM_PROOF_HEADER] = init.proof.payload;
    const token = options.getAccessToken?.();
    if (token) headers.Authorization = `Bearer ${token}`;
    // A FormData body is sent as multipart/form-data: fetch writes its Content-Type with the boundary.
    let body: string | FormData | undefined = init.form;
    if (init.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    let response: Response;
    try {
      response = await doFetch(url(path), { method, headers, body, credentials: 'include' });
    } catch {
      throw new ApiError(NETWORK_ERROR, 0);
    }
    if (!response.ok) {
      const parsed = (await response.json().catch(() => null)) as ApiErrorBody | null;
      if (init.authenticated && response.status === 401) options.onUnauthorized?.();
      throw new ApiError(parsed?.error || failure, response.status, parsed?.fields ?? {}, parsed);
    }
    return response;
  }

  async function json<T>(method: Method, path: string, failure: string, init?: Parameters<typeof send>[3]): Promise<T> {
    const response = await send(method, path, failure, init);
    try {
      return (await response.json()) as T;
    } catch {
      // A success status without the JSON the API sends: something else answered.
      throw new ApiError(failure, response.status);
    }
  }

  return {
    url,
    /** A session, or the second step the sign-in still needs (docs/sessions.md#two-factor-sign-in). */
    login: (email: string, password: string) =>
      json<SessionResponse | SecondStep>('POST', API_PATHS.adminLogin, FAILURE_MESSAGES.login, { json: { email, password } }),
    /** The second step with a TOTP or recovery code. */
    loginCode: (ticket: string, code: string) =>
      json<SessionResponse>('POST', API_PATHS.adminLoginCode, FAILURE_MESSAGES.secondStep, { json: { ticket, code } }),
    /** An authenticator to set up before the sign-in ends (REQUIRE_2FA), then its first code. */
    loginSetup: (ticket: string) =>
      json<TwoFactorSetup>('POST', API_PATHS.adminLoginSetup, FAILURE_MESSAGES.secondStep, { json: { ticket } }),
    loginSetupConfirm: (ticket: string, code: string) =>
      json<SessionResponse & RecoveryCodes>('POST', API_PATHS.adminLoginSetupConfirm, FAILURE_MESSAGES.secondStep, {
        json: { ticket, code },
      }),
    /** Passkey sign-in: the options for navigator.credentials.get, then its answer. */
    passkeyOptions: () => json<PasskeyRequestOptions>('POST', API_PATHS.adminPasskeyOptions, FAILURE_MESSAGES.passkey),
    passkeyLogin: (response: unknown) =>
      json<SessionResponse>('POST', API_PATHS.adminPasskeyLogin, FAILURE_MESSAGES.passkey, { json: { response } }),
    invitation: (token: string) =>
      json<InvitationPreview>('POST', API_PATHS.adminInvitationPreview, FAILURE_MESSAGES.invitation, { json: { token } }),
    acceptInvitation: (input: AcceptInvitationInput) =>
      json<SessionResponse | SecondStep>('POST', API_PATHS.adminInvitationAccept, FAILURE_MESSAGES.acceptInvitation, {
        json: input,
      }),
    refresh: () => json<SessionResponse>('POST', API_PATHS.adminRefresh, FAILURE_MESSAGES.refresh),
    logout: () => json<{ message: string }>('POST', API_PATHS.adminLogout, FAILURE_MESSAGES.logout),
    subscribe: (email: string, proof: FormProof) =>
      json<SubmitResponse>('POST', API_PATHS.subscribers, FAILURE_MESSAGES.subscribe, {
        json: { email, [HONEYPOT_FIELD]: proof.honeypot },
        proof,
      }),
    sendContactMessage: (input: ContactMessageInput, proof: FormProof) =>
      json<SubmitResponse>('POST', API_PATHS.contact, FAILURE_MESSAGES.sendContactMessage, {
        json: { ...input, [HONEYPOT_FIELD]: proof.honeypot },
        proof,
      }),
    list: <N extends AdminListName>(name: N, query: ListQuery = {}) =>
      json<ListPage<AdminListRecords[N]>>('GET', `${ADMIN_LISTS[name].path}${listParams(query)}`, FAILURE_MESSAGES.list[name], {
        authenticated: true,
      }),
    detail: <N extends AdminListName>(name: N, id: string) =>
      json<AdminListRecords[N]>('GET', `${ADMIN_LISTS[name].path}/${encodeURIComponent(id)}`, FAILURE_MESSAGES.list[name], {
        authenticated: true,
      }),
    /** The export of the list with this query, on a short-lived signed link to download directly (BOM and all). */
    exportLink: (name: AdminListName, query: ExportQuery = {}) =>
      json<{ url: string }>(
        'GET',
        `${ADMIN_LISTS[name].path}${EXPORT_LINK_SUFFIX}${listParams(query)}`,
        FAILURE_MESSAGES.exportCsv,
        {
          authenticated: true,
        },
      ),
    changeRecord: <N extends DeskListName>(name: N, id: string, change: RecordChangeRequest) =>
      json<AdminListRecords[N]>('PATCH', `${ADMIN_LISTS[name].path}/${encodeURIComponent(id)}`, FAILURE_MESSAGES.change, {
        json: change,
        authenticated: true,
      }),
    bulkChange: <N extends DeskListName>(name: N, change: BulkChangeRequest) =>
      json<BulkChangeResult<AdminListRecords[N]>>('POST', `${ADMIN_LISTS[name].path}${BULK_SUFFIX}`, FAILURE_MESSAGES.change, {
        json: change,
        authenticated: true,
      }),
    timeline: (name: DeskListName, id: string) =>
      json<TimelineEntry[]>(
        'GET',
        `${ADMIN_LISTS[name].path}/${encodeURIComponent(id)}${TIMELINE_SUFFIX}`,
        FAILURE_MESSAGES.timeline,
        {
          authenticated: true,
        },
      ),
    addNote: (name: DeskListName, id: string, text: string) =>
      json<TimelineEntry>('POST', `${ADMIN_LISTS[name].path}/${encodeURIComponent(id)}${NOTES_SUFFIX}`, FAILURE_MESSAGES.note, {
        json: { text },
        authenticated: true,
      }),
    /** Sets (or moves) a worked record's follow-up; answers the record (docs/api.md#follow-ups-and-snooze). */
    setFollowUp: <N extends DeskListName>(name: N, id: string, followUp: FollowUpRequest) =>
      json<AdminListRecords[N]>(
        'PUT',
        `${ADMIN_LISTS[name].path}/${encodeURIComponent(id)}${FOLLOW_UP_SUFFIX}`,
        FAILURE_MESSAGES.followUp,
        { json: followUp, authenticated: true },
      ),
    clearFollowUp: <N extends DeskListName>(name: N, id: string) =>
      json<AdminListRecords[N]>(
        'DELETE',
        `${ADMIN_LISTS[name].path}/${encodeURIComponent(id)}${FOLLOW_UP_SUFFIX}`,
        FAILURE_MESSAGES.followUp,
        { authenticated: true },
      ),
    /** Keeps a worked record out of the working lists until `until` (or the customer's reply); answers the record. */
    snooze: <N extends DeskListName>(name: N, id: string, until: SnoozeRequest['until']) =>
      json<AdminListRecords[N]>(
        'PUT',
        `${ADMIN_LISTS[name].path}/${encodeURIComponent(id)}${SNOOZE_SUFFIX}`,
        FAILURE_MESSAGES.snooze,
        {
          json: { until },
          authenticated: true,
        },
      ),
    endSnooze: <N extends DeskListName>(name: N, id: string) =>
      json<AdminListRecords[N]>(
        'DELETE',
        `${ADMIN_LISTS[name].path}/${encodeURIComponent(id)}${SNOOZE_SUFFIX}`,
        FAILURE_MESSAGES.snooze,
        {
          authenticated: true,
        },
      ),
    /** A matched record's links and matches (docs/admin.md#matching). */
    matches: (name: MatchedListName, id: string) =>
      json<MatchesResponse>(
        'GET',
        `${ADMIN_LISTS[name].path}/${encodeURIComponent(id)}${MATCHES_SUFFIX}`,
        FAILURE_MESSAGES.matches,
        {
          authenticated: true,
        },
      ),
    /** Links a record to one of the other matched list (an inquiry to an offer, or the reverse). */
    link: (name: MatchedListName, id: string, otherId: string) =>
      json<MatchedRecord>('POST', `${ADMIN_LISTS[name].path}/${encodeURIComponent(id)}${LINKS_SUFFIX}`, FAILURE_MESSAGES.link, {
        json: { id: otherId },
        authenticated: true,
      }),
    unlink: (name: MatchedListName, id: string, otherId: string) =>
      json<{ message: string }>(
        'DELETE',
        `${ADMIN_LISTS[name].path}/${encodeURIComponent(id)}${LINKS_SUFFIX}/${encodeURIComponent(otherId)}`,
        FAILURE_MESSAGES.link,
        { authenticated: true },
      ),
    /** The signed-in admin's views of a list and those the team shares (docs/api.md#saved-views). */
    views: (list: AdminListName) =>
      json<SavedView[]>('GET', `${API_PATHS.adminViews}${queryString({ list })}`, FAILURE_MESSAGES.views, {
        authenticated: true,
      }),
    createView: (view: CreateViewRequest) =>
      json<SavedView>('POST', API_PATHS.adminViews, FAILURE_MESSAGES.saveView, { json: view, authenticated: true }),
    updateView: (id: string, change: UpdateViewInput) =>
      json<SavedView>('PATCH', `${API_PATHS.adminViews}/${encodeURIComponent(id)}`, FAILURE_MESSAGES.saveView, {
        json: change,
        authenticated: true,
      }),
    deleteView: async (id: string): Promise<void> => {
      await send('DELETE', `${API_PATHS.adminViews}/${encodeURIComponent(id)}`, FAILURE_MESSAGES.saveView, {
        authenticated: true,
      });
    },
    /** The signed-in admin's hidden columns per list. */
    columnChoices: () =>
      json<ColumnChoices>('GET', API_PATHS.adminColumnChoices, FAILURE_MESSAGES.views, { authenticated: true }),
    setColumnChoice: (list: AdminListName, hiddenColumns: string[]) =>
      json<ColumnChoices>('PUT', `${API_PATHS.adminColumnChoices}/${list}`, FAILURE_MESSAGES.columns, {
        json: { hiddenColumns },
        authenticated: true,
      }),
    unreadCounts: () => json<UnreadCounts>('GET', API_PATHS.adminUnread, FAILURE_MESSAGES.unread, { authenticated: true }),
    /** Marks a record read for the signed-in admin; answers their unread counts after it. */
    markRead: (name: AdminListName, id: string) =>
      json<UnreadCounts>('POST', `${ADMIN_LISTS[name].path}/${encodeURIComponent(id)}${READ_SUFFIX}`, FAILURE_MESSAGES.unread, {
        authenticated: true,
      }),
    /** Marks every record of a list read for the signed-in admin; answers their unread counts after it. */
    markAllRead: (name: AdminListName) =>
      json<UnreadCounts>('POST', `${ADMIN_LISTS[name].path}${READ_ALL_SUFFIX}`, FAILURE_MESSAGES.unread, { authenticated: true }),
    assignees: () => json<Assignee[]>('GET', API_PATHS.adminAssignees, FAILURE_MESSAGES.assignees, { authenticated: true }),
    stats: (period: StatsPeriod) =>
      json<DashboardStats>('GET', `${API_PATHS.adminStats}${queryString({ period })}`, FAILURE_MESSAGES.stats, {
        authenticated: true,
      }),
    /** Every report of the Reports page for a period and owner (docs/api.md#reports). */
    reports: (query: ReportsQuery) =>
      json<Reports>('GET', `${API_PATHS.adminReports}${queryString(query)}`, FAILURE_MESSAGES.reports, { authenticated: true }),
    /** One report's table as a CSV file. */
    reportCsv: async (report: ReportName, query: ReportsQuery) =>
      (
        await send('GET', `${API_PATHS.adminReports}/${report}.csv${queryString(query)}`, FAILURE_MESSAGES.reportCsv, {
          authenticated: true,
        })
      ).blob(),
    /** Erases a record and its files (owners). */
    erase: (name: AdminListName, id: string) =>
      json<{ message: string }>('DELETE', `${ADMIN_LISTS[name].path}/${encodeURIComponent(id)}`, FAILURE_MESSAGES.erase, {
        authenticated: true,
      }),
    staff: () => json<StaffAccount[]>('GET', API_PATHS.adminStaff, FAILURE_MESSAGES.staff, { authenticated: true }),
    updateStaff: (id: string, input: UpdateStaffInput) =>
      json<StaffAccount>('PATCH', `${API_PATHS.adminStaff}/${encodeURIComponent(id)}`, FAILURE_MESSAGES.saveStaff, {
        json: input,
        authenticated: true,
      }),
    resetStaffPassword: (id: string) =>
      json<StaffPasswordResponse>(
        'POST',
        `${API_PATHS.adminStaff}/${encodeURIComponent(id)}/reset-password`,
        FAILURE_MESSAGES.saveStaff,
        {
          authenticated: true,
        },
      ),
    resetStaffTwoFactor: (id: string) =>
      json<StaffAccount>(
        'POST',
        `${API_PATHS.adminStaff}/${encodeURIComponent(id)}/reset-two-factor`,
        FAILURE_MESSAGES.saveStaff,
        {
          authenticated: true,
        },
      ),
    invitations: () =>
      json<Invitation[]>('GET', API_PATHS.adminInvitations, FAILURE_MESSAGES.invitations, { authenticated: true }),
    invite: (input: InviteInput) =>
      json<Invitation>('POST', API_PATHS.adminInvitations, FAILURE_MESSAGES.saveInvitation, { json: input, authenticated: true }),
    resendInvitation: (id: string) =>
      json<Invitation>(
        'POST',
        `${API_PATHS.adminInvitations}/${encodeURIComponent(id)}/resend`,
        FAILURE_MESSAGES.saveInvitation,
        {
          authenticated: true,
        },
      ),
    withdrawInvitation: (id: string) =>
      json<{ message: string }>(
        'DELETE',
        `${API_PATHS.adminInvitations}/${encodeURIComponent(id)}`,
        FAILURE_MESSAGES.saveInvitation,
        {
          authenticated: true,
        },
      ),
    account: () => json<AccountProfile>('GET', API_PATHS.adminAccount, FAILURE_MESSAGES.account, { authenticated: true }),
    updateProfile: (input: UpdateProfileInput) =>
      json<AccountProfile>('PATCH', API_PATHS.adminAccount, FAILURE_MESSAGES.saveAccount, { json: input, authenticated: true }),
    changePassword: (input: ChangePasswordInput) =>
      json<{ message: string }>('POST', `${API_PATHS.adminAccount}/password`, FAILURE_MESSAGES.saveAccount, {
        json: input,
        authenticated: true,
      }),
    startTwoFactor: () =>
      json<TwoFactorSetup>('POST', `${API_PATHS.adminAccount}/two-factor/setup`, FAILURE_MESSAGES.saveAccount, {
        authenticated: true,
      }),
    confirmTwoFactor: (code: string) =>
      json<RecoveryCodes>('POST', `${API_PATHS.adminAccount}/two-factor/confirm`, FAILURE_MESSAGES.saveAccount, {
        json: { code },
        authenticated: true,
      }),
    disableTwoFactor: (currentPassword: string) =>
      json<{ message: string }>('POST', `${API_PATHS.adminAccount}/two-factor/disable`, FAILURE_MESSAGES.saveAccount, {
        json: { currentPassword },
        authenticated: true,
      }),
    renewRecoveryCodes: (currentPassword: string) =>
      json<RecoveryCodes>('POST', `${API_PATHS.adminAccount}/two-factor/recovery-codes`, FAILURE_MESSAGES.saveAccount, {
        json: { currentPassword },
        authenticated: true,
      }),
    passkeyRegistrationOptions: () =>
      json<PasskeyCreationOptions>('POST', `${API_PATHS.adminAccount}/passkeys/options`, FAILURE_MESSAGES.saveAccount, {
        authenticated: true,
      }),
    addPasskey: (name: string, response: unknown) =>
      json<PasskeySummary>('POST', `${API_PATHS.adminAccount}/passkeys`, FAILURE_MESSAGES.saveAccount, {
        json: { name, response },
        authenticated: true,
      }),
    removePasskey: (id: string) =>
      json<{ message: string }>(
        'DELETE',
        `${API_PATHS.adminAccount}/passkeys/${encodeURIComponent(id)}`,
        FAILURE_MESSAGES.saveAccount,
        {
          authenticated: true,
        },
      ),
    sessions: () =>
      json<ActiveSession[]>('GET', `${API_PATHS.adminAccount}/sessions`, FAILURE_MESSAGES.sessions, { authenticated: true }),
    signOutSession: (id: string) =>
      json<{ message: string }>(
        'DELETE',
        `${API_PATHS.adminAccount}/sessions/${encodeURIComponent(id)}`,
        FAILURE_MESSAGES.sessions,
        {
          authenticated: true,
        },
      ),
    signOutEverywhere: () =>
      json<{ message: string }>('POST', `${API_PATHS.adminAccount}/sessions/sign-out-everywhere`, FAILURE_MESSAGES.sessions, {
        authenticated: true,
      }),
    audit: (query: AuditQuery = {}) =>
      json<AuditPage>('GET', `${API_PATHS.adminAudit}${queryString(query)}`, FAILURE_MESSAGES.audit, { authenticated: true }),
    /** The backups' state, last runs and archives (owners). */
    backups: () => json<BackupStatus>('GET', API_PATHS.adminBackups, FAILURE_MESSAGES.backups, { authenticated: true }),
    outbox: (query: { recordId?: string } = {}) =>
      json<OutboxPage>('GET', `${API_PATHS.adminOutbox}${queryString(query)}`, FAILURE_MESSAGES.outbox, { authenticated: true }),
    /**
     * Answers a record's sender (docs/admin.md#outbox): the words, and optionally a subject, copies,
     * the record's files and new files from the staff member's computer (then as multipart).
     */
    reply: (name: AdminListName, id: string, reply: StaffReply, newFiles: readonly Blob[] = []) =>
      json<{ message: string }>('POST', `${ADMIN_LISTS[name].path}/${encodeURIComponent(id)}/reply`, FAILURE_MESSAGES.reply, {
        authenticated: true,
        ...(newFiles.length ? { form: replyForm(reply, newFiles) } : { json: reply }),
      }),
    /** The texts staff insert in a reply, by title (docs/admin.md#canned-replies). */
    cannedReplies: () =>
      json<CannedReply[]>('GET', API_PATHS.adminCannedReplies, FAILURE_MESSAGES.cannedReplies, { authenticated: true }),
    /** Adds a canned reply, or changes the one with this id (owners). */
    saveCannedReply: (input: CannedReplyInput, id?: string) =>
      json<CannedReply>(
        id === undefined ? 'POST' : 'PUT',
        id === undefined ? API_PATHS.adminCannedReplies : `${API_PATHS.adminCannedReplies}/${encodeURIComponent(id)}`,
        FAILURE_MESSAGES.saveCannedReply,
        { json: input, authenticated: true },
      ),
    removeCannedReply: (id: string) =>
      json<{ message: string }>(
        'DELETE',
        `${API_PATHS.adminCannedReplies}/${encodeURIComponent(id)}`,
        FAILURE_MESSAGES.removeCannedReply,
        { authenticated: true },
      ),
    /** Erases several records of a list (owners). */
    bulkErase: (name: AdminListName, ids: string[]) =>
      json<BulkErased>('POST', `${ADMIN_LISTS[name].path}${ERASE_SUFFIX}`, FAILURE_MESSAGES.bulkErase, {
        json: { ids },
        authenticated: true,
      }),
    blockList: () => json<BlockListPage>('GET', API_PATHS.adminBlockList, FAILURE_MESSAGES.blockList, { authenticated: true }),
    /** Puts addresses or domains on the block list; answers those that were not on it yet. */
    block: (values: string[]) =>
      json<BlockListPage>('POST', API_PATHS.adminBlockList, FAILURE_MESSAGES.block, { json: { values }, authenticated: true }),
    unblock: (value: string) =>
      json<{ message: string }>('DELETE', `${API_PATHS.adminBlockList}/${encodeURIComponent(value)}`, FAILURE_MESSAGES.block, {
        authenticated: true,
      }),
    /** Every record naming an address (docs/admin.md#a-persons-data). */
    person: (email: string) =>
      json<PersonLookup>('GET', `${API_PATHS.adminPeople}${queryString({ email })}`, FAILURE_MESSAGES.person, {
        authenticated: true,
      }),
    /** A short-lived signed link to the ZIP of a person's data. */
    personExportLink: (email: string) =>
      json<{ url: string }>(
        'GET',
        `${API_PATHS.adminPeople}${PERSON_EXPORT_LINK_SUFFIX}${queryString({ email })}`,
        FAILURE_MESSAGES.exportPerson,
        { authenticated: true },
      ),
    erasePerson: (email: string) =>
      json<PersonErased>('POST', `${API_PATHS.adminPeople}${PERSON_ERASE_SUFFIX}`, FAILURE_MESSAGES.erasePerson, {
        json: { email },
        authenticated: true,
      }),
    privacySettings: () =>
      json<PrivacySettings>('GET', API_PATHS.adminPrivacySettings, FAILURE_MESSAGES.privacySettings, { authenticated: true }),
    savePrivacySettings: (input: PrivacySettingsInput) =>
      json<PrivacySettings>('PATCH', API_PATHS.adminPrivacySettings, FAILURE_MESSAGES.savePrivacySettings, {
        json: input,
        authenticated: true,
      }),
    /** How each worked list's new records get an owner (docs/admin.md#automatic-assignment). */
    assignmentRules: () =>
      json<AssignmentRule[]>('GET', API_PATHS.adminAssignmentRules, FAILURE_MESSAGES.assignmentRules, { authenticated: true }),
    saveAssignmentRule: (list: DeskListName, rule: AssignmentRuleInput) =>
      json<AssignmentRule>('PUT', `${API_PATHS.adminAssignmentRules}/${list}`, FAILURE_MESSAGES.saveAssignmentRule, {
        json: rule,
        authenticated: true,
      }),
    /** The response targets and their calendar (docs/admin.md#response-targets). */
    responseTargets: () =>
      json<ResponseTargetSettings>('GET', API_PATHS.adminResponseTargets, FAILURE_MESSAGES.responseTargets, {
        authenticated: true,
      }),
    saveResponseTargets: (settings: ResponseTargetSettings) =>
      json<ResponseTargetSettings>('PUT', API_PATHS.adminResponseTargets, FAILURE_MESSAGES.saveResponseTargets, {
        json: settings,
        authenticated: true,
      }),
    retryMail: (id: string) =>
      json<OutboxMailSummary>('POST', `${API_PATHS.adminOutbox}/${encodeURIComponent(id)}/retry`, FAILURE_MESSAGES.retryMail, {
        authenticated: true,
      }),
    /** Every mail of a record, sent and received, oldest first (docs/admin.md#conversation). */
    conversation: (name: AdminListName, id: string) =>
      json<Conversation>(
        'GET',
        `${ADMIN_LISTS[name].path}/${encodeURIComponent(id)}${CONVERSATION_SUFFIX}`,
        FAILURE_MESSAGES.conversation,
        { authenticated: true },
      ),
    /** The customer's answers are read: by the record's owner, or by anyone when it has none (else nothing changes). */
    markConversationSeen: (name: AdminListName, id: string) =>
      json<{ seen: number }>(
        'POST',
        `${ADMIN_LISTS[name].path}/${encodeURIComponent(id)}${CONVERSATION_SUFFIX}/seen`,
        FAILURE_MESSAGES.markConversationSeen,
        { authenticated: true },
      ),
    /** The mails no record claimed, newest first (docs/admin.md#unmatched-mail). */
    unmatchedMails: () =>
      json<UnmatchedMailPage>('GET', inboundMailPath(), FAILURE_MESSAGES.unmatchedMails, { authenticated: true }),
    /** Moves an unmatched mail into the conversation of the record with that reference. */
    attachInboundMail: (id: string, reference: string) =>
      json<{ message: string }>('POST', `${inboundMailPath(id)}/attach`, FAILURE_MESSAGES.attachInboundMail, {
        json: { reference } satisfies AttachInboundRequest,
        authenticated: true,
      }),
    discardInboundMail: (id: string) =>
      json<{ message: string }>('POST', `${inboundMailPath(id)}/discard`, FAILURE_MESSAGES.discardInboundMail, {
        authenticated: true,
      }),
    /** A short-lived signed link to a received mail as it came (`.eml`). */
    inboundEmlLink: (id: string) =>
      json<{ url: string }>('GET', `${inboundMailPath()}/eml-link${queryString({ mail: id })}`, FAILURE_MESSAGES.inboundEml, {
        authenticated: true,
      }),
    /** A short-lived signed link to a received mail's HTML as a page of its own, with or without its remote images. */
    inboundHtmlLink: (id: string, remoteImages: boolean) =>
      json<{ url: string }>(
        'GET',
        `${inboundMailPath()}/html-link${queryString({ mail: id, images: remoteImages ? '1' : '0' })}`,
        FAILURE_MESSAGES.inboundHtml,
        { authenticated: true },
      ),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
