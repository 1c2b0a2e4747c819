import { useId } from 'react';
import type { AttachmentFile, AttachmentToOpen } from '@sourcing/shared';
import { toastOnce } from '../../common/toast-once';
import { OwnerName, RowStatus } from '../desk/DeskCells';
import { attachmentHref } from './attachments';
import { useAdminServices } from '../services';
import { DASH, formatDateTime, type Cell } from './list-definitions';

/** A link to a signed attachment URL that opens through the platform (new tab, or the desktop viewer). */
export function AttachmentLink({ file, label, describedBy }: { file: AttachmentToOpen; label: string; describedBy?: string }) {
  const { platform } = useAdminServices();
  return (
    <a
      href={attachmentHref(file, platform.apiBaseUrl, window.location.origin)}
      target="_blank"
      rel="noopener noreferrer"
      title={file.fileName}
      aria-describedby={describedBy}
      onClick={(event) => {
        event.preventDefault();
        platform
          .openAttachment({ url: file.url, fileName: file.fileName })
          .catch((error: unknown) => toastOnce.error(error instanceof Error ? error.message : 'The file could not be opened'));
      }}
    >
      {label}
    </a>
  );
}

/** 'View 1' followed by the file's name, which the link's description also reads out. */
function NamedAttachmentLink({ file, label }: { file: AttachmentFile; label: string }) {
  const nameId = useId();
  return (
    <span className="file-link">
      <AttachmentLink file={file} label={label} describedBy={nameId} />{' '}
      <span className="file-link-name" id={nameId}>
        {file.originalName}
      </span>
    </span>
  );
}

export function CellView({ cell }: { cell: Cell }) {
  switch (cell.kind) {
    case 'text':
      return cell.text;
    case 'multiline':
      return <span className="multiline">{cell.text}</span>;
    case 'date':
      return <time dateTime={cell.iso}>{formatDateTime(cell.iso)}</time>;
    case 'files':
      if (cell.links.length === 0) return DASH;
      return (
        <span className="file-links">
          {cell.links.map((link) => (
            <NamedAttachmentLink key={link.file.storedName} file={link.file} label={link.label} />
          ))}
        </span>
      );
    case 'status':
      return <RowStatus cell={cell} />;
    case 'owner':
      return <OwnerName ownerId={cell.ownerId} />;
  }
}
