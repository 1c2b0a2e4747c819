import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toastOnce } from '../../common/toast-once';
import { useAdminServices } from '../services';
import type { ListDefinition } from './list-definitions';

/** An owner erases a record and its files for a data-protection request, after confirming. */
export function EraseRecord({ definition, id, listSearch }: { definition: ListDefinition; id: string; listSearch: string }) {
  const { api } = useAdminServices();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [erasing, setErasing] = useState(false);

  async function erase() {
    setErasing(true);
    try {
      await api.erase(definition.name, id);
      toastOnce.success('Record erased');
      void navigate(`/admin/${definition.route}${listSearch}`, { replace: true });
    } catch (error) {
      toastOnce.error(error instanceof Error ? error.message : String(error));
      setErasing(false);
    }
  }

  if (!confirming) {
    return (
      <button type="button" className="button erase-button" onClick={() => setConfirming(true)}>
        Erase record
      </button>
    );
  }
  return (
    <div className="erase-confirm" role="alertdialog" aria-labelledby="erase-question">
      <p id="erase-question">Erase this record and its files for good? This cannot be undone.</p>
      <button type="button" className="button button-primary" onClick={() => void erase()} disabled={erasing}>
        Erase for good
      </button>
      <button type="button" className="button" onClick={() => setConfirming(false)} disabled={erasing}>
        Cancel
      </button>
    </div>
  );
}
