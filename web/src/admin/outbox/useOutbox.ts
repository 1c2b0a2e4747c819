import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../queries/keys';
import { useAdminServices } from '../services';

/** How often a list with mails still on their way asks again, until none is pending. */
export const PENDING_REFRESH_MS = 2000;

/**
 * The outbox's newest mails (of one record when `recordId` is given). The worker sends no event
 * when it delivers, so while a listed mail is pending the list asks again every couple of seconds.
 */
export function useOutbox(recordId?: string) {
  const { api } = useAdminServices();
  return useQuery({
    queryKey: queryKeys.outbox(recordId ?? null),
    queryFn: () => api.outbox({ recordId }),
    refetchInterval: ({ state }) => (state.data?.data.some((mail) => mail.state === 'pending') ? PENDING_REFRESH_MS : false),
  });
}
