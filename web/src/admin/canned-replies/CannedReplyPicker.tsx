import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { fillPlaceholders, type Placeholder } from '@sourcing/shared';
import { queryKeys } from '../queries/keys';
import { useAdminServices } from '../services';
import { CommitSelect } from '../ui/CommitSelect';

/** Reads the canned replies (agents and owners), by title. */
export function useCannedReplies() {
  const { api } = useAdminServices();
  return useQuery({ queryKey: queryKeys.cannedReplies, queryFn: () => api.cannedReplies() });
}

/**
 * `Insert a canned reply` in the reply form (docs/admin.md#canned-replies): the one chosen goes to
 * `onInsert` with its placeholders filled from the record (`values`), and the select shows
 * `Choose…` again, ready for another. Arrow keys only step through the titles (CommitSelect):
 * nothing is inserted until the choice is made. Not shown while there are none (or they could
 * not be read: the reply is written by hand then).
 */
export function CannedReplyPicker({
  values,
  onInsert,
}: {
  values: Record<Placeholder, string>;
  onInsert: (text: string) => void;
}) {
  const replies = useCannedReplies();
  // A new select after each insertion: it starts again from `Choose…`, and the same reply may be chosen again.
  const [round, setRound] = useState(0);
  const selectId = useId();
  if (!replies.data?.length) return null;
  const insert = (id: string) => {
    const chosen = replies.data.find((reply) => reply.id === id);
    setRound((r) => r + 1);
    if (chosen) onInsert(fillPlaceholders(chosen.body, values));
  };
  return (
    <div className="canned-picker">
      <label htmlFor={selectId}>Insert a canned reply</label>
      <CommitSelect key={round} id={selectId} value="" onCommit={insert}>
        <option value="">Choose…</option>
        {replies.data.map((reply) => (
          <option key={reply.id} value={reply.id}>
            {reply.title}
          </option>
        ))}
      </CommitSelect>
    </div>
  );
}
