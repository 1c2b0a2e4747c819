import { useAtomValue } from 'jotai';
import { roleAllows, type Role } from '@sourcing/shared';
import { sessionAtom } from './session';

/**
 * Whether the signed-in admin's role allows what needs `needed`: the UI hides what it may not do.
 * The server decides (every admin route checks the role); this only keeps useless buttons away.
 */
export function useCan(needed: Role): boolean {
  const role = useAtomValue(sessionAtom).admin?.role;
  return role !== undefined && roleAllows(role, needed);
}
