import { useMutation } from '@tanstack/react-query';
import { useAdminServices } from '../services';
import { bulkChangeOptions, recordChangeOptions } from './desk-changes';

/** A status or owner change of one record, shown at once (docs/admin.md#sales-desk). */
export function useRecordChange() {
  const { api } = useAdminServices();
  return useMutation(recordChangeOptions(api));
}

/** A status or owner change of the selected records. */
export function useBulkChange() {
  const { api } = useAdminServices();
  return useMutation(bulkChangeOptions(api));
}
