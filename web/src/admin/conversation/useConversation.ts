import { useMutation, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import type { AdminListName } from '@sourcing/shared';
import { queryKeys } from '../queries/keys';
import { useAdminServices } from '../services';
import { sessionAtom } from '../session/session';
import { isUnseenReply, readsReplies } from './conversation-mails';

/**
 * A record's conversation as read from the server, cached under its key: the Conversation card
 * and the reply form (its default subject, the files that came back) share the one read.
 */
export function useConversationQuery(list: AdminListName, id: string) {
  const { api } = useAdminServices();
  return useQuery({ queryKey: queryKeys.conversation(list, id), queryFn: () => api.conversation(list, id) });
}

/**
 * A record's conversation (re-read with the record's other views when a live event concerns it),
 * and the customer's replies read once they are on screen, if this admin reads them for the desk:
 * the record's owner, or anyone when it has none. Reading them takes "Customer replied" off the
 * list's row and reads the record for this admin (its unread counts are asked again). `fresh` holds the replies that were new when shown: they keep their "New" mark while
 * the record stays open.
 */
export function useConversation(list: AdminListName, id: string, ownerId: string | null) {
  const { api, live } = useAdminServices();
  const me = useAtomValue(sessionAtom).admin?.id ?? null;
  const conversation = useConversationQuery(list, id);
  const [readHere, setReadHere] = useState<ReadonlySet<string>>(new Set());
  // Once per set of unseen replies: after a failure the same set is not asked again until another reply comes.
  const { mutate: markSeen } = useMutation({
    mutationFn: () => api.markConversationSeen(list, id),
    onSettled: (_answer, _error, _none, _context, { client }) =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.list(list) }),
        client.invalidateQueries({ queryKey: queryKeys.conversation(list, id) }),
        // Seeing them read the record: an answer that came while it was open no longer counts it unread.
        live.refreshCounts(),
      ]),
  });
  const unseen = (conversation.data?.mails ?? []).filter(isUnseenReply).map((mail) => mail.id);
  const waiting = unseen.join(' ');
  const reads = readsReplies(me, ownerId);

  useEffect(() => {
    if (!reads || !waiting) return;
    setReadHere((read) => new Set([...read, ...waiting.split(' ')]));
    markSeen();
  }, [reads, waiting, markSeen]);

  return { conversation, fresh: new Set([...unseen, ...readHere]) as ReadonlySet<string> };
}
