/**
 * The columns of an admin list (docs/admin.md#lists), derived from a kind's definition: the fields
 * it shows, then the desk's status and owner on a worked kind. The admin's table, its column
 * chooser, the saved views, the sort and the CSV export all name columns by these keys.
 */
import { fieldsShownIn, type FieldDefinition, type RecordDefinition } from './record-definition';

/** The desk's columns of a worked list, after the fields. */
export const STATUS_COLUMN = 'status';
export const OWNER_COLUMN = 'owner';

/**
 * How a list sorts by a column (docs/admin.md#sorting):
 * - text: by the value as folded for comparison (case, accents and numbers, text-folding.ts), empty values last;
 * - time: by the time;
 * - value: by the value as stored (a fixed set the server writes, such as a subscriber's status);
 * - status: in the order of the kind's statuses (its tabs);
 * - owner: by the owner's e-mail, records nobody owns last;
 * - due: by a desk time many records have not (a follow-up, a response's due time), records without one last.
 */
export type ColumnSort = 'text' | 'time' | 'value' | 'status' | 'owner' | 'due';

export interface ListColumn {
  /** The field's key, STATUS_COLUMN / OWNER_COLUMN, or a desk time's (DESK_TIME_SORTS). */
  key: string;
  /** The table's header and the CSV's (a desk time's: its name in the admin's `Sort by`). */
  label: string;
  /** The field it shows (null for the desk's columns). */
  field: FieldDefinition | null;
  sort: ColumnSort;
}

function sortOfField(field: FieldDefinition): ColumnSort {
  if (field.kind === 'date') return 'time';
  return field.searched === false ? 'value' : 'text';
}

/** A list's columns in the table's order. */
export function listColumnsOf(definition: RecordDefinition): ListColumn[] {
  const fields = fieldsShownIn(definition, 'list').map((field): ListColumn => ({
    key: field.key,
    label: field.label,
    field,
    sort: sortOfField(field),
  }));
  if (!definition.statuses) return fields;
  return [
    ...fields,
    { key: STATUS_COLUMN, label: 'Status', field: null, sort: 'status' },
    { key: OWNER_COLUMN, label: 'Owner', field: null, sort: 'owner' },
  ];
}

/**
 * The desk's times a worked list sorts by without showing them as columns (docs/admin.md#sorting):
 * when to follow a record up, and by when its first response is due. Each key is the record's own.
 */
export const DESK_TIME_SORTS: readonly ListColumn[] = [
  { key: 'followUpAt', label: 'Follow-up', field: null, sort: 'due' },
  { key: 'responseDueAt', label: 'Response due', field: null, sort: 'due' },
];

/** What a list sorts by: its columns, and on a worked list the desk's times (the one list the API and the admin read). */
export const sortColumnsOf = (definition: RecordDefinition): ListColumn[] => [
  ...listColumnsOf(definition),
  ...(definition.statuses ? DESK_TIME_SORTS : []),
];

/** The fields whose folded sort key is stored beside the record (a `sort_<key>` column), in the definition's order. */
export const sortKeyFields = (definition: RecordDefinition): FieldDefinition[] =>
  listColumnsOf(definition).flatMap((column) => (column.sort === 'text' && column.field ? [column.field] : []));

export type SortDirection = 'asc' | 'desc';

/** A list's order: one column, one direction; ties and a text column's empty values come by arrival. */
export interface ListSort {
  column: string;
  direction: SortDirection;
}

/** The order a list has unless another is chosen: newest first. */
export const DEFAULT_SORT: ListSort = { column: 'createdAt', direction: 'desc' };

/** The `sort` parameter's names of the default order and its reverse (the only values it had before columns sorted). */
const NEWEST = 'newest';
const OLDEST = 'oldest';

/** The direction a column sorts in when first chosen: times newest first, desk times soonest first, everything else from A. */
export const firstDirection = (column: Pick<ListColumn, 'sort'>): SortDirection => (column.sort === 'time' ? 'desc' : 'asc');

/** `sort` as a URL parameter: `newest`, `oldest`, a column's key (ascending) or `-key` (descending). */
export function sortParam(sort: ListSort): string {
  if (sort.column === DEFAULT_SORT.column) return sort.direction === 'desc' ? NEWEST : OLDEST;
  return sort.direction === 'asc' ? sort.column : `-${sort.column}`;
}

/** A `sort` parameter of a list, or null when it names no column of the list. */
export function readSort(definition: RecordDefinition, param: string): ListSort | null {
  if (param === NEWEST) return DEFAULT_SORT;
  if (param === OLDEST) return { column: DEFAULT_SORT.column, direction: 'asc' };
  const direction: SortDirection = param.startsWith('-') ? 'desc' : 'asc';
  const key = direction === 'desc' ? param.slice(1) : param;
  return sortColumnsOf(definition).some((column) => column.key === key) ? { column: key, direction } : null;
}

export const isDefaultSort = (sort: ListSort) => sort.column === DEFAULT_SORT.column && sort.direction === DEFAULT_SORT.direction;
