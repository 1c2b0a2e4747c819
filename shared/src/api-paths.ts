/** Where the API answers (under API_PREFIX): a leaf module, so every other shared module may use it. */

export const API_PREFIX = '/api';

/** The admin session endpoints live under this path, the only one the refresh cookie is sent to. */
export const ADMIN_SESSION_PATH = '/admin';

export const API_PATHS = {
  health: '/health',
  ready: '/ready',
  adminLogin: `${ADMIN_SESSION_PATH}/login`,
  adminRefresh: `${ADMIN_SESSION_PATH}/refresh`,
  adminLogout: `${ADMIN_SESSION_PATH}/logout`,
  /** The second step of a sign-in: a TOTP or recovery code, or setting up an authenticator first (docs/sessions.md#two-factor-sign-in). */
  adminLoginCode: `${ADMIN_SESSION_PATH}/login/code`,
  adminLoginSetup: `${ADMIN_SESSION_PATH}/login/setup`,
  adminLoginSetupConfirm: `${ADMIN_SESSION_PATH}/login/setup/confirm`,
  /** Passkey sign-in: the challenge, then the signed answer (docs/sessions.md#passkeys). */
  adminPasskeyOptions: `${ADMIN_SESSION_PATH}/passkey/options`,
  adminPasskeyLogin: `${ADMIN_SESSION_PATH}/passkey/login`,
  /** An invitation link opened (preview) and accepted (docs/sessions.md#invitations). */
  adminInvitationPreview: `${ADMIN_SESSION_PATH}/invitation`,
  adminInvitationAccept: `${ADMIN_SESSION_PATH}/invitation/accept`,
  /** The signed-in staff member's own account: profile, password, two-factor, passkeys, sessions. */
  adminAccount: '/admin/account',
  /** Owners' invitations of new staff. */
  adminInvitations: '/admin/invitations',
  adminStats: '/admin/stats',
  /** The Reports page's figures, and each report's CSV at `/admin/reports/<report>.csv` (docs/api.md#reports). */
  adminReports: '/admin/reports',
  adminStaff: '/admin/staff',
  adminAssignmentRules: '/admin/assignment-rules',
  /** The response targets and their business-hours calendar (docs/admin.md#response-targets). */
  adminResponseTargets: '/admin/response-targets',
  adminAudit: '/admin/audit',
  adminAssignees: '/admin/assignees',
  adminOutbox: '/admin/outbox',
  /** Mails that came in and found no record (docs/mail.md#unmatched-mail); attach, discard, `.eml`. */
  adminInbound: '/admin/inbound',
  /** Texts owners keep for staff replies, with placeholders (docs/admin.md#canned-replies). */
  adminCannedReplies: '/admin/canned-replies',
  /** Addresses and domains that get no mail and whose submissions are spam (owners). */
  adminBlockList: '/admin/block-list',
  /** A person's records by e-mail address: look-up, export (ZIP) and erasure (owners). */
  adminPeople: '/admin/people',
  /** Owners' privacy settings: the statuses retention keeps. */
  adminPrivacySettings: '/admin/privacy-settings',
  /** The backups' state, last runs and archives (owners; docs/operations.md#backups). */
  adminBackups: '/admin/backups',
  /** This admin's unread records per list (docs/admin.md#read-state). */
  adminUnread: '/admin/unread',
  /** This admin's saved views and the team's shared ones (docs/api.md#saved-views). */
  adminViews: '/admin/views',
  /** This admin's column choices per list (docs/api.md#saved-views). */
  adminColumnChoices: '/admin/column-choices',
  subscribers: '/subscribers',
  newsletterConfirm: '/newsletter/confirm',
  newsletterUnsubscribe: '/newsletter/unsubscribe',
  contact: '/contact',
  inquiry: '/inquiry',
  inquiries: '/inquiry/inquiries',
  supplier: '/supplier',
  supplierInquiries: '/supplier/supplierInquires',
  uploads: '/uploads',
  ws: '/ws',
  /** A proof-of-work challenge for the public forms (ALTCHA). */
  formChallenge: '/challenge',
} as const;

/** The four admin lists: their read path (list, `/:id` detail, `/export.csv`), realtime event and export file name. */
export const ADMIN_LISTS = {
  inquiries: { path: API_PATHS.inquiries, event: 'inquiryUpdated', exportFileName: 'inquiries' },
  supplierInquiries: { path: API_PATHS.supplierInquiries, event: 'supplierInquiryUpdated', exportFileName: 'supplier-inquiries' },
  contacts: { path: API_PATHS.contact, event: 'contactUpdated', exportFileName: 'contact-queries' },
  subscribers: { path: API_PATHS.subscribers, event: 'subscriberUpdated', exportFileName: 'subscribers' },
} as const;

/** 'inquiries-2026-11-22.csv', or 'inquiries-copper-2026-11-22.csv' for a search. */
export function csvFileName(list: AdminListName, q: string, today: Date): string {
  const search = q
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  const day = today.toISOString().slice(0, 10);
  return `${[ADMIN_LISTS[list].exportFileName, search, day].filter(Boolean).join('-')}.csv`;
}
export type AdminListName = keyof typeof ADMIN_LISTS;
export const CSV_EXPORT_SUFFIX = '/export.csv';
/** Answers `{ url }`: the export with the same query, on a short-lived signed link needing no header. */
export const EXPORT_LINK_SUFFIX = '/export-link';
/** Under a list's path: one record's timeline and notes, and the bulk change of a desk list. */
export const TIMELINE_SUFFIX = '/timeline';
export const NOTES_SUFFIX = '/notes';
export const BULK_SUFFIX = '/bulk';
/** Under a matched list's record: its matches, and its links to records of the other list (docs/admin.md#matching). */
export const MATCHES_SUFFIX = '/matches';
export const LINKS_SUFFIX = '/links';
/** Under a list's path: this admin opened a record (`/:id/read`), or marks the whole list read (`/read-all`). */
export const READ_SUFFIX = '/read';
export const READ_ALL_SUFFIX = '/read-all';
/** Under a list's path: several records erased at once (owners). */
export const ERASE_SUFFIX = '/erase';
/** Under the people path: the signed link to a person's ZIP, the ZIP itself, and the erasure. */
export const PERSON_EXPORT_LINK_SUFFIX = '/export-link';
export const PERSON_EXPORT_SUFFIX = '/export.zip';
export const PERSON_ERASE_SUFFIX = '/erase';
