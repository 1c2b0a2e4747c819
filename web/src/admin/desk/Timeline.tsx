import { useMutation, useQuery } from '@tanstack/react-query';
import { NOTE_MAX_LENGTH, type DeskListName } from '@sourcing/shared';
import { toastOnce } from '../../common/toast-once';
import { formatDateTime } from '../lists/list-definitions';
import { invalidateRecords } from '../queries/invalidate';
import { queryKeys } from '../queries/keys';
import { useAdminServices } from '../services';
import { useCan } from '../session/role';
import { MessageForm } from '../ui/MessageForm';
import { failureOf, LoadError } from '../ui/LoadError';
import { describeEntry } from './timeline-text';

/** A record's timeline (received, status and owner changes, notes, mails: who and when), live, and the note form for agents and owners. */
export function Timeline({ list, id }: { list: DeskListName; id: string }) {
  const { api } = useAdminServices();
  const timeline = useQuery({ queryKey: queryKeys.timeline(list, id), queryFn: () => api.timeline(list, id) });
  const failure = failureOf(timeline);
  const canWork = useCan('agent');
  return (
    <section className="detail-card" aria-labelledby="timeline-title">
      <h3 id="timeline-title">Timeline</h3>
      {failure && <LoadError message={`Error: ${failure.message}`} onRetry={() => void timeline.refetch()} />}
      {!timeline.data && !failure && <p className="state-text">Loading...</p>}
      {timeline.data && (
        <ol className="timeline" aria-label="Timeline">
          {timeline.data.map((entry) => (
            <li key={entry.id} className={`timeline-entry timeline-${entry.type}`}>
              <span className="timeline-what">{describeEntry(entry)}</span>{' '}
              <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
              {entry.type === 'note' && <p className="multiline timeline-note">{entry.text}</p>}
              {entry.type === 'mail' && <p className="timeline-note">{entry.subject}</p>}
              {entry.type === 'mail' && entry.files && <p className="timeline-note">Files: {entry.files.join(', ')}</p>}
            </li>
          ))}
        </ol>
      )}
      {canWork && <NoteForm list={list} id={id} />}
    </section>
  );
}

function NoteForm({ list, id }: { list: DeskListName; id: string }) {
  const { api } = useAdminServices();
  const note = useMutation({
    mutationFn: (note: string) => api.addNote(list, id, note),
    onError: (error) => toastOnce.error(error.message),
    onSettled: (_entry, _error, _note, _context, { client }) => invalidateRecords(client, list, [id]),
  });
  return (
    <MessageForm
      className="note-form"
      label="Add a note"
      submitLabel="Add note"
      pendingLabel="Saving..."
      pending={note.isPending}
      rows={3}
      maxLength={NOTE_MAX_LENGTH}
      onSend={(text) => note.mutateAsync(text)}
    />
  );
}
