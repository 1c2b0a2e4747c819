import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { flushSync } from 'react-dom';
import toast from 'react-hot-toast';
import {
  ApiError,
  MAX_LENGTH,
  REPLY_FILES_FIELD,
  SUBJECT_MAX_LENGTH,
  UPLOAD_ACCEPT,
  type AdminListName,
  type AttachmentFile,
  type FieldErrors,
  type Placeholder,
  type StaffReply,
} from '@sourcing/shared';
import { CannedReplyPicker } from '../canned-replies/CannedReplyPicker';
import { useConversationQuery } from '../conversation/useConversation';
import { formatFileSize } from '../lists/attachments';
import { invalidateRecords } from '../queries/invalidate';
import { queryKeys } from '../queries/keys';
import { useAdminServices } from '../services';
import { FieldProblem, MessageActions, useMessageSend, withoutProblem } from '../ui/MessageForm';
import { replyFilesOf, replyRequest, withInserted, type RecordFile } from './reply-input';

/** What a reply needs of its record. */
export interface ReplyTarget {
  /** The record's address: the reply's To. */
  to: string;
  /** The status sending the reply moves the record to, if it does. */
  answers: string | null;
  /** The record's form uploads, which the reply may send. */
  files: AttachmentFile[];
  /** What a canned reply's placeholders say of this record. */
  placeholders: Record<Placeholder, string>;
}

/**
 * The reply to a record's sender (docs/admin.md#outbox), built like the note box: where it goes,
 * its subject (the conversation's default, `replySubject`, until staff change it), copies, the
 * words (a canned reply may start them), files of the record and new files from the staff member's
 * computer (checked by the server like form uploads, they become files of the record). Once queued,
 * all of it empties, the subject is the default again and the box has the focus; when refused,
 * everything stays and the server's word on a field shows under it.
 */
export function ReplyForm({ list, id, target }: { list: AdminListName; id: string; target: ReplyTarget }) {
  const { api } = useAdminServices();
  const conversation = useConversationQuery(list, id);
  const [text, setText] = useState('');
  /** The subject as staff typed it; null while it follows the conversation. */
  const [typedSubject, setTypedSubject] = useState<string | null>(null);
  const [cc, setCc] = useState('');
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const [newFiles, setNewFiles] = useState<readonly File[]>([]);
  const [problems, setProblems] = useState<FieldErrors>({});
  const ids = useId();
  const boxId = `${ids}box`;
  const hintId = `${ids}hint`;
  // A reply is a mail of the record and a line of its timeline (and may answer it): all re-read.
  const reply = useMutation({
    mutationFn: ({ request, files }: { request: StaffReply; files: readonly File[] }) => api.reply(list, id, request, files),
    onSuccess: (answer) => toast.success(answer.message),
    onError: (error) => {
      toast.error(error.message);
      setProblems(error instanceof ApiError ? error.fields : {});
    },
    onSettled: (_answer, _error, _request, _context, { client }) =>
      Promise.all([client.invalidateQueries({ queryKey: queryKeys.allOutbox }), invalidateRecords(client, list, [id])]),
  });
  const subject = typedSubject ?? conversation.data?.replySubject ?? '';
  const files = replyFilesOf(target.files, conversation.data?.mails ?? []);
  const { form, box, submit } = useMessageSend(
    text,
    reply.isPending,
    () => {
      setProblems({});
      return reply.mutateAsync({ request: replyRequest({ text, subject, cc, ticked, files }), files: newFiles });
    },
    () => {
      setText('');
      setTypedSubject(null);
      setCc('');
      setTicked(new Set());
      setNewFiles([]);
    },
  );
  /** A field changed: the server's word on it goes. */
  const edited = (field: string) => setProblems((fields) => withoutProblem(fields, field));
  /** A canned reply's text goes into the box, which gets the focus with the caret at its end. */
  const insert = (inserted: string) => {
    const next = withInserted(text, inserted);
    flushSync(() => {
      setText(next);
      edited('message');
    });
    box.current?.focus();
    box.current?.setSelectionRange(next.length, next.length);
  };

  return (
    <form ref={form} className="message-form reply-form" onSubmit={submit} noValidate>
      <label htmlFor={boxId}>Reply to the sender</label>
      <p id={hintId} className="message-form-hint">
        To <strong>{target.to}</strong>.{target.answers && ` Sending it sets the status to ${target.answers}.`}
      </p>
      <div className="reply-lines">
        <LineField
          id={`${ids}subject`}
          label="Subject"
          value={subject}
          maxLength={SUBJECT_MAX_LENGTH}
          problem={problems.subject}
          onChange={(value) => {
            setTypedSubject(value);
            edited('subject');
          }}
        />
        <LineField
          id={`${ids}cc`}
          label="Cc"
          hint="Addresses separated by commas"
          value={cc}
          problem={problems.cc}
          email
          onChange={(value) => {
            setCc(value);
            edited('cc');
          }}
        />
      </div>
      <CannedReplyPicker values={target.placeholders} onInsert={insert} />
      <textarea
        ref={box}
        id={boxId}
        value={text}
        maxLength={MAX_LENGTH.long}
        rows={5}
        aria-invalid={problems.message ? true : undefined}
        aria-describedby={problems.message ? `${hintId} ${ids}message-problem` : hintId}
        onChange={(event) => {
          setText(event.target.value);
          edited('message');
        }}
      />
      <FieldProblem id={`${ids}message-problem`} text={problems.message} />
      {files.length > 0 && (
        <FileChoices
          files={files}
          ticked={ticked}
          problem={problems.attachments}
          onToggle={(storedName) => {
            const next = new Set(ticked);
            if (!next.delete(storedName)) next.add(storedName);
            setTicked(next);
            edited('attachments');
          }}
        />
      )}
      <NewFiles
        files={newFiles}
        problem={problems[REPLY_FILES_FIELD]}
        onChange={(next) => {
          setNewFiles(next);
          edited(REPLY_FILES_FIELD);
        }}
      />
      <MessageActions submitLabel="Send reply" pendingLabel="Sending..." pending={reply.isPending} text={text} />
    </form>
  );
}

