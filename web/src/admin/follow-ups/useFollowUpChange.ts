import { useMutation } from '@tanstack/react-query';
import type { ApiClient, DeskListName } from '@sourcing/shared';
import { toastOnce } from '../../common/toast-once';
import { formatDateTime } from '../lists/list-definitions';
import { invalidateRecords } from '../queries/invalidate';
import { queryKeys } from '../queries/keys';
import { useAdminServices } from '../services';

/** What staff do to a record's follow-up or snooze (docs/admin.md#follow-ups-and-snooze). */
export type FollowUpAction =
  { type: 'set'; at: string; note: string } | { type: 'clear' } | { type: 'snooze'; until: string } | { type: 'endSnooze' };

function send(api: ApiClient, list: DeskListName, id: string, action: FollowUpAction) {
  switch (action.type) {
    case 'set':
      return api.setFollowUp(list, id, { at: action.at, note: action.note });
    case 'clear':
      return api.clearFollowUp(list, id);
    case 'snooze':
      return api.snooze(list, id, action.until);
    case 'endSnooze':
      return api.endSnooze(list, id);
  }
}

/** The toast once the server took the action; a snooze says until when, as the record now has it. */
function doneText(action: FollowUpAction, snoozedUntil: string | null): string {
  switch (action.type) {
    case 'set':
      return 'Follow-up set';
    case 'clear':
      return 'Follow-up cleared';
    case 'snooze':
      return `Snoozed until ${formatDateTime(snoozedUntil ?? action.until)}`;
    case 'endSnooze':
      return 'Snooze ended';
  }
}

/**
 * Sets or clears a record's follow-up, snoozes it or ends its snooze: the answered record shows at
 * once, a toast says what was done (or the server's refusal), and the record's views and its list
 * re-read (a snoozed record leaves the working lists).
 */
export function useFollowUpChange(list: DeskListName, id: string) {
  const { api } = useAdminServices();
  return useMutation({
    mutationFn: (action: FollowUpAction) => send(api, list, id, action),
    onSuccess: async (record, action, _context, { client }) => {
      client.setQueryData(queryKeys.record(list, id), record);
      toastOnce.success(doneText(action, record.snoozedUntil));
      await invalidateRecords(client, list, [id]);
    },
    onError: (error) => toastOnce.error(error.message),
  });
}
