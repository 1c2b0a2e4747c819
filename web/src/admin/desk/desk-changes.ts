import { mutationOptions, type InfiniteData, type QueryClient, type QueryKey } from '@tanstack/react-query';
import {
  ApiError,
  type ApiClient,
  type BulkChangeRequest,
  type ConflictBody,
  type DeskChange,
  type DeskListName,
  type ListPage,
  type RecordChangeRequest,
} from '@sourcing/shared';
import { toastOnce } from '../../common/toast-once';
import { invalidateRecords } from '../queries/invalidate';
import { queryKeys } from '../queries/keys';
import { plural } from '../ui/plural';

/** What a change touches of a worked record; its other fields are carried along. */
interface DeskRecord {
  _id: string;
  status: string;
  ownerId: string | null;
  version: number;
}

export interface RecordChange {
  list: DeskListName;
  id: string;
  change: RecordChangeRequest;
}

export interface BulkChange {
  list: DeskListName;
  change: BulkChangeRequest;
}

/** Shows `update` of records (by id) in their cached details and in their rows of every cached search of their list. */
function updateCachedRecords(
  client: QueryClient,
  list: DeskListName,
  ids: readonly string[],
  update: (record: DeskRecord) => DeskRecord,
) {
  const changed = new Set(ids);
  for (const id of ids) client.setQueryData<DeskRecord>(queryKeys.record(list, id), (record) => record && update(record));
  client.setQueriesData<InfiniteData<ListPage<DeskRecord>>>(
    { queryKey: queryKeys.list(list) },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({ ...page, data: page.data.map((row) => (changed.has(row._id) ? update(row) : row)) })),
      },
  );
}

/** Records as the server answered them, each shown in place of what its views show. */
function showAnswered(client: QueryClient, list: DeskListName, answered: readonly DeskRecord[]) {
  for (const record of answered) updateCachedRecords(client, list, [record._id], (shown) => ({ ...shown, ...record }));
}

/** What the records' views showed before a change was shown at once: put back if it fails. */
type Shown = [QueryKey, unknown][];

/**
 * Shows a change of records at once in their details and list rows, after stopping reads on
 * their way (one landing later would show the records as they were before the change).
 */
async function showChange(client: QueryClient, list: DeskListName, ids: readonly string[], change: DeskChange): Promise<Shown> {
  const views = [...ids.map((id) => queryKeys.record(list, id)), queryKeys.list(list)];
  await Promise.all(views.map((queryKey) => client.cancelQueries({ queryKey })));
  const before = views.flatMap((queryKey) => client.getQueriesData({ queryKey }));
  updateCachedRecords(client, list, ids, (record) => withChange(record, change));
  return before;
}

/** Puts back what the views showed before a change that failed. */
function putBack(client: QueryClient, shown: Shown | undefined) {
  for (const [queryKey, data] of shown ?? []) client.setQueryData(queryKey, data);
}

/** The record with the change's status and owner (an owner of null unassigns it). */
const withChange = (record: DeskRecord, { status = record.status, ownerId = record.ownerId }: DeskChange): DeskRecord => ({
  ...record,
  status,
  ownerId,
});

/** The record as it is now, when the change was refused as made on a version it no longer has (409). */
function currentOnConflict(error: Error): DeskRecord | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  return (error.body as Partial<ConflictBody<DeskRecord>> | null)?.current ?? null;
}

/**
 * A status or owner change of one record (docs/admin.md#sales-desk), shown at once in its detail
 * and list rows. A failure puts back what was shown and says why; a conflict (someone else
 * changed it first) also shows the record as it is now. Then every view of it re-reads.
 */
export const recordChangeOptions = (api: Pick<ApiClient, 'changeRecord'>) =>
  mutationOptions({
    mutationFn: ({ list, id, change }: RecordChange) => api.changeRecord(list, id, change),
    onMutate: ({ list, id, change }, { client }) => showChange(client, list, [id], change),
    onSuccess: (saved, { list }, _shown, { client }) => showAnswered(client, list, [saved]),
    onError: (error, { list }, shown, { client }) => {
      putBack(client, shown);
      const current = currentOnConflict(error);
      if (current) showAnswered(client, list, [current]);
      toastOnce.error(error.message);
    },
    onSettled: (_saved, _error, { list, id }, _before, { client }) => invalidateRecords(client, list, [id]),
  });

/**
 * One status or owner for several records, shown at once like a single change. Those changed
 * meanwhile by someone else are left as they are, counted, and shown as they are now; a failure
 * puts back what was shown and says why. Then every view of the records re-reads.
 */
export const bulkChangeOptions = (api: Pick<ApiClient, 'bulkChange'>) =>
  mutationOptions({
    mutationFn: ({ list, change }: BulkChange) => api.bulkChange(list, change),
    onMutate: ({ list, change }, { client }) =>
      showChange(
        client,
        list,
        change.records.map((record) => record.id),
        change,
      ),
    onSuccess: ({ updated, conflicts }, { list }, _shown, { client }) => {
      showAnswered(client, list, [...updated, ...conflicts]);
      toastOnce.success(`${plural(updated.length, 'record', 'records')} changed`);
      if (conflicts.length) toastOnce.error(`${conflicts.length} changed by someone else meanwhile: they now show that change`);
    },
    onError: (error, _change, shown, { client }) => {
      putBack(client, shown);
      toastOnce.error(error.message);
    },
    // The re-read goes on behind: the change is done once answered, so the bulk bar closes with its
    // toast (awaited here, it kept the bar busy, and took a click on a row, until the lists had re-read).
    onSettled: (_result, _error, { list, change }, _shown, { client }) => {
      void invalidateRecords(
        client,
        list,
        change.records.map((record) => record.id),
      );
    },
  });
