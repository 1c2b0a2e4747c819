import { useAtomValue } from 'jotai';
import { sessionAtom } from '../session/session';

/**
 * 'Assign to me' (docs/admin.md#assignment): makes the signed-in staff member the owner. Left out
 * when they own the record already (`owner`; a bulk bar gives none: its rows may have any owner).
 */
export function AssignToMe(props: { owner?: string | null; busy?: boolean; onAssign: (me: string) => void }) {
  const me = useAtomValue(sessionAtom).admin?.id;
  if (!me || props.owner === me) return null;
  return (
    <button type="button" className="button" disabled={props.busy} onClick={() => props.onAssign(me)}>
      Assign to me
    </button>
  );
}
