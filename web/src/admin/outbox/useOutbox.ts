import { useEffect } from 'react';
import { useAdminServices } from '../services';
import { useLoad } from '../ui/useLoad';

/** How often a list with mails still on their way asks again, until none is pending. */
export const PENDING_REFRESH_MS = 2000;

/**
 * The outbox's newest mails (of one record when `recordId` is given). The worker sends no event
 * when it delivers, so while a listed mail is pending the list asks again every couple of seconds.
 */
export function useOutbox(recordId?: string) {
  const { api } = useAdminServices();
  const mails = useLoad(() => api.outbox({ recordId }), [api, recordId]);
  const pending = mails.status === 'ready' && mails.data.data.some((mail) => mail.state === 'pending');
  const { retry } = mails;
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(retry, PENDING_REFRESH_MS);
    return () => clearTimeout(timer);
  }, [pending, retry, mails.data]);
  return mails;
}
