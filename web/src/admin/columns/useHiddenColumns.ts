import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminListName } from '@sourcing/shared';
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
  // The choice being saved, shown in the render of the click itself (the query cache tells its
  // readers a task later, so the ticked box would come back for a moment).
  const [choosing, setChoosing] = useState<readonly string[] | null>(null);
  const mutationKey = [...queryKeys.columnChoices, list];
  const isLastClick = () => client.isMutating({ mutationKey }) === 1;
  const { mutate } = useMutation({
    mutationKey,
    mutationFn: (hidden: string[]) => api.setColumnChoice(list, hidden),
    // A load of the saved choices still on its way is called off: answering after the click, with the
    // choice before it, it would put the column back (docs/admin.md#column-chooser).
    onMutate: () => client.cancelQueries({ queryKey: queryKeys.columnChoices }),
    // Of quick clicks, only the last one's answer is shown: an earlier one's would undo the later clicks.
    onSuccess: (saved) => {
      if (isLastClick()) client.setQueryData(queryKeys.columnChoices, saved);
    },
    onError: (error) => {
      toastOnce.error(error.message);
      void client.invalidateQueries({ queryKey: queryKeys.columnChoices });
    },
    onSettled: () => {
      if (isLastClick()) setChoosing(null);
    },
  });
  const choose = (hidden: readonly string[]) => {
    setChoosing(hidden);
    mutate([...hidden]);
  };
  const chosen = choosing ?? data?.[list];
  return { hidden: chosen ? new Set(chosen) : NONE, choose };
}
