import { splitAddress } from '@sourcing/shared';
import type {
  AdminListName,
  AdminListRecords,
  AttachmentFile,
  ContactMessageRecord,
  InquiryRecord,
  SubscriberRecord,
  SupplierInquiryRecord,
} from '@sourcing/shared';

/** What one cell shows; the list, card and detail views render these the same way. */
export type Cell =
  | { kind: 'text'; text: string }
  /** Text whose line breaks are kept (messages). */
  | { kind: 'multiline'; text: string }
  /** An ISO time, shown in the viewer's locale. */
  | { kind: 'date'; iso: string }
  /** Attachment links ('View', or 'View 1', 'View 2', ...) with the file names, a dash when there are none. */
  | { kind: 'files'; links: { label: string; file: AttachmentFile }[] };

export interface Column<R> {
  header: string;
  cell(record: R): Cell;
}

export interface ListDefinition<N extends AdminListName = AdminListName> {
  name: N;
  /** Route segment under /admin. */
  route: string;
  navLabel: string;
  title: string;
  loadingText: string;
  emptyText: string;
  errorText(message: string): string;
  /** What names a record: the card heading, the detail title and the link to the detail. */
  primary(record: AdminListRecords[N]): string;
  /** SPEC's columns after S.No, in order. */
  columns: Column<AdminListRecords[N]>[];
  searchHint: string;
  exportFileName: string;
}

export const DASH = '-';
export const SERIAL_HEADER = 'S.No';

const text =
  <R>(pick: (record: R) => string | null | undefined) =>
  (record: R): Cell => ({ kind: 'text', text: pick(record) ?? '' });

const field = <R>(header: string, pick: (record: R) => string | null | undefined): Column<R> => ({
  header,
  cell: text(pick),
});

const joined = <R>(header: string, pick: (record: R) => string[] | string | null | undefined): Column<R> => ({
  header,
  cell: text((record) => {
    const value = pick(record);
    return Array.isArray(value) ? value.join(', ') : value;
  }),
});

const date = <R>(header: string, pick: (record: R) => string): Column<R> => ({
  header,
  cell: (record) => ({ kind: 'date', iso: pick(record) }),
});

/** 'View' for a single file column, 'View 1', 'View 2', ... for a multi-file one. */
const files = <R>(header: string, numbered: boolean, pick: (record: R) => AttachmentFile[]): Column<R> => ({
  header,
  cell: (record) => ({
    kind: 'files',
    links: (pick(record) ?? []).map((file, i) => ({ label: numbered ? `View ${i + 1}` : 'View', file })),
  }),
});

/** The submitter's columns, the same first six in both inquiry lists (the address follows in each). */
const PERSON_COLUMNS: Column<
  Pick<InquiryRecord & SupplierInquiryRecord, 'fullName' | 'companyName' | 'designation' | 'gstNumber' | 'phoneNumber' | 'email'>
>[] = [
  field('Full Name', (r) => r.fullName),
  field('Company Name', (r) => r.companyName),
  field('Designation', (r) => r.designation),
  field('GST Number', (r) => r.gstNumber),
  field('Phone Number', (r) => r.phoneNumber),
  field('Email', (r) => r.email),
];

const TIMESTAMP_COLUMNS: Column<{ createdAt: string; updatedAt: string }>[] = [
  date('Created At', (r) => r.createdAt),
  date('Updated At', (r) => r.updatedAt),
];

const errorWithPrefix = (message: string) => `Error: ${message}`;

export const INQUIRIES: ListDefinition<'inquiries'> = {
  name: 'inquiries',
  route: 'inquiries',
  navLabel: 'Inquiries',
  title: 'All Inquiries',
  loadingText: 'Loading inquiries...',
  emptyText: 'No inquiries found.',
  errorText: errorWithPrefix,
  primary: (r) => r.fullName,
  searchHint: 'Search by name, company, email or commodity',
  exportFileName: 'inquiries',
  columns: [
    ...PERSON_COLUMNS,
    // The buyer types one address text (stored as both address and addressCountry): the street
    // part and the country it ends with are shown once each.
    field<InquiryRecord>('Address', (r) => splitAddress(r.address).address),
    field('Country', (r) => splitAddress(r.address).country),
    field('User Type', (r) => r.userType),
    joined('Commodities', (r) => r.commodities),
    field('Other Commodity', (r) => r.otherCommodity),
    field('Quantity', (r) => r.quantity),
    field('Unit', (r) => r.unit),
    field('Purity', (r) => r.purity),
    field('Technical Specs', (r) => r.technicalSpecs),
    field('Packaging Type', (r) => r.packagingType),
    field('Packaging Size', (r) => r.packagingSize),
    field('Special Packaging', (r) => r.specialPackaging),
    field('Destination Country', (r) => r.destinationCountry),
    field('Destination Port', (r) => r.destinationPort),
    field('Dispatch Mode', (r) => r.dispatchMode),
    field('Custom Dispatch Mode', (r) => r.customDispatchMode),
    field('Delivery Timeline', (r) => r.deliveryTimeline),
    field('Certifications', (r) => r.certifications),
    field('Regulatory Compliance', (r) => r.regulatoryCompliance),
    field('Payment Terms', (r) => r.paymentTerms),
    field('Comments', (r) => r.comments),
    files('Attachment', false, (r) => r.attachmentFiles),
    ...TIMESTAMP_COLUMNS,
  ],
};

