import {
  fieldsShownIn,
  OWNER_COLUMN,
  RECORD_DEFINITIONS,
  STATUS_COLUMN,
  statusesOf,
  type AdminListName,
  type DeskListName,
  type AdminListRecords,
  type AttachmentFile,
  type FieldDefinition,
} from '@sourcing/shared';

/** What one cell shows; the list, card and detail views render these the same way. */
export type Cell =
  | { kind: 'text'; text: string }
  /** Text whose line breaks are kept (messages). */
  | { kind: 'multiline'; text: string }
  /** An ISO time, shown in the viewer's locale. */
  | { kind: 'date'; iso: string }
  /** Attachment links ('View', or 'View 1', 'View 2', ...) with the file names, a dash when there are none. */
  | { kind: 'files'; links: { label: string; file: AttachmentFile }[] }
  /** A worked record's status, changed right there (the row action). */
  | { kind: 'status'; list: DeskListName; id: string; title: string; status: string; version: number }
  /** A worked record's owner: shown by e-mail, nobody shows as empty. */
  | { kind: 'owner'; ownerId: string | null };

export interface Column<R> {
  /** Its list column's key (list-columns.ts in shared): what the export, the sort and saved choices name it by. */
  key: string;
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
  /** What the records are called when an empty result says what was searched ('No buyer inquiries match …'). */
  noun: string;
  errorText(message: string): string;
  /** What names a record: the card heading, the detail title and the link to the detail. */
  primary(record: AdminListRecords[N]): string;
  /** The columns after S.No, in order; `details` the fields of the detail view. */
  columns: Column<AdminListRecords[N]>[];
  details: Column<AdminListRecords[N]>[];
  searchHint: string;
  /** The sales desk's statuses (tabs, row action, bulk change), null for a list staff do not work on. */
  statuses: readonly string[] | null;
}

export const DASH = '-';
export const SERIAL_HEADER = 'S.No';

/** What a field of a record shows: its kind decides (docs/admin.md#lists). */
function cellOf(field: FieldDefinition): Column<Record<string, unknown>>['cell'] {
  switch (field.kind) {
    case 'files':
      // 'View' for a single file, 'View 1', 'View 2', ... for several.
      return (record) => ({
        kind: 'files',
        links: ((record.attachmentFiles as AttachmentFile[] | undefined) ?? []).map((file, i) => ({
          label: field.maxFiles === 1 ? 'View' : `View ${i + 1}`,
          file,
        })),
      });
    case 'date':
      return (record) => ({ kind: 'date', iso: String(record[field.key]) });
    case 'list':
      return (record) => ({ kind: 'text', text: ((record[field.key] as string[] | undefined) ?? []).join(', ') });
    case 'longText':
      return (record) => ({ kind: 'multiline', text: shownText(field, record) });
    default:
      return (record) => ({ kind: 'text', text: shownText(field, record) });
  }
}

/** A text field as the admin shows it (see FieldDefinition.display). */
const shownText = (field: FieldDefinition, record: Record<string, unknown>) => {
  const value = record[field.key];
  const text = typeof value === 'string' ? value : '';
  return field.display ? field.display(text) : text;
};

/** The columns (or detail fields) of a record kind, in its definition's order. */
const columnsOf = <N extends AdminListName>(name: N, place: 'list' | 'detail'): Column<AdminListRecords[N]>[] =>
  fieldsShownIn(RECORD_DEFINITIONS[name], place).map((field) => ({ key: field.key, header: field.label, cell: cellOf(field) }));

/** What names a record: its definition's title field. */
const titleOf =
  <N extends AdminListName>(name: N) =>
  (record: AdminListRecords[N]): string =>
    String((record as unknown as Record<string, string>)[RECORD_DEFINITIONS[name].title] ?? '');

const errorWithPrefix = (message: string) => `Error: ${message}`;

