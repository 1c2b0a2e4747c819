import { mutationOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
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

/** Shows `update` of a record in its cached detail and in its rows of every cached search of its list. */
function updateCachedRecord(client: QueryClient, list: DeskListName, id: string, update: (record: DeskRecord) => DeskRecord) {
  client.setQueryData<DeskRecord>(queryKeys.record(list, id), (record) => record && update(record));
  client.setQueriesData<InfiniteData<ListPage<DeskRecord>>>(
    { queryKey: queryKeys.list(list) },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({ ...page, data: page.data.map((row) => (row._id === id ? update(row) : row)) })),
      },
  );
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
    onMutate: async ({ list, id, change }, { client }) => {
      const views = [queryKeys.record(list, id), queryKeys.list(list)];
      // A read on its way would overwrite the change shown with what it was before.
      await Promise.all(views.map((queryKey) => client.cancelQueries({ queryKey })));
      const before = views.flatMap((queryKey) => client.getQueriesData({ queryKey }));
      updateCachedRecord(client, list, id, (record) => withChange(record, change));
      return before;
    },
    onSuccess: (saved, { list, id }, _before, { client }) =>
      updateCachedRecord(client, list, id, (record) => ({ ...record, ...saved })),
    onError: (error, { list, id }, before, { client }) => {
      for (const [queryKey, data] of before ?? []) client.setQueryData(queryKey, data);
      const current = currentOnConflict(error);
      if (current) updateCachedRecord(client, list, id, (record) => ({ ...record, ...current }));
      toastOnce.error(error.message);
    },
    onSettled: (_saved, _error, { list, id }, _before, { client }) => invalidateRecords(client, list, [id]),
  });

/**
 * One status or owner for several records. Those changed meanwhile by someone else are left as
 * they are and counted; every view of the records re-reads.
 */
export const bulkChangeOptions = (api: Pick<ApiClient, 'bulkChange'>) =>
  mutationOptions({
    mutationFn: ({ list, change }: BulkChange) => api.bulkChange(list, change),
    onSuccess: ({ updated, conflicts }) => {
      toastOnce.success(`${updated.length} ${updated.length === 1 ? 'record' : 'records'} changed`);
      if (conflicts.length) toastOnce.error(`${conflicts.length} changed by someone else meanwhile: they now show that change`);
    },
    onError: (error) => toastOnce.error(error.message),
    onSettled: (_result, _error, { list, change }, _before, { client }) =>
      invalidateRecords(
        client,
        list,
        change.records.map((record) => record.id),
      ),
  });
