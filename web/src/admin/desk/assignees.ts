import { useQuery } from '@tanstack/react-query';
import type { Assignee } from '@sourcing/shared';
import { queryKeys } from '../queries/keys';
import { useAdminServices } from '../services';

const NONE: Assignee[] = [];

/**
 * The owner dropdown's admins; also how an owner id is shown (its name). Read once per signed-in
 * admin (staff changes re-read it); until then, or if it fails, the dropdown offers Unassigned only
 * and an owner shows by id.
 */
export function useAssignees(): Assignee[] {
  const { api } = useAdminServices();
  const { data } = useQuery({ queryKey: queryKeys.assignees, queryFn: () => api.assignees(), staleTime: Infinity });
  return data ?? NONE;
}

export const UNASSIGNED = 'Unassigned';

/** An owner as the admin reads it: the display name (else e-mail), or 'Unassigned'. */
export const ownerLabel = (assignees: Assignee[], ownerId: string | null): string =>
  ownerId === null ? UNASSIGNED : (assignees.find((a) => a.id === ownerId)?.name ?? ownerId);
