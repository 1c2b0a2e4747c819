import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { toastOnce } from '../../common/toast-once';
import { Link, useSearchParams } from 'react-router-dom';
import {
  csvFileName,
  CUSTOMER_REPLIED,
  FAILURE_MESSAGES,
  sortParam,
  type AdminListRecords,
  type DeskListName,
  type ListSort,
} from '@sourcing/shared';
import { ColumnChooser } from '../columns/ColumnChooser';
import { useHiddenColumns, WIDE_LIST_COLUMNS } from '../columns/useHiddenColumns';
import { ownerLabel, useAssignees } from '../desk/assignees';
import { BulkBar } from '../desk/BulkBar';
import { FilterBar } from '../filters/FilterBar';
import {
  apiQuery,
  filtersInUrl,
  followUpsInUrl,
  isFiltered,
  narrowingParams,
  noMatchText,
  type ListSearch,
} from '../filters/list-search';
import { FollowUpBadges } from '../follow-ups/FollowUpBadges';
import { FollowUpViews } from '../follow-ups/FollowUpViews';
import { ResponseBadge } from '../response-targets/ResponseTarget';
import { unreadCountsAtom } from '../live/live';
import { StatusTabs } from '../desk/StatusTabs';
import { useAdminServices } from '../services';
import { useCan } from '../session/role';
import { LoadError } from '../ui/LoadError';
import { CommitSelect } from '../ui/CommitSelect';
import { debounce } from '../ui/debounce';
import { NARROW_SCREEN, useMediaQuery } from '../ui/useMediaQuery';
import { BlockSendersOffer, BulkSpamErase } from '../privacy/BulkSpamErase';
import { CellView } from './CellView';
import { backState } from './back-to-list';
import { columnMark, linkMark, rowMark, useRecordKeys } from './record-keys';
import { isEmptyCell, SERIAL_HEADER, type Cell, type Column, type ListDefinition } from './list-definitions';
import { useListPages } from './useListPages';
import { SavedViews } from '../views/SavedViews';
import { ariaSortOf, nextSort, sortChoicesOf, sortInUrl, sortRequest } from './list-sort';

type Row = AdminListRecords[keyof AdminListRecords];
/** A worked record's version: what a change sends back. */
const versionOf = (row: Row) => (row as { version?: number }).version ?? 0;

/** The rows ticked for a bulk change (of a worked list), by id. */
export interface Selection {
  ids: ReadonlySet<string>;
  toggle(id: string): void;
  setAll(ids: string[] | null): void;
}

export const SEARCH_DEBOUNCE_MS = 300;

type AnyColumn = Column<Row>;