type ListTexts<N extends AdminListName> = Omit<ListDefinition<N>, 'name' | 'primary' | 'columns' | 'details' | 'statuses'>;

export const STATUS_HEADER = 'Status';
export const OWNER_HEADER = 'Owner';

/** A worked list's last two columns: the status (changed in place) and the owner. */
function deskColumnsOf<N extends AdminListName>(name: N): Column<AdminListRecords[N]>[] {
  if (!statusesOf(name)) return [];
  const title = titleOf(name);
  type Worked = { _id: string; status: string; ownerId: string | null; version: number };
  return [
    {
      key: STATUS_COLUMN,
      header: STATUS_HEADER,
      cell: (record) => {
        const { _id, status, version } = record as unknown as Worked;
        return { kind: 'status', list: name as DeskListName, id: _id, title: title(record), status, version };
      },
    },
    {
      key: OWNER_COLUMN,
      header: OWNER_HEADER,
      cell: (record) => ({ kind: 'owner', ownerId: (record as unknown as Worked).ownerId }),
    },
  ];
}

/** A list: its texts, the columns and detail fields its record definition gives, and the desk's when it is worked. */
const defineList = <N extends AdminListName>(name: N, texts: ListTexts<N>): ListDefinition<N> => ({
  name,
  primary: titleOf(name),
  columns: [...columnsOf(name, 'list'), ...deskColumnsOf(name)],
  details: columnsOf(name, 'detail'),
  statuses: statusesOf(name),
  ...texts,
});

export const INQUIRIES: ListDefinition<'inquiries'> = defineList('inquiries', {
  route: 'inquiries',
  navLabel: 'Inquiries',
  title: 'All Inquiries',
  noun: 'buyer inquiries',
  loadingText: 'Loading inquiries...',
  emptyText: 'No inquiries found.',
  errorText: errorWithPrefix,
  searchHint: 'Search every field, or a reference',
});

export const SUPPLIER_INQUIRIES: ListDefinition<'supplierInquiries'> = defineList('supplierInquiries', {
  route: 'supplier-inquiries',
  navLabel: 'Supplier Inquiries',
  title: 'Supplier Product Submissions',
  noun: 'supplier offers',
  loadingText: 'Loading supplier submissions...',
  emptyText: 'No supplier inquiries found.',
  errorText: errorWithPrefix,
  searchHint: 'Search every field, or a reference',
});

export const CONTACTS: ListDefinition<'contacts'> = defineList('contacts', {
  route: 'contact-queries',
  navLabel: 'Contact Queries',
  title: 'Contact Queries',
  noun: 'contact messages',
  loadingText: 'Loading contact queries...',
  emptyText: 'No contact messages found.',
  errorText: errorWithPrefix,
  searchHint: 'Search name, email, message or a reference',
});

export const SUBSCRIBERS: ListDefinition<'subscribers'> = defineList('subscribers', {
  route: 'subscribers',
  navLabel: 'Subscribers',
  title: 'Subscribers List',
  noun: 'subscribers',
  loadingText: 'Loading subscribers...',
  emptyText: 'No subscribers found.',
  errorText: (message) => message,
  searchHint: 'Search by email',
});

/** The four lists in sidebar order. */
export const LIST_DEFINITIONS = [INQUIRIES, SUPPLIER_INQUIRIES, CONTACTS, SUBSCRIBERS] as const;

/** An ISO time in the viewer's locale (or the given one). */
export function formatDateTime(iso: string, locale?: string): string {
  const time = new Date(iso);
  return Number.isNaN(time.getTime()) ? iso : time.toLocaleString(locale);
}

/** A cell with nothing to show: empty text, or no files. */
export function isEmptyCell(cell: Cell): boolean {
  if (cell.kind === 'files') return cell.links.length === 0;
  if (cell.kind === 'status') return false;
  if (cell.kind === 'owner') return cell.ownerId === null;
  return cell.kind !== 'date' && cell.text.trim() === '';
}