export const SUPPLIER_INQUIRIES: ListDefinition<'supplierInquiries'> = {
  name: 'supplierInquiries',
  route: 'supplier-inquiries',
  navLabel: 'Supplier Inquiries',
  title: 'Supplier Product Submissions',
  loadingText: 'Loading supplier submissions...',
  emptyText: 'No supplier inquiries found.',
  errorText: errorWithPrefix,
  primary: (r) => r.fullName,
  searchHint: 'Search by name, company, email or product',
  exportFileName: 'supplier-inquiries',
  columns: [
    ...PERSON_COLUMNS,
    field<SupplierInquiryRecord>('Address', (r) => r.address),
    field('Product Name', (r) => r.productName),
    field('Product Category', (r) => r.productCategory),
    field('Product Description', (r) => r.productDescription),
    field('Supply Capacity', (r) => r.supplyCapacity),
    field('Unit', (r) => r.unit),
    field('Min Order Quantity', (r) => r.minOrderQuantity),
    field('Price Per Unit', (r) => r.pricePerUnit),
    field('Currency', (r) => r.currency),
    field('Lead Time', (r) => r.leadTime),
    field('Incoterm', (r) => r.incoterm),
    field('Origin Country', (r) => r.originCountry),
    field('Port Of Loading', (r) => r.portOfLoading),
    field('Export Capability', (r) => r.exportCapability),
    field('Export Markets', (r) => r.exportMarkets),
    joined('Certifications', (r) => r.certifications),
    field('Product Specs', (r) => r.productSpecs),
    field('Packaging Details', (r) => r.packagingDetails),
    field('Private Labeling', (r) => r.privateLabeling),
    field('Payment Terms', (r) => r.paymentTerms),
    field('Additional Comments', (r) => r.additionalComments),
    files('Attachments', true, (r) => r.attachmentFiles),
    ...TIMESTAMP_COLUMNS,
  ],
};

export const CONTACTS: ListDefinition<'contacts'> = {
  name: 'contacts',
  route: 'contact-queries',
  navLabel: 'Contact Queries',
  title: 'Contact Queries',
  loadingText: 'Loading contact queries...',
  emptyText: 'No contact messages found.',
  errorText: errorWithPrefix,
  primary: (r) => r.name,
  searchHint: 'Search by name, email or message',
  exportFileName: 'contact-queries',
  columns: [
    field<ContactMessageRecord>('Name', (r) => r.name),
    field('Email', (r) => r.email),
    { header: 'Message', cell: (r) => ({ kind: 'multiline', text: r.message }) },
    date('Received At', (r) => r.createdAt),
  ],
};

export const SUBSCRIBERS: ListDefinition<'subscribers'> = {
  name: 'subscribers',
  route: 'subscribers',
  navLabel: 'Subscribers',
  title: 'Subscribers List',
  loadingText: 'Loading subscribers...',
  emptyText: 'No subscribers found.',
  errorText: (message) => message,
  primary: (r) => r.email,
  searchHint: 'Search by email',
  exportFileName: 'subscribers',
  columns: [field<SubscriberRecord>('Email', (r) => r.email), date('Subscribed At', (r) => r.createdAt)],
};

/** The four lists in sidebar order. */
export const LIST_DEFINITIONS = [INQUIRIES, SUPPLIER_INQUIRIES, CONTACTS, SUBSCRIBERS] as const;

export function listDefinition<N extends AdminListName>(name: N): ListDefinition<N> {
  return LIST_DEFINITIONS.find((d) => d.name === name) as unknown as ListDefinition<N>;
}

/** An ISO time in the viewer's locale (or the given one). */
export function formatDateTime(iso: string, locale?: string): string {
  const time = new Date(iso);
  return Number.isNaN(time.getTime()) ? iso : time.toLocaleString(locale);
}

/** A cell with nothing to show: empty text, or no files. */
export function isEmptyCell(cell: Cell): boolean {
  if (cell.kind === 'files') return cell.links.length === 0;
  return cell.kind !== 'date' && cell.text.trim() === '';
}
