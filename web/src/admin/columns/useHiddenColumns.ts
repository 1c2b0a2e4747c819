import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminListName, ColumnChoices } from '@sourcing/shared';
import { toastOnce } from '../../common/toast-once';
import { queryKeys } from '../queries/keys';
import { useAdminServices } from '../services';

/** Lists with more columns than this get a column chooser and a sticky first column. */
export const WIDE_LIST_COLUMNS = 8;

const NONE: ReadonlySet<string> = new Set();

/**
 * The column keys the signed-in admin hid in a list, kept on the server (docs/admin.md#column-chooser),
 * and `choose`, which shows the new choice at once and saves it (a failure puts the saved one back).
 */
export function useHiddenColumns(list: AdminListName): {
  hidden: ReadonlySet<string>;
  choose: (hidden: readonly string[]) => void;
} {
  const { api } = useAdminServices();
  const client = useQueryClient();
  const { data } = useQuery({ queryKey: queryKeys.columnChoices, queryFn: () => api.columnChoices(), staleTime: Infinity });
  const { mutate } = useMutation({
    mutationFn: ({ hidden }: { hidden: string[]; before: ColumnChoices | undefined }) => api.setColumnChoice(list, hidden),
    onSuccess: (saved) => client.setQueryData(queryKeys.columnChoices, saved),
    onError: (error, { before }) => {
      client.setQueryData(queryKeys.columnChoices, before);
      toastOnce.error(error.message);
    },
  });
  // Shown at once (in the same render as the click), saved behind it.
  const choose = (hidden: readonly string[]) => {
    const before = client.getQueryData<ColumnChoices>(queryKeys.columnChoices);
    client.setQueryData<ColumnChoices>(queryKeys.columnChoices, { ...before, [list]: [...hidden] });
    mutate({ hidden: [...hidden], before });
  };
  const chosen = data?.[list];
  return { hidden: chosen ? new Set(chosen) : NONE, choose };
}