/** A one-line field of the reply: its label over the input, a hint under it, and the server's word on it. */
function LineField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  problem: string | undefined;
  maxLength?: number;
  /** Addresses: typed as they are, neither corrected nor completed. */
  email?: boolean;
}) {
  const hintId = `${props.id}-hint`;
  const problemId = `${props.id}-problem`;
  const described = [props.hint && hintId, props.problem && problemId].filter(Boolean).join(' ');
  return (
    <div className="reply-line">
      <label className="field" htmlFor={props.id}>
        <span>{props.label}</span>
        <input
          id={props.id}
          value={props.value}
          maxLength={props.maxLength}
          autoComplete="off"
          inputMode={props.email ? 'email' : undefined}
          spellCheck={props.email ? false : undefined}
          aria-invalid={props.problem ? true : undefined}
          aria-describedby={described || undefined}
          onChange={(event) => props.onChange(event.target.value)}
        />
      </label>
      {props.hint && (
        <p id={hintId} className="reply-line-hint">
          {props.hint}
        </p>
      )}
      <FieldProblem id={problemId} text={props.problem} />
    </div>
  );
}

/** The record's files as checkboxes, none ticked until staff tick them: those ticked go with the reply. */
function FileChoices(props: {
  files: RecordFile[];
  ticked: ReadonlySet<string>;
  problem: string | undefined;
  onToggle: (storedName: string) => void;
}) {
  const problemId = useId();
  return (
    <fieldset className="reply-files" aria-describedby={props.problem ? problemId : undefined}>
      <legend>Send files of this record</legend>
      <div className="reply-file-list">
        {props.files.map((file) => (
          <label key={file.storedName} className="reply-file">
            <input type="checkbox" checked={props.ticked.has(file.storedName)} onChange={() => props.onToggle(file.storedName)} />
            <span>
              {file.name}{' '}
              <span className="reply-file-about">
                ({formatFileSize(file.size)}
                {FILE_CAME[file.came]})
              </span>
            </span>
          </label>
        ))}
      </div>
      <FieldProblem id={problemId} text={props.problem} />
    </fieldset>
  );
}

/** What a record's file says of where it came from, after its size. */
const FILE_CAME: Record<RecordFile['came'], string> = { form: '', mail: ', came by mail', reply: ', sent in a reply' };

/**
 * Files from the staff member's computer to send with the reply, listed as chosen (each can be taken
 * off again). The server checks them like form uploads; one refused says why under the list.
 */
function NewFiles(props: { files: readonly File[]; problem: string | undefined; onChange: (files: readonly File[]) => void }) {
  const ids = useId();
  const described = [`${ids}hint`, props.problem && `${ids}problem`].filter(Boolean).join(' ');
  return (
    <div className="reply-files reply-new-files">
      <label className="field" htmlFor={`${ids}input`}>
        <span>Send new files</span>
        <input
          id={`${ids}input`}
          type="file"
          multiple
          accept={UPLOAD_ACCEPT}
          aria-invalid={props.problem ? true : undefined}
          aria-describedby={described}
          onChange={(event) => {
            const chosen = Array.from(event.target.files ?? []);
            // Emptied, so choosing the same file again is a change too.
            event.target.value = '';
            if (chosen.length) props.onChange([...props.files, ...chosen]);
          }}
        />
      </label>
      <p id={`${ids}hint`} className="reply-line-hint">
        From your computer: they become files of this record.
      </p>
      {props.files.length > 0 && (
        <ul className="reply-file-list" aria-label="New files">
          {props.files.map((file, index) => (
            <li key={`${index}-${file.name}`} className="reply-file">
              <span>
                {file.name} <span className="reply-file-about">({formatFileSize(file.size)})</span>
              </span>{' '}
              <button
                type="button"
                className="button"
                aria-label={`Remove ${file.name}`}
                onClick={() => props.onChange(props.files.filter((_, i) => i !== index))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <FieldProblem id={`${ids}problem`} text={props.problem} />
    </div>
  );
}