/** The one list screen, driven by a list definition: search, filters, pages, export, table or cards. */
export function AdminListPage({ definition }: { definition: ListDefinition }) {
  const { api, live, platform } = useAdminServices();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const wanted = params.get('status');
  const status = wanted && definition.statuses?.includes(wanted) ? wanted : null;
  const filters = useMemo(() => filtersInUrl(definition.name, params), [definition.name, params]);
  const followUps = useMemo(() => followUpsInUrl(definition.name, params), [definition.name, params]);
  const listSearch: ListSearch = { q, status, filters, followUps: followUps ?? undefined };
  const sort = sortInUrl(definition.name, params);
  const request = { ...apiQuery(listSearch), sort: sortRequest(sort) };
  const requestKey = JSON.stringify(request);
  const [input, setInput] = useState(q);
  const { list, failure, retry, hasMore, loadMore, loadingMore, fetching } = useListPages(definition.name, request);
  // The tabs keep their last counts while another search's first page is on its way.
  const lastCounts = useRef(list?.statusCounts);
  if (list?.statusCounts) lastCounts.current = list.statusCounts;
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => setSelected(new Set()), [requestKey]);
  const assignees = useAssignees();
  const { hidden, choose: chooseColumns } = useHiddenColumns(definition.name);
  const wide = definition.columns.length > WIDE_LIST_COLUMNS;
  const columns = (definition.columns as AnyColumn[]).filter((c, i) => i === 0 || !wide || !hidden.has(c.key));
  // Only those who may work records select them for a bulk change (docs/admin.md#staff-and-roles).
  const canWork = useCan('agent');
  const selectAllBox = useRef<HTMLInputElement>(null);
  const selection: Selection | null =
    definition.statuses && canWork
      ? {
          ids: selected,
          toggle: (id) =>
            setSelected((ids) => {
              const next = new Set(ids);
              if (!next.delete(id)) next.add(id);
              return next;
            }),
          setAll: (ids) => setSelected(new Set(ids ?? [])),
        }
      : null;
  const selectedRows = (list?.rows ?? []).filter((r) => selected.has(r._id));
  const narrow = useMediaQuery(NARROW_SCREEN);
  const [exporting, setExporting] = useState(false);
  const unreadCount = useAtomValue(unreadCountsAtom)[definition.name];
  const [markingRead, setMarkingRead] = useState(false);

  // The URL holds the settled search; a change of the URL from outside (a sidebar link, Back,
  // 'Clear filters') wins over what was being typed.
  const urlSearch = useRef(q);
  const setParamsRef = useRef(setParams);
  setParamsRef.current = setParams;
  const searchLater = useMemo(
    () =>
      debounce((typed: string) => {
        const search = typed.trim();
        if (search === urlSearch.current) return;
        urlSearch.current = search;
        setParamsRef.current(
          (previous) => {
            const next = new URLSearchParams(previous);
            if (search) next.set('q', search);
            else next.delete('q');
            return next;
          },
          { replace: true },
        );
      }, SEARCH_DEBOUNCE_MS),
    [],
  );
  useEffect(() => searchLater.cancel, [searchLater]);
  useEffect(() => {
    if (q === urlSearch.current) return;
    urlSearch.current = q;
    searchLater.cancel();
    setInput(q);
  }, [q, searchLater]);

  const showStatus = (next: string | null) =>
    setParams((previous) => {
      const params = new URLSearchParams(previous);
      if (next) params.set('status', next);
      else params.delete('status');
      return params;
    });

  // Each filter change is a step of history: Back undoes it.
  const setFilter = (param: string, value: string) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      if (value) next.set(param, value);
      else next.delete(param);
      return next;
    });
  // A header's click or the Sort by dropdown orders the list (a step of history, as a filter is).
  const setSort = (order: (previous: URLSearchParams) => ListSort) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      const chosen = sortRequest(order(previous));
      if (chosen) next.set('sort', chosen);
      else next.delete('sort');
      return next;
    });
  const sortBy = (key: string) => setSort((previous) => nextSort(definition.name, sortInUrl(definition.name, previous), key));
  const sortAs = (param: string) => setSort(() => sortInUrl(definition.name, new URLSearchParams({ sort: param })));
  const clearFilters = () => {
    searchLater.cancel();
    setInput('');
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      for (const param of narrowingParams(definition.name)) next.delete(param);
      return next;
    });
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      // A signed link the browser or desktop app streams to disk: any size, bytes (and BOM) as sent.
      // The export is asked for with exactly the list's query and its shown columns: it holds what is shown.
      const shown = columns.length < definition.columns.length ? columns.map((c) => c.key).join(',') : undefined;
      const { url } = await api.exportLink(definition.name, { ...request, columns: shown });
      if (await platform.saveDownload({ url, fileName: csvFileName(definition.name, q, new Date()) })) {
        toastOnce.success('CSV exported');
      }
    } catch (error) {
      toastOnce.error(error instanceof Error ? error.message : 'Export failed');
    } finally {
      setExporting(false);
    }
  };

  const markAllRead = async () => {
    setMarkingRead(true);
    try {
      await live.markAllRead(definition.name);
    } catch (error) {
      toastOnce.error(error instanceof Error ? error.message : FAILURE_MESSAGES.unread);
    } finally {
      setMarkingRead(false);
    }
  };

  return (
    <section className="list-page" aria-labelledby="list-title">
      <div className="list-toolbar">
        <h2 id="list-title" className="page-title">
          {definition.title}
        </h2>
        <div className="list-actions">
          <input
            type="search"
            className="search-input"
            aria-label={`Search ${definition.title}`}
            placeholder={definition.searchHint}
            value={input}
            onChange={(e) => {
              setInput(e.target.value);
              searchLater(e.target.value);
            }}
          />
          {unreadCount > 0 && (
            <button type="button" className="button" onClick={() => void markAllRead()} disabled={markingRead}>
              Mark all read
            </button>
          )}
          {definition.statuses && (
            <CommitSelect aria-label="Sort by" value={sortParam(sort)} onCommit={sortAs}>
              {sortChoicesOf(definition.name, sort).map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </CommitSelect>
          )}
          <SavedViews list={definition.name} hiddenColumns={hidden} onColumns={chooseColumns} />
          {wide && <ColumnChooser columns={definition.columns} hidden={hidden} onChoose={chooseColumns} />}
          <button type="button" className="button" onClick={() => void exportCsv()} disabled={exporting}>
            {exporting ? 'Exporting...' : 'Export CSV'}
          </button>
        </div>
      </div>
      {followUps && <FollowUpViews list={definition.name as DeskListName} />}
      <FilterBar
        list={definition.name}
        filters={filters}
        followUps={followUps}
        onChange={setFilter}
        onClear={isFiltered(listSearch) ? clearFilters : null}
      />
      {definition.statuses && (
        <StatusTabs statuses={definition.statuses} counts={lastCounts.current} current={status} onSelect={showStatus} />
      )}
      {definition.statuses && selection && selected.size > 0 && (
        <BulkBar
          list={definition.name as DeskListName}
          statuses={definition.statuses}
          selected={selectedRows.map((r) => ({ id: r._id, version: versionOf(r) }))}
          onDone={(hadFocus) => {
            // The bar goes with the selection: a keyboard user lands on 'Select all shown', not on the page.
            flushSync(() => setSelected(new Set()));
            if (hadFocus) selectAllBox.current?.focus();
          }}
        >
          {(done) => <BulkSpamErase list={definition.name as DeskListName} records={selectedRows} onDone={done} />}
        </BulkBar>
      )}
      {definition.statuses && <BlockSendersOffer list={definition.name as DeskListName} />}
      {!list && !failure && <p className="state-text">{definition.loadingText}</p>}
      {failure && <LoadError message={definition.errorText(failure.message)} onRetry={retry} />}
      {list && list.rows.length === 0 && (
        <p className="state-text" role="status">
          {isFiltered(listSearch) || status
            ? noMatchText(definition.name, definition.noun, listSearch, (id) => ownerLabel(assignees, id))
            : definition.emptyText}
        </p>
      )}
      {list && list.rows.length > 0 && (
        <>
          <div className="list-summary-row">
            <p className="list-summary" role="status">
              Showing {list.rows.length} of {list.total}
            </p>
            {!narrow && (
              <p className="keyboard-hint">
                <kbd>j</kbd> <kbd>k</kbd> next and previous record, <kbd>Enter</kbd> opens it
              </p>
            )}
          </div>
          {narrow ? (
            <RecordCards definition={definition} columns={columns} rows={list.rows} unread={list.unread} replied={list.replied} />
          ) : (
            <RecordTable
              definition={definition}
              columns={columns}
              sticky={wide}
              rows={list.rows}
              unread={list.unread}
              replied={list.replied}
              selection={selection}
              selectAllBox={selectAllBox}
              sort={sort}
              onSort={sortBy}
            />
          )}
          {hasMore && <LoadMoreButton onLoad={loadMore} loading={loadingMore} waiting={fetching} />}
        </>
      )}
    </section>
  );
}

