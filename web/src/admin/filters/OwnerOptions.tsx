import { OWNER_MINE, OWNER_UNASSIGNED } from '@sourcing/shared';
import { useAssignees } from '../desk/assignees';
import { MINE_LABEL, UNASSIGNED_LABEL } from './list-search';

/**
 * The options of an Owner filter, the lists' (docs/admin.md#filters) and the Reports page's
 * (docs/admin.md#reports): no choice (`unset`), Mine, Unassigned, then each staff member. An owner
 * chosen in the URL that is no longer listed stays offered, by its id, so the select shows it.
 */
export function OwnerOptions({ unset, value }: { unset: string; value: string }) {
  const assignees = useAssignees();
  const unlisted = value && ![OWNER_MINE, OWNER_UNASSIGNED, ...assignees.map((a) => a.id)].includes(value);
  return (
    <>
      <option value="">{unset}</option>
      <option value={OWNER_MINE}>{MINE_LABEL}</option>
      <option value={OWNER_UNASSIGNED}>{UNASSIGNED_LABEL}</option>
      {unlisted && <option value={value}>{value}</option>}
      {assignees.map((a) => (
        <option key={a.id} value={a.id}>
          {a.name}
        </option>
      ))}
    </>
  );
}
