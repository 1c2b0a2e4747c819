import {
  DEFAULT_SORT,
  firstDirection,
  isDefaultSort,
  listColumnsOf,
  readSort,
  RECORD_DEFINITIONS,
  sortParam,
  type AdminListName,
  type ListSort,
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
