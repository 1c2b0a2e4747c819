/** The API contract: paths (under API_PREFIX) and the JSON shapes they answer. */
import type { StatsPeriod } from './constants';

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
  subscribers: '/subscribers',
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
}

export interface SessionResponse {
  admin: AdminProfile;
  accessToken: string;
}

/** A stored upload as the admin sees it: `url` is signed and short-lived, usable in a new tab. */
export interface AttachmentFile {
  storedName: string;
  originalName: string;
  mimeType: string;
  size: number;
  url: string;
}

export interface ContactMessageRecord {
  _id: string;
  name: string;
  email: string;
  message: string;
  createdAt: string;
}

export interface SubscriberRecord {
  _id: string;
  email: string;
  createdAt: string;
}

export interface InquiryRecord {
  _id: string;
  fullName: string;
  companyName: string;
  designation: string;
  gstNumber: string;
  phoneNumber: string;
  email: string;
  address: string;
  addressCountry: string;
  userType: string;
  commodities: string[];
  otherCommodity: string;
  quantity: string;
  unit: string;
  purity: string;
  technicalSpecs: string;
  packagingType: string;
  packagingSize: string;
  specialPackaging: string;
  destinationCountry: string;
  destinationPort: string;
  dispatchMode: string;
  customDispatchMode: string;
  deliveryTimeline: string;
  certifications: string;
  regulatoryCompliance: string;
  paymentTerms: string;
  comments: string;
  /** Stored file name, or null. */
  attachment: string | null;
  attachmentFiles: AttachmentFile[];
  createdAt: string;
  updatedAt: string;
}

export interface SupplierInquiryRecord {
  _id: string;
  fullName: string;
  companyName: string;
  designation: string;
  gstNumber: string;
  phoneNumber: string;
  email: string;
  address: string;
  productName: string;
  productCategory: string;
  productDescription: string;
  supplyCapacity: string;
  unit: string;
  minOrderQuantity: string;
  pricePerUnit: string;
  currency: string;
  leadTime: string;
  incoterm: string;
  originCountry: string;
  portOfLoading: string;
  exportCapability: string;
  exportMarkets: string;
  certifications: string[];
  productSpecs: string;
  packagingDetails: string;
  privateLabeling: string;
  paymentTerms: string;
  additionalComments: string;
  /** Stored file names. */
  attachments: string[];
  attachmentFiles: AttachmentFile[];
  createdAt: string;
  updatedAt: string;
}

export interface AdminListRecords {
  inquiries: InquiryRecord;
  supplierInquiries: SupplierInquiryRecord;
  contacts: ContactMessageRecord;
  subscribers: SubscriberRecord;
}

/** Query of every admin list (and its CSV export). `since` (ISO time) counts rows newer than it. */
export interface ListQuery {
  limit?: number;
  cursor?: string;
  q?: string;
  since?: string;
  sort?: 'newest' | 'oldest';
}

export interface ListPage<T> {
  data: T[];
  total: number;
  nextCursor: string | null;
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
