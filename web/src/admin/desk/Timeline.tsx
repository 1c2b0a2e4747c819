import { useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import { NOTE_MAX_LENGTH, type DeskListName } from '@sourcing/shared';
import { toastOnce } from '../../common/toast-once';
import { reconnectsAtom, recordVersionsAtom } from '../live/live';
import { formatDateTime } from '../lists/list-definitions';
import { useAdminServices } from '../services';
import { LoadError } from '../ui/LoadError';
import { useLoad } from '../ui/useLoad';
import { describeEntry } from './timeline-text';

/** A record's timeline (received, status and owner changes, notes, mails: who and when), live, and the note form. */
export function Timeline({ list, id }: { list: DeskListName; id: string }) {
  const { api } = useAdminServices();
  const version = useAtomValue(recordVersionsAtom)[id] ?? 0;
  const reconnects = useAtomValue(reconnectsAtom);
  const timeline = useLoad(() => api.timeline(list, id), [api, list, id, version, reconnects]);
  return (
    <section className="timeline-panel" aria-labelledby="timeline-title">
      <h3 id="timeline-title">Timeline</h3>
      {timeline.status === 'error' && <LoadError message={`Error: ${timeline.error}`} onRetry={timeline.retry} />}
      {timeline.data === null && timeline.status === 'loading' && <p className="state-text">Loading...</p>}
      {timeline.data && (
        <ol className="timeline" aria-label="Timeline">
          {timeline.data.map((entry) => (
            <li key={entry.id} className={`timeline-entry timeline-${entry.type}`}>
              <span className="timeline-what">{describeEntry(entry)}</span>{' '}
              <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
              {entry.type === 'note' && <p className="multiline timeline-note">{entry.text}</p>}
              {entry.type === 'mail' && <p className="timeline-note">{entry.subject}</p>}
            </li>
          ))}
        </ol>
      )}
      <NoteForm list={list} id={id} />
    </section>
  );
}

function NoteForm({ list, id }: { list: DeskListName; id: string }) {
  const { api, live } = useAdminServices();
  const [text, setText] = useState('');
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    setSaving(true);
    try {
      await api.addNote(list, id, text);
      setText('');
      live.recordChanged(list, id);
    } catch (error) {
      toastOnce.error(error instanceof Error ? error.message : 'The note could not be saved');
    } finally {
      setSaving(false);
    }
  };
  return (
    <form className="note-form" onSubmit={(e) => void submit(e)}>
      <label htmlFor="note-text">Add a note</label>
      <textarea id="note-text" value={text} maxLength={NOTE_MAX_LENGTH} rows={3} onChange={(e) => setText(e.target.value)} />
      <button type="submit" className="button" disabled={saving || !text.trim()}>
        {saving ? 'Saving...' : 'Add note'}
      </button>
    </form>
  );
}
