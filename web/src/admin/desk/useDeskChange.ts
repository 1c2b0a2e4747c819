import { useCallback } from 'react';
import { ApiError, type BulkChangeRequest, type DeskListName, type RecordChangeRequest } from '@sourcing/shared';
import { toastOnce } from '../../common/toast-once';
import { useAdminServices } from '../services';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Changes of status and owner, one record or several. Every view of a changed record re-reads;
 * a conflict (someone else changed it first) says so and shows the record as it is now.
 */
export function useDeskChange() {
  const { api, live } = useAdminServices();

  const changeOne = useCallback(
    async (list: DeskListName, id: string, change: RecordChangeRequest): Promise<boolean> => {
      try {
        await api.changeRecord(list, id, change);
        return true;
      } catch (error) {
        toastOnce.error(messageOf(error));
        return false;
      } finally {
        // On a 409 too: the views re-read and show the other admin's change.
        live.recordChanged(list, id);
      }
    },
    [api, live],
  );

  const changeMany = useCallback(
    async (list: DeskListName, change: BulkChangeRequest): Promise<boolean> => {
      try {
        const { updated, conflicts } = await api.bulkChange(list, change);
        toastOnce.success(`${updated.length} ${updated.length === 1 ? 'record' : 'records'} changed`);
        if (conflicts.length) {
          toastOnce.error(`${conflicts.length} changed by someone else meanwhile: they now show that change`);
        }
        return true;
      } catch (error) {
        toastOnce.error(error instanceof ApiError ? error.message : messageOf(error));
        return false;
      } finally {
        for (const { id } of change.records) live.recordChanged(list, id);
      }
    },
    [api, live],
  );

  return { changeOne, changeMany };
}
