import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { OPEN_CAP_MAX, type AssignmentRule } from '@sourcing/shared';
import { toastOnce } from '../../common/toast-once';
import { LIST_DEFINITIONS } from '../lists/list-definitions';
import { queryKeys } from '../queries/keys';
import { useAdminServices } from '../services';
import { failureOf, LoadError } from '../ui/LoadError';

/**
 * Automatic assignment on Settings (owners, docs/admin.md#automatic-assignment): per worked list,
 * whether new records go round the staff marked available, and the cap of open records per person.
 */
export function AssignmentSettings() {
  const { api } = useAdminServices();
  const rules = useQuery({ queryKey: queryKeys.assignmentRules, queryFn: () => api.assignmentRules() });
  const failure = failureOf(rules);
  return (
    <section className="detail-card" aria-labelledby="assignment-title">
      <h3 id="assignment-title">Automatic assignment</h3>
      <p>
        New records of a list assigned automatically go to the staff marked available (under Staff accounts, or each on their own
        account page), one each in turn. With a cap, whoever holds that many open records is passed over; a record nobody has room
        for waits unassigned, and the oldest waiting goes to the first who has room.
      </p>
      {failure && <LoadError message={failure.message} onRetry={() => void rules.refetch()} />}
      {rules.data?.map((rule) => (
        <RuleForm key={`${rule.list}:${rule.automatic}:${rule.openCap}`} rule={rule} />
      ))}
    </section>
  );
}

function RuleForm({ rule }: { rule: AssignmentRule }) {
  const { api } = useAdminServices();
  const [automatic, setAutomatic] = useState(rule.automatic);
  const [cap, setCap] = useState(rule.openCap === null ? '' : String(rule.openCap));
  const save = useMutation({
    mutationFn: () => api.saveAssignmentRule(rule.list, { automatic, openCap: cap.trim() === '' ? null : Number(cap) }),
    onSuccess: (_saved, _input, _context, { client }) => {
      toastOnce.success('Assignment rule saved');
      return client.invalidateQueries({ queryKey: queryKeys.assignmentRules });
    },
    onError: (error) => toastOnce.error(error.message),
  });
  const label = LIST_DEFINITIONS.find((definition) => definition.name === rule.list)?.navLabel ?? rule.list;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form className="retention-form" onSubmit={submit}>
      <fieldset>
        <legend>{label}</legend>
        <label>
          <input type="checkbox" checked={automatic} onChange={() => setAutomatic(!automatic)} /> Assign new records automatically
        </label>
        <label>
          Open records per person{' '}
          <input
            type="number"
            min={1}
            max={OPEN_CAP_MAX}
            step={1}
            inputMode="numeric"
            placeholder="no cap"
            value={cap}
            onChange={(event) => setCap(event.target.value)}
          />
        </label>
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          Save
        </button>
      </fieldset>
    </form>
  );
}
