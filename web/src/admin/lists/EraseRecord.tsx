import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toastOnce } from '../../common/toast-once';
import { isViewOfRecords, queryKeys } from '../queries/keys';
import { useAdminServices } from '../services';
import type { ListDefinition } from './list-definitions';

/** An owner erases a record and its files for a data-protection request, after confirming. */
export function EraseRecord({ definition, id, listSearch }: { definition: ListDefinition; id: string; listSearch: string }) {
  const { api } = useAdminServices();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const erase = useMutation({
    mutationFn: () => api.erase(definition.name, id),
    onSuccess: (_answer, _none, _context, { client }) => {
      toastOnce.success('Record erased');
      void navigate(`/admin/${definition.route}${listSearch}`, { replace: true });
      // What may show it (its list, the dashboard, the other list's matches) re-reads when next shown:
      // none of it is on screen now.
      for (const queryKey of [queryKeys.list(definition.name), queryKeys.allStats, queryKeys.allMatches]) {
        void client.invalidateQueries({ queryKey, refetchType: 'none' });
      }
      // Its own views go: kept, they would show the erased record again while it is asked for (and 404s).
      client.removeQueries({ predicate: ({ queryKey }) => isViewOfRecords(queryKey, definition.name, new Set([id])) });
    },
    onError: (error) => toastOnce.error(error.message),
  });

  if (!confirming) {
    return (
      <button type="button" className="button erase-button" onClick={() => setConfirming(true)}>
        Erase record
      </button>
    );
  }
  // Once erased, the buttons stay disabled while the list opens.
  const erasing = erase.isPending || erase.isSuccess;
  return (
    <div className="erase-confirm" role="alertdialog" aria-labelledby="erase-question">
      <p id="erase-question">Erase this record and its files for good? This cannot be undone.</p>
      <button type="button" className="button button-primary" onClick={() => erase.mutate()} disabled={erasing}>
        Erase for good
      </button>
      <button type="button" className="button" onClick={() => setConfirming(false)} disabled={erasing}>
        Cancel
      </button>
    </div>
  );
}
