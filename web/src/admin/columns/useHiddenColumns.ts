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
  // The admin's last choice on this page, shown from the render of its click on (the query cache
  // tells its readers a task later, so the ticked box would come back for a moment) until it fails.
  // Kept with its list: the page may stay mounted while the admin moves to another list.
  const [choosing, setChoosing] = useState<{ list: AdminListName; hidden: readonly string[] } | null>(null);
  const { mutate } = useMutation({
    // One save after another: the server keeps the last click, whatever order answers would take.
    scope: { id: `column-choice-${list}` },
    mutationFn: (hidden: string[]) => api.setColumnChoice(list, hidden),
    // A load of the saved choices still on its way is called off: answered before the save, it
    // would put the old choice in the cache (docs/admin.md#column-chooser).
    onMutate: () => client.cancelQueries({ queryKey: queryKeys.columnChoices }),
    onSuccess: (saved) => client.setQueryData(queryKeys.columnChoices, saved),
    onError: (error) => {
      toastOnce.error(error.message);
      setChoosing(null);
      void client.invalidateQueries({ queryKey: queryKeys.columnChoices });
    },
  });
  const choose = (hidden: readonly string[]) => {
    setChoosing({ list, hidden });
    mutate([...hidden]);
  };
  const chosen = choosing?.list === list ? choosing.hidden : data?.[list];
  return { hidden: chosen ? new Set(chosen) : NONE, choose };
}