/** A dot before a record the signed-in admin has not opened (docs/admin.md#read-state); no text, so cells keep their values. */
function UnreadMarker() {
  return <span className="unread-marker" role="img" aria-label="Unread" title="Unread" />;
}

/** After a record's name: its customer answered by e-mail and nobody has read it yet (docs/admin.md#conversation). */
function CustomerRepliedBadge() {
  return <span className="record-badge replied-badge">{CUSTOMER_REPLIED}</span>;
}

interface RowsProps {
  definition: ListDefinition;
  columns: AnyColumn[];
  rows: Row[];
  unread: ReadonlySet<string>;
  replied: ReadonlySet<string>;
}

function RecordTable(
  props: RowsProps & {
    /** A wide list keeps S.No and its first column in view while it scrolls sideways. */
    sticky: boolean;
    selection: Selection | null;
    selectAllBox: RefObject<HTMLInputElement | null>;
    sort: ListSort;
    onSort: (key: string) => void;
  },
) {
  const { definition, columns, rows, unread, replied, selection } = props;
  const [params] = useSearchParams();
  const [first, ...rest] = columns;
  const allSelected = selection !== null && rows.length > 0 && rows.every((r) => selection.ids.has(r._id));
  const region = useRef<HTMLDivElement>(null);
  useRecordKeys(region, rows);
  return (
    // Named apart from the page's own region (its heading says the list's title): two landmarks of one name cannot be told apart.
    <div ref={region} className="table-scroll" tabIndex={0} role="region" aria-label={`${definition.title} table`}>
      <table className={props.sticky ? 'records-table sticky-first' : 'records-table'}>
        <thead>
          <tr>
            <th scope="col">
              {selection && (
                <input
                  ref={props.selectAllBox}
                  type="checkbox"
                  className="row-select"
                  aria-label="Select all shown"
                  checked={allSelected}
                  onChange={() => selection.setAll(allSelected ? null : rows.map((r) => r._id))}
                />
              )}
              {SERIAL_HEADER}
            </th>
            {columns.map((column) => (
              <th scope="col" key={column.header} aria-sort={ariaSortOf(props.sort, column.key)}>
                <button type="button" className="sort-button" onClick={() => props.onSort(column.key)}>
                  {column.header}
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={row._id} className={unread.has(row._id) ? 'unread' : undefined} {...rowMark}>
              <td>
                {selection && (
                  <input
                    type="checkbox"
                    className="row-select"
                    aria-label={`Select ${definition.primary(row) || row._id}`}
                    checked={selection.ids.has(row._id)}
                    onChange={() => selection.toggle(row._id)}
                  />
                )}
                {index + 1}
              </td>
              <td>
                {unread.has(row._id) && <UnreadMarker />}
                <Link to={row._id} state={backState(params)} {...linkMark}>
                  <CellView cell={first.cell(row)} />
                </Link>
                {replied.has(row._id) && <CustomerRepliedBadge />}
                <FollowUpBadges row={row} />
                <ResponseBadge list={definition.name} row={row} />
              </td>
              {rest.map((column) => (
                <td key={column.header} {...columnMark(column.header)}>
                  <CellView cell={column.cell(row)} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Below the md breakpoint each record is a card of the label / value pairs that have a value. */
/** Cells a card shows under its fields, as its actions: the desk's status and owner. */
const isDeskCell = (cell: Cell) => cell.kind === 'status' || cell.kind === 'owner';

function RecordCards({ definition, columns, rows, unread, replied }: RowsProps) {
  const [params] = useSearchParams();
  const list = useRef<HTMLOListElement>(null);
  useRecordKeys(list, rows);
  return (
    <ol ref={list} className="record-cards">
      {rows.map((row, index) => (
        <li key={row._id} className={unread.has(row._id) ? 'record-card unread' : 'record-card'} {...rowMark}>
          {/* Beside the heading, not in it: the heading's name stays the record's. */}
          {unread.has(row._id) && <UnreadMarker />}
          <h3>
            <span className="serial">{index + 1}.</span>{' '}
            <Link to={row._id} state={backState(params)} {...linkMark}>
              {definition.primary(row) || row._id}
            </Link>
          </h3>
          {replied.has(row._id) && <CustomerRepliedBadge />}
          <FollowUpBadges row={row} />
          <ResponseBadge list={definition.name} row={row} />
          <dl>
            {columns
              .map((column) => ({ header: column.header, cell: column.cell(row) }))
              .filter(({ cell }) => !isEmptyCell(cell) && !isDeskCell(cell))
              .map(({ header, cell }) => (
                <div key={header} className="card-field">
                  <dt>{header}</dt>
                  <dd>
                    <CellView cell={cell} />
                  </dd>
                </div>
              ))}
          </dl>
          {definition.statuses && (
            <div className="card-desk">
              {definition.columns
                .map((column) => ({ header: column.header, cell: column.cell(row) }))
                .filter(({ cell }) => isDeskCell(cell))
                .map(({ header, cell }) => (
                  <span key={header} {...columnMark(header)}>
                    <CellView cell={cell} />
                  </span>
                ))}
            </div>
          )}
        </li>
      ))}
    </ol>
  );
}

/**
 * 'Load more' that also fires by itself when scrolled into view. It waits while anything of the
 * list is on its way (`waiting`: a page, or a live re-read). Observing again once that lands
 * matters: a button still in view after a short page never reports a new intersection.
 */
function LoadMoreButton({ onLoad, loading, waiting }: { onLoad: () => void; loading: boolean; waiting: boolean }) {
  const button = useRef<HTMLButtonElement>(null);
  const latest = useRef(onLoad);
  latest.current = onLoad;
  useEffect(() => {
    const element = button.current;
    if (!element || waiting) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) latest.current();
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [waiting]);
  return (
    <button ref={button} type="button" className="button load-more" onClick={onLoad} disabled={waiting}>
      {loading ? 'Loading...' : 'Load more'}
    </button>
  );
}
