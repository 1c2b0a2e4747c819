import {
  DEFAULT_SORT,
  firstDirection,
  isDefaultSort,
  listColumnsOf,
  readSort,
  RECORD_DEFINITIONS,
  sortColumnsOf,
  sortParam,
  type AdminListName,
  type ListColumn,
  type ListSort,
  type SortDirection,
} from '@sourcing/shared';

/** The list's order as its URL's `sort` gives it (docs/admin.md#sorting); newest first when absent or unknown. */
export const sortInUrl = (list: AdminListName, params: URLSearchParams): ListSort =>
  readSort(RECORD_DEFINITIONS[list], params.get('sort') ?? '') ?? DEFAULT_SORT;

/** The `sort` the list asks the API for: none for the default order. */
export const sortRequest = (sort: ListSort): string | undefined => (isDefaultSort(sort) ? undefined : sortParam(sort));

/**
 * The order after clicking a column's header: the same column the other way round, another column
 * in its first direction (times newest first, the rest from A), then back to newest first.
 */
export function nextSort(list: AdminListName, current: ListSort, key: string): ListSort {
  const column = listColumnsOf(RECORD_DEFINITIONS[list]).find((c) => c.key === key);
  if (!column) return current;
  const first = firstDirection(column);
  if (current.column !== key) return { column: key, direction: first };
  if (current.direction === first) return { column: key, direction: first === 'asc' ? 'desc' : 'asc' };
  return DEFAULT_SORT;
}

/** `aria-sort` of a column's header. */
export const ariaSortOf = (sort: ListSort, key: string): 'ascending' | 'descending' | undefined =>
  sort.column === key ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined;

/** How an order reads in the `Sort by` dropdown: `Follow-up, soonest first`, `Full Name, descending`. */
function sortLabel(column: ListColumn, direction: SortDirection): string {
  if (column.key === DEFAULT_SORT.column) return direction === 'desc' ? 'Newest first' : 'Oldest first';
  const asc = direction === 'asc';
  if (column.sort === 'due') return `${column.label}, ${asc ? 'soonest' : 'latest'} first`;
  if (column.sort === 'time') return `${column.label}, ${asc ? 'oldest' : 'newest'} first`;
  return `${column.label}, ${asc ? 'ascending' : 'descending'}`;
}

/**
 * The orders the `Sort by` dropdown offers (docs/admin.md#sorting): newest and oldest first, and both
 * ways of each order a list has but no header to click (a worked list's follow-up and response due
 * times); the current order too when a header chose it. Each value is the URL's `sort`.
 */
export function sortChoicesOf(list: AdminListName, current: ListSort): { value: string; label: string }[] {
  const columns = sortColumnsOf(RECORD_DEFINITIONS[list]);
  const offered = [columns.find((c) => c.key === DEFAULT_SORT.column)!, ...columns.filter((c) => c.sort === 'due')];
  const orders = offered.flatMap((column) => {
    const first = firstDirection(column);
    const directions: SortDirection[] = [first, first === 'asc' ? 'desc' : 'asc'];
    return directions.map((direction) => ({ column, direction }));
  });
  const currentColumn = columns.find((c) => c.key === current.column);
  if (currentColumn && !orders.some((o) => o.column === currentColumn && o.direction === current.direction)) {
    orders.push({ column: currentColumn, direction: current.direction });
  }
  return orders.map(({ column, direction }) => ({
    value: sortParam({ column: column.key, direction }),
    label: sortLabel(column, direction),
  }));
}
