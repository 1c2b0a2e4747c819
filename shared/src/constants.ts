/** Business constants (docs/forms.md, docs/admin.md#recent-activities), shared by the forms, the API and the admin. */

export const UNITS = ['MT', 'KG', 'Litre', 'Pieces'] as const;
export type Unit = (typeof UNITS)[number];
/** Placeholder shown by the commodity form's unit select before a unit is chosen. */
export const UNIT_PLACEHOLDER = 'Select Unit';

export const CURRENCIES = ['USD', 'EUR', 'INR', 'AED'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const SUPPLIER_INCOTERMS = ['FOB', 'CIF', 'CNF', 'EXW', 'DAP'] as const;
export type SupplierIncoterm = (typeof SUPPLIER_INCOTERMS)[number];

export const DISPATCH_MODES = ['FOB', 'CIF', 'CNF', 'DAP', 'EXW', 'Others'] as const;
export type DispatchMode = (typeof DISPATCH_MODES)[number];

/** Stored/sent values of the buyer's 'Are you:' radio, with the labels the form shows. */
export const USER_TYPES = [
  { value: 'End User', label: 'End User' },
  { value: 'Trader', label: 'Trader / Agent' },
  { value: 'Procurement', label: 'Procurement Firm' },
] as const;
export type UserType = (typeof USER_TYPES)[number]['value'];

export const SUPPLIER_CERTIFICATIONS = ['ISO 9001', 'SGS', 'CE', 'RoHS', 'Others'] as const;

export const YES_NO = ['Yes', 'No'] as const;
export type YesNo = (typeof YES_NO)[number];

/** The buyer form's commodity checklist, in the order of docs/forms.md#inquiry-sections-and-fields. */
export const COMMODITY_OPTIONS = [
  'Copper Cathode',
  'Copper Concentrate',
  'Coal',
  'Cooking Coal',
  'Petroleum Coke',
  'Bauxite',
  'Iron ore (Fe 62+)',
  'Zinc Ingots',
  'Aluminium Ingots',
  'Alumina',
  'Silica',
  'Food Grade Gypsum',
  'Gems',
  'Olive Oil',
  'Others',
] as const;
export type CommodityOption = (typeof COMMODITY_OPTIONS)[number];

export const OTHERS = 'Others';

/** Upload limits, enforced by the API and shown beside the file inputs. */
export const UPLOAD_LIMITS = {
  maxFileBytes: 10 * 1024 * 1024,
  maxSupplierFiles: 10,
  maxInquiryFiles: 1,
} as const;

/** What uploads may be, checked by content on the server. Extensions are for the file picker. */
export const ALLOWED_UPLOAD_TYPES = [
  { mime: 'application/pdf', extensions: ['.pdf'], label: 'PDF' },
  { mime: 'image/png', extensions: ['.png'], label: 'PNG' },
  { mime: 'image/jpeg', extensions: ['.jpg', '.jpeg'], label: 'JPEG' },
  { mime: 'image/webp', extensions: ['.webp'], label: 'WebP' },
  { mime: 'image/gif', extensions: ['.gif'], label: 'GIF' },
  { mime: 'application/msword', extensions: ['.doc'], label: 'DOC' },
  {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extensions: ['.docx'],
    label: 'DOCX',
  },
  { mime: 'application/vnd.ms-excel', extensions: ['.xls'], label: 'XLS' },
  {
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extensions: ['.xlsx'],
    label: 'XLSX',
  },
  { mime: 'text/csv', extensions: ['.csv'], label: 'CSV' },
  { mime: 'text/plain', extensions: ['.txt'], label: 'TXT' },
] as const;

/** Value for an <input type="file" accept="..."> built from the allowed types. */
export const UPLOAD_ACCEPT = ALLOWED_UPLOAD_TYPES.flatMap((t) => [...t.extensions]).join(',');

/** Human summary of the file limits, e.g. for the hint beside a file input. */
export function describeUploadLimits(maxFiles: number): string {
  const types = ALLOWED_UPLOAD_TYPES.map((t) => t.label).join(', ');
  const mb = UPLOAD_LIMITS.maxFileBytes / (1024 * 1024);
  return maxFiles > 1 ? `${types}; up to ${maxFiles} files, ${mb} MB each` : `${types}; one file up to ${mb} MB`;
}

/** Maximum lengths of text fields, so no field can carry a novel. */
export const MAX_LENGTH = {
  short: 200,
  medium: 1000,
  long: 5000,
  email: 254,
} as const;

export const ADMIN_LIST_LIMIT = { default: 50, max: 500 } as const;
export const RECENT_ACTIVITY_LIMIT = 6;
export const STATS_PERIODS = ['week', 'month', 'year'] as const;
export type StatsPeriod = (typeof STATS_PERIODS)[number];
