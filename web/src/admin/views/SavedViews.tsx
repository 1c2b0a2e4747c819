import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { RECORD_DEFINITIONS, VIEW_NAME_MAX, viewParamKeysOf, type AdminListName, type SavedView } from '@sourcing/shared';
import { toastOnce } from '../../common/toast-once';
import { queryKeys } from '../queries/keys';
import { useAdminServices } from '../services';
import { sessionAtom } from '../session/session';

/** The URL parameters of a list a view keeps (viewParamKeysOf), those with a value. */
export const viewParamsOf = (list: AdminListName, params: URLSearchParams): Record<string, string> => {
  const kept = new Set(viewParamKeysOf(RECORD_DEFINITIONS[list]));
  return Object.fromEntries([...params].filter(([key, value]) => kept.has(key) && value !== ''));
};

/**
 * 'Views' (docs/admin.md#saved-views): the admin's saved views of the list and those the team
 * shares, each opened with one click (its search, tab, sort, filters and columns); the list as
 * shown saved under a name, shared with the team or not; one's own views shared or deleted.
 */
export function SavedViews(props: {
  list: AdminListName;
  hiddenColumns: ReadonlySet<string>;
  onColumns: (hidden: string[]) => void;
}) {
  const { list } = props;
  const { api } = useAdminServices();
  const client = useQueryClient();
  const adminId = useAtomValue(sessionAtom).admin?.id;
  const [params, setParams] = useSearchParams();
  const panel = useRef<HTMLDetailsElement>(null);
  const [name, setName] = useState('');
  const [shareNew, setShareNew] = useState(false);
  const views = useQuery({ queryKey: queryKeys.views(list), queryFn: () => api.views(list) });
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.views(list) });

  const save = useMutation({
    mutationFn: () =>
      api.createView({
        list,
        name,
        params: viewParamsOf(list, params),
        hiddenColumns: [...props.hiddenColumns],
        shared: shareNew,
      }),
    onSuccess: (view) => {
      setName('');
      setShareNew(false);
      toastOnce.success(`View “${view.name}” saved`);
      return refresh();
    },
    onError: (error) => toastOnce.error(error.message),
  });
  // Shown shared (or not) at once; a failure puts the list back as the server has it.
  const share = useMutation({
    mutationFn: (view: SavedView) => api.updateView(view.id, { shared: !view.shared }),
    onMutate: async (view) => {
      await client.cancelQueries({ queryKey: queryKeys.views(list) });
      client.setQueryData<SavedView[]>(queryKeys.views(list), (shown) =>
        shown?.map((v) => (v.id === view.id ? { ...v, shared: !view.shared } : v)),
      );
    },
    onSettled: refresh,
    onError: (error) => toastOnce.error(error.message),
  });
  const remove = useMutation({
    mutationFn: (view: SavedView) => api.deleteView(view.id),
    onSuccess: (_, view) => toastOnce.success(`View “${view.name}” deleted`),
    onSettled: refresh,
    onError: (error) => toastOnce.error(error.message),
  });

  const open = (view: SavedView) => {
    // A step of history, as a filter change is: Back returns to the list as it was.
    setParams(new URLSearchParams(view.params));
    props.onColumns(view.hiddenColumns);
    if (panel.current) panel.current.open = false;
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) save.mutate();
  };

  return (
    <details ref={panel} className="toolbar-menu saved-views">
      <summary className="button">Views</summary>
      <section className="toolbar-menu-panel" aria-label="Saved views">
        <h3>Saved views</h3>
        {views.isError && <p className="state-text">{views.error.message}</p>}
        {views.data?.length === 0 && <p className="state-text">No saved views yet.</p>}
        {views.data && views.data.length > 0 && (
          <ul className="saved-view-list">
            {views.data.map((view) => (
              <li key={view.id}>
                <button type="button" className="saved-view-open" onClick={() => open(view)}>
                  {view.name}
                </button>
                {view.owner.id === adminId ? (
                  <>
                    <label>
                      <input
                        type="checkbox"
                        checked={view.shared}
                        disabled={share.isPending}
                        onChange={() => share.mutate(view)}
                      />{' '}
                      Shared
                    </label>
                    <button
                      type="button"
                      className="button"
                      aria-label={`Delete view ${view.name}`}
                      disabled={remove.isPending}
                      onClick={() => remove.mutate(view)}
                    >
                      Delete
                    </button>
                  </>
                ) : (
                  <span className="saved-view-owner">shared by {view.owner.name}</span>
                )}
              </li>
            ))}
          </ul>
        )}
        <form className="save-view" onSubmit={submit}>
          <label>
            View name <input value={name} maxLength={VIEW_NAME_MAX} required onChange={(event) => setName(event.target.value)} />
          </label>
          <label>
            <input type="checkbox" checked={shareNew} onChange={(event) => setShareNew(event.target.checked)} /> Share with the
            team
          </label>
          <button type="submit" className="button" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save view'}
          </button>
        </form>
      </section>
    </details>
  );
}
