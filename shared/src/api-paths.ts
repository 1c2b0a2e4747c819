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
  adminStats: '/admin/stats',
  adminOutbox: '/admin/outbox',
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
} as const;

/** The four admin lists: their read path (list, `/:id` detail, `/export.csv`) and realtime event. */
export const ADMIN_LISTS = {
  inquiries: { path: API_PATHS.inquiries, event: 'inquiryUpdated' },
  supplierInquiries: { path: API_PATHS.supplierInquiries, event: 'supplierInquiryUpdated' },
  contacts: { path: API_PATHS.contact, event: 'contactUpdated' },
  subscribers: { path: API_PATHS.subscribers, event: 'subscriberUpdated' },
} as const;
export type AdminListName = keyof typeof ADMIN_LISTS;
export const CSV_EXPORT_SUFFIX = '/export.csv';
