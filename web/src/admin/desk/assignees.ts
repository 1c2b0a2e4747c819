import { atom, useAtomValue } from 'jotai';
import { useEffect } from 'react';
import type { Assignee } from '@sourcing/shared';
import { useAdminServices } from '../services';

/** The admins who can own a record, read once per signed-in UI (null until then). */
export const assigneesAtom = atom<Assignee[] | null>(null);

/** The owner dropdown's admins; also how an owner id is shown (its e-mail). */
export function useAssignees(): Assignee[] {
  const { api, store } = useAdminServices();
  const assignees = useAtomValue(assigneesAtom);
  useEffect(() => {
    if (assignees !== null) return;
    api.assignees().then(
      (list) => store.set(assigneesAtom, list),
      () => undefined /* the dropdown offers Unassigned only; the owner shows by id */,
    );
  }, [api, store, assignees]);
  return assignees ?? [];
}

export const UNASSIGNED = 'Unassigned';

/** An owner as the admin reads it: the e-mail, or 'Unassigned'. */
export const ownerLabel = (assignees: Assignee[], ownerId: string | null): string =>
  ownerId === null ? UNASSIGNED : (assignees.find((a) => a.id === ownerId)?.email ?? ownerId);
