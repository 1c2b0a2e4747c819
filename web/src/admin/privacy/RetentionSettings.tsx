import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { retentionStatusesOf, SPAM_STATUS, type PrivacySettings } from '@sourcing/shared';
import { toastOnce } from '../../common/toast-once';
import { LIST_DEFINITIONS } from '../lists/list-definitions';
import { queryKeys } from '../queries/keys';
import { useAdminServices } from '../services';
import { failureOf, LoadError } from '../ui/LoadError';

type Kept = PrivacySettings['keptStatuses'];

/**
 * Retention on Settings (owners, docs/admin.md#retention): whether RETENTION_MONTHS is set, and per
 * list the statuses whose records retention keeps however old they are.
 */
export function RetentionSettings() {
  const { api } = useAdminServices();
  const settings = useQuery({ queryKey: queryKeys.privacySettings, queryFn: () => api.privacySettings() });
  const failure = failureOf(settings);
  const [kept, setKept] = useState<Kept | null>(null);
  useEffect(() => {
    if (settings.data) setKept(settings.data.keptStatuses);
  }, [settings.data]);
  const save = useMutation({
    mutationFn: (keptStatuses: Kept) => api.savePrivacySettings({ keptStatuses }),
    onSuccess: (_saved, _kept, _context, { client }) => {
      toastOnce.success('Retention saved');
      return client.invalidateQueries({ queryKey: queryKeys.privacySettings });
    },
    onError: (error) => toastOnce.error(error.message),
  });

  const toggle = (list: keyof Kept, status: string) =>
    setKept((current) => {
      const statuses = new Set(current?.[list] ?? []);
      if (!statuses.delete(status)) statuses.add(status);
      return { ...current, [list]: [...statuses] };
    });

  const months = settings.data?.retentionMonths;
  return (
    <section className="detail-card" aria-labelledby="retention-title">
      <h3 id="retention-title">Retention</h3>
      {settings.data && (
        <p>
          {months
            ? `Every day, records not updated for ${months} months are erased with their mails and files, except those in a status ticked below.`
            : 'Retention is off: set RETENTION_MONTHS to erase, every day, records not updated for that many months. The statuses ticked below are kept even then.'}
        </p>
      )}
      {failure && <LoadError message={failure.message} onRetry={() => void settings.refetch()} />}
      {kept && (
        <form
          className="retention-form"
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate(kept);
          }}
        >
          {LIST_DEFINITIONS.map((definition) => (
            <fieldset key={definition.name}>
              <legend>Keep {definition.navLabel.toLowerCase()}</legend>
              {retentionStatusesOf(definition.name)
                .filter((status) => status !== SPAM_STATUS)
                .map((status) => (
                  <label key={status}>
                    <input
                      type="checkbox"
                      checked={kept[definition.name]?.includes(status) ?? false}
                      onChange={() => toggle(definition.name, status)}
                    />{' '}
                    {status[0].toUpperCase() + status.slice(1)}
                  </label>
                ))}
            </fieldset>
          ))}
          <button type="submit" className="button button-primary" disabled={save.isPending}>
            Save retention
          </button>
        </form>
      )}
    </section>
  );
}
