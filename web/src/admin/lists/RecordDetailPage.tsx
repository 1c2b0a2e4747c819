import { useQuery } from '@tanstack/react-query';
import { useEffect, type ComponentProps } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import {
  MATCHED_LISTS,
  placeholderValues,
  RECORD_DEFINITIONS,
  referenceFieldOf,
  type AdminListName,
  type AdminListRecords,
  type AttachmentFile,
  type DeskListName,
  type MatchedListName,
} from '@sourcing/shared';
import { RecordConversation } from '../conversation/RecordConversation';
import { DeskPanel } from '../desk/DeskPanel';
import type { FollowUpState } from '../follow-ups/follow-up-times';
import { ResponseTargetCard } from '../response-targets/ResponseTarget';
import { FollowUpPanel } from '../follow-ups/FollowUpPanel';
import { Timeline } from '../desk/Timeline';
import { MatchesPanel } from '../matching/MatchesPanel';
import { RecordMails } from '../outbox/RecordMails';
import type { ReplyTarget } from '../outbox/ReplyForm';
import { queryKeys } from '../queries/keys';
import { useAdminServices } from '../services';
import { useCan } from '../session/role';
import { failureOf, LoadError } from '../ui/LoadError';
import { attachmentHref, formatFileSize, previewKind } from './attachments';
import { searchOfBackState } from './back-to-list';
import { AttachmentLink, CellView } from './CellView';
import { EraseRecord } from './EraseRecord';
import { DASH, type ListDefinition } from './list-definitions';
import { PdfPreview } from './PdfPreview';

/** One record with every field, and its files previewed inline (images and PDFs). */
export function RecordDetailPage({ definition }: { definition: ListDefinition }) {
  const { api, live } = useAdminServices();
  const { id = '' } = useParams();
  // Opening a record reads it, for this admin on every device; a failure leaves it unread, nothing more.
  useEffect(() => void live.markRead(definition.name, id).catch(() => undefined), [live, definition.name, id]);
  // Re-read when staff change this record (here or elsewhere) and after a reconnect (docs/admin.md#live-updates).
  const record = useQuery({ queryKey: queryKeys.record(definition.name, id), queryFn: () => api.detail(definition.name, id) });
  const failure = failureOf(record);
  const listSearch = searchOfBackState(useLocation().state);
  const canErase = useCan('owner');
  const back = (
    <Link to={`/admin/${definition.route}${listSearch}`} className="back-link">
      ← Back to {definition.title}
    </Link>
  );

  // While a re-read is on its way the record on screen stays (each record has its own key: another's never shows).
  const row = record.data;
  if (!row || failure) {
    return (
      <section className="detail-page">
        {back}
        {failure ? (
          <LoadError message={definition.errorText(failure.message)} onRetry={() => void record.refetch()} />
        ) : (
          <p className="state-text">Loading...</p>
        )}
      </section>
    );
  }

  return (
    <section className="detail-page" aria-labelledby="detail-title">
      {back}
      <h2 id="detail-title" className="page-title">
        {definition.primary(row) || row._id}
      </h2>
      {definition.statuses && (
        <DeskPanel
          list={definition.name as DeskListName}
          statuses={definition.statuses}
          title={definition.primary(row) || row._id}
          record={row as unknown as ComponentProps<typeof DeskPanel>['record']}
        />
      )}
      {definition.statuses && (
        <FollowUpPanel list={definition.name as DeskListName} record={row as unknown as { _id: string } & FollowUpState} />
      )}
      <ResponseTargetCard list={definition.name} row={row} />
      <dl className="detail-fields">
        {definition.details.map((column) => {
          const cell = column.cell(row);
          if (cell.kind === 'files') {
            return (
              <div key={column.header} className="detail-field detail-files">
                <dt>{column.header}</dt>
                <dd>
                  {cell.links.length === 0 ? DASH : cell.links.map((l) => <FilePreview key={l.file.storedName} file={l.file} />)}
                </dd>
              </div>
            );
          }
          return (
            <div key={column.header} className="detail-field">
              <dt>{column.header}</dt>
              <dd className="multiline">{cell.kind === 'text' && cell.text === '' ? DASH : <CellView cell={cell} />}</dd>
            </div>
          );
        })}
      </dl>
      {definition.name in MATCHED_LISTS && <MatchesPanel list={definition.name as MatchedListName} id={row._id} />}
      {referenceFieldOf(RECORD_DEFINITIONS[definition.name]) && (
        <>
          <RecordConversation list={definition.name} id={row._id} {...conversationOf(row)} />
          <RecordMails list={definition.name} id={row._id} reply={replyOf(definition.name, row)} />
        </>
      )}
      {definition.statuses && <Timeline list={definition.name as DeskListName} id={row._id} />}
      {canErase && <EraseRecord definition={definition} id={row._id} listSearch={listSearch} />}
    </section>
  );
}

/** What the record's conversation needs of it: its reference (the `.eml` names) and owner (who reads the customer's replies). */
function conversationOf(row: AdminListRecords[AdminListName]) {
  const { reference, ownerId } = row as { reference?: string; ownerId?: string | null };
  return { reference: reference ?? '', ownerId: ownerId ?? null };
}

/**
 * What a reply from the record needs of it: where it goes, the status it moves the record to (a
 * contact message still Open: Answered), its form uploads to send, and a canned reply's placeholders.
 */
function replyOf(list: AdminListName, row: AdminListRecords[AdminListName]): ReplyTarget {
  const { email, status, attachmentFiles } = row as { email?: string; status?: string; attachmentFiles?: AttachmentFile[] };
  const definition = RECORD_DEFINITIONS[list];
  const move = definition.statusOnReply;
  return {
    to: email ?? '',
    answers: move && status === move.from ? move.to : null,
    files: attachmentFiles ?? [],
    placeholders: placeholderValues(definition, row),
  };
}

function FilePreview({ file }: { file: AttachmentFile }) {
  const { platform } = useAdminServices();
  const href = attachmentHref(file, platform.apiBaseUrl, window.location.origin);
  const kind = previewKind(file);
  return (
    <figure className="file-preview">
      {kind === 'image' && <img src={href} alt={file.originalName} loading="lazy" />}
      {kind === 'pdf' && <PdfPreview src={href} title={file.originalName} />}
      <figcaption>
        <span className="file-name">{file.originalName}</span> <span className="file-size">({formatFileSize(file.size)})</span>{' '}
        <AttachmentLink file={file} label="Open" />
      </figcaption>
    </figure>
  );
}
