/**
 * What narrows an admin list (docs/admin.md#filters): the search, the status tab, the filters
 * its record definition gives and, on a worked list, its follow-ups and snoozed records, as the URL
 * holds them; what the API is sent; and how an empty result says what was looked for.
 */
import {
  filteredFields,
  filterParamsOf,
  FOLLOW_UP_FILTER,
  OWNER_MINE,
  OWNER_UNASSIGNED,
  RECORD_DEFINITIONS,
  readFilters,
  RESPONSE_FILTER,
  SNOOZED_FILTER,
  type AdminListName,
  type FollowUpFilter,
  type ListFilters,
  type ListQuery,
  type ResponseFilter,
  type SnoozedFilter,
} from '@sourcing/shared';

/** A worked list's follow-up views (docs/admin.md#follow-ups-and-snooze): none, the snoozed records left out. */
export interface FollowUpSearch {
  followUp?: FollowUpFilter;
  snoozed?: SnoozedFilter;
  /** The records at risk of missing their response target (docs/admin.md#response-targets). */
  response?: ResponseFilter;
}

export interface ListSearch {
  q: string;
  status: string | null;
  filters: ListFilters;
  followUps?: FollowUpSearch;
}

/** The follow-up views' URL parameters, in the filter bar's order (after the filters). */
export const FOLLOW_UP_PARAMS = ['followUp', 'snoozed', 'response'] as const;

/** What each follow-up view's choice reads as; '' is the default (no parameter). */
export const FOLLOW_UP_CHOICES = {
  followUp: { label: 'Follow-ups', options: { '': 'All', today: 'Due today', overdue: 'Overdue' } },
  snoozed: { label: 'Snoozed', options: { '': 'Hidden', include: 'Shown too', only: 'Only snoozed' } },
  response: { label: 'Response', options: { '': 'All', 'at-risk': 'At risk' } },
} as const;

/** Labels of the filters that are not fields of the kind. */
const LIST_FILTER_LABELS: Record<string, string> = {
  owner: 'Owner',
  hasAttachment: 'Has attachment',
  from: 'Received from',
  to: 'Received to',
};

export const ANY = 'Any';
export const MINE_LABEL = 'Mine';
export const UNASSIGNED_LABEL = 'Unassigned';

/** A filter's label: its field's, or the list's own for owner, attachment and dates. */
export function filterLabel(list: AdminListName, param: string): string {
  return filteredFields(RECORD_DEFINITIONS[list]).find((f) => f.key === param)?.label ?? LIST_FILTER_LABELS[param] ?? param;
}

/** How a filter's value reads: an option's label, 'mine', an owner's e-mail, a day. */
export function filterValueText(list: AdminListName, param: string, value: string, ownerEmail: (id: string) => string): string {
  if (param === 'owner') return value === OWNER_MINE || value === OWNER_UNASSIGNED ? value : ownerEmail(value);
  const field = filteredFields(RECORD_DEFINITIONS[list]).find((f) => f.key === param);
  return field?.filter.by === 'oneOf' ? (field.filter.labels?.[value] ?? value) : value;
}

/** The list's filters in the URL (a parameter that fails its check is left out), in the filter bar's order. */
export const filtersInUrl = (list: AdminListName, params: URLSearchParams): ListFilters =>
  readFilters(RECORD_DEFINITIONS[list], params);

/** The URL parameters of a list's filters (what "Clear filters" removes, with the search). */
export const filterParams = (list: AdminListName): string[] => filterParamsOf(RECORD_DEFINITIONS[list]);

/** The follow-up views in the URL of a worked list (a value the API does not take is left out); null on other lists. */
export function followUpsInUrl(list: AdminListName, params: URLSearchParams): FollowUpSearch | null {
  if (!RECORD_DEFINITIONS[list].statuses) return null;
  const followUp = FOLLOW_UP_FILTER.find((value) => value === params.get('followUp'));
  const snoozed = SNOOZED_FILTER.find((value) => value === params.get('snoozed'));
  const response = RESPONSE_FILTER.find((value) => value === params.get('response'));
  return { ...(followUp && { followUp }), ...(snoozed && { snoozed }), ...(response && { response }) };
}

/** Every URL parameter that narrows a list besides its status: what 'Clear filters' removes. */
export const narrowingParams = (list: AdminListName): string[] => [
  'q',
  ...filterParams(list),
  ...(RECORD_DEFINITIONS[list].statuses ? FOLLOW_UP_PARAMS : []),
];

export const isFiltered = (search: ListSearch) =>
  Boolean(search.q) || Object.keys(search.filters).length > 0 || Object.keys(search.followUps ?? {}).length > 0;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A day of the range as the viewer's local day: `from` its first instant, `to` its last. */
function localBound(value: string, end: 'from' | 'to'): string {
  const match = DAY.exec(value);
  if (!match) return value;
  const [, y, m, d] = match.map(Number);
  const start = new Date(y, m - 1, end === 'from' ? d : d + 1);
  return new Date(start.getTime() - (end === 'to' ? 1 : 0)).toISOString();
}

/** The query the API gets for what the URL holds: the list and its export are sent exactly this. */
export function apiQuery(search: ListSearch): Omit<ListQuery, 'limit' | 'cursor'> {
  const filters = { ...search.filters };
  if (filters.from) filters.from = localBound(filters.from, 'from');
  if (filters.to) filters.to = localBound(filters.to, 'to');
  return { q: search.q, status: search.status ?? undefined, filters, ...search.followUps };
}

/**
 * 'No buyer inquiries match “rice” with status In progress, owner: mine.': what was searched and
 * filtered, in the filter bar's order.
 */
export function noMatchText(
  list: AdminListName,
  noun: string,
  search: ListSearch,
  ownerEmail: (id: string) => string = (id) => id,
): string {
  const conditions = [
    ...(search.status ? [`status ${search.status}`] : []),
    ...filterParams(list)
      .filter((param) => search.filters[param])
      .map(
        (param) =>
          `${filterLabel(list, param).toLowerCase()}: ${filterValueText(list, param, search.filters[param]!, ownerEmail)}`,
      ),
    ...FOLLOW_UP_PARAMS.flatMap((param) => {
      const value = search.followUps?.[param];
      const choice = FOLLOW_UP_CHOICES[param];
      return value ? [`${choice.label.toLowerCase()}: ${(choice.options as Record<string, string>)[value].toLowerCase()}`] : [];
    }),
  ];
  const matching = search.q ? ` match “${search.q}”` : '';
  const within = conditions.length ? ` with ${conditions.join(', ')}` : '';
  return `No ${noun}${matching}${within}.`;
}
