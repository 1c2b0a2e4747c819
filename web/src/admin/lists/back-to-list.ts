/** Location state a list hands to a record's detail view, so "Back" returns to the same search. */
export interface BackToListState {
  listSearch: string;
}

export function backState(params: URLSearchParams): BackToListState {
  const text = params.toString();
  return { listSearch: text ? `?${text}` : '' };
}

/** The list's '?q=...' from a detail view's location state, or '' (opened by a link from elsewhere). */
export function searchOfBackState(state: unknown): string {
  const listSearch = (state as Partial<BackToListState> | null)?.listSearch;
  return typeof listSearch === 'string' && (listSearch === '' || listSearch.startsWith('?')) ? listSearch : '';
}
