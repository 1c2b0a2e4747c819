import { useId, useState } from 'react';
import { FAILURE_MESSAGES, type InboundAttachmentSummary, type InboundMailKind, type SentAttachment } from '@sourcing/shared';
import { toastOnce } from '../../common/toast-once';
import { formatFileSize } from '../lists/attachments';
import { AttachmentLink } from '../lists/CellView';
import { formatDateTime } from '../lists/list-definitions';
import { useAdminServices } from '../services';
import { emlFileName, newWordsOf } from './conversation-mails';

/** Who sent a received mail: their name and address, or the address alone. */
export function Sender({ from }: { from: { address: string; name: string | null } }) {
  if (!from.name) return <span className="mail-sender">{from.address || 'Unknown sender'}</span>;
  return (
    <span className="mail-sender">
      {from.name} <span className="mail-address">&lt;{from.address}&gt;</span>
    </span>
  );
}

/** What a received mail is, when it is not a person's answer: its badge's words and colour. */
const KIND_BADGES: Record<Exclude<InboundMailKind, 'reply'>, { text: string; tone: string }> = {
  'auto-reply': { text: 'Automatic reply', tone: 'badge-auto' },
  bounce: { text: 'Bounce', tone: 'badge-bounce' },
  spam: { text: 'Spam', tone: 'badge-bounce' },
};

/** The badge of a received mail that is no answer (an automatic reply, a bounce, spam from a blocked sender); none for a reply. */
export function KindBadge({ kind }: { kind: InboundMailKind }) {
  if (kind === 'reply') return null;
  const { text, tone } = KIND_BADGES[kind];
  return <span className={`mail-badge ${tone}`}>{text}</span>;
}

/** When a mail was sent or received, as the admin shows times everywhere. */
export function MailTime({ at }: { at: string }) {
  return (
    <time className="mail-time" dateTime={at}>
      {formatDateTime(at)}
    </time>
  );
}

/**
 * A received mail's words: the new part first, and a button that shows the whole text with the
 * quoted history (only when there is more than the new part).
 */
export function ReceivedWords({ mail }: { mail: { replyText: string; text: string } }) {
  const [quoted, setQuoted] = useState(false);
  const id = useId();
  const words = newWordsOf(mail);
  const hasMore = mail.text.trim() !== words.trim();
  return (
    <>
      <p id={id} className="mail-words">
        {(quoted ? mail.text : words) || <span className="mail-none">(no text)</span>}
      </p>
      {hasMore && (
        <button
          type="button"
          className="quoted-toggle"
          aria-expanded={quoted}
          aria-controls={id}
          onClick={() => setQuoted(!quoted)}
        >
          {quoted ? 'Hide quoted text' : 'Show quoted text'}
        </button>
      )}
    </>
  );
}

/**
 * The files that came with a mail, named and sized: those kept as files of the record open like
 * its form uploads, the others say why they were not kept; every one is inside the `.eml`.
 */
export function ReceivedAttachments({ attachments }: { attachments: InboundAttachmentSummary[] }) {
  if (attachments.length === 0) return null;
  return (
    <div className="mail-attachments">
      <p className="mail-attachments-note">
        {attachments.length === 1 ? 'Attachment' : `${attachments.length} attachments`}, also inside the .eml:
      </p>
      <ul aria-label="Attachments">
        {attachments.map((file, index) => (
          <li key={`${index}-${file.name}`}>
            {file.name} <span className="file-size">({formatFileSize(file.size)})</span>
            {file.url && (
              <>
                {' '}
                <AttachmentLink file={{ url: file.url, fileName: file.name }} label="Open" />
              </>
            )}
            {file.notKept && <span className="mail-file-note"> — not kept: {file.notKept}</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The record's files a mail we sent carried, each opened like a form upload. */
export function SentAttachments({ attachments }: { attachments: SentAttachment[] }) {
  if (attachments.length === 0) return null;
  return (
    <div className="mail-attachments">
      <p className="mail-attachments-note">
        {attachments.length === 1 ? 'Sent with 1 file' : `Sent with ${attachments.length} files`}:
      </p>
      <ul aria-label="Attachments">
        {attachments.map((file) => (
          <li key={file.storedName}>
            {file.name} <span className="file-size">({formatFileSize(file.size)})</span>{' '}
            <AttachmentLink file={{ url: file.url, fileName: file.name }} label="Open" />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Saves a received mail as it came (`.eml`, attachments and all) through a short-lived signed link. */
export function DownloadEml({ id, name }: { id: string; name: string }) {
  const { api, platform } = useAdminServices();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const { url } = await api.inboundEmlLink(id);
      await platform.saveDownload({ url, fileName: emlFileName(name) });
    } catch (error) {
      toastOnce.error(error instanceof Error ? error.message : FAILURE_MESSAGES.inboundEml);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="button button-small" disabled={busy} onClick={() => void download()}>
      {busy ? 'Downloading...' : 'Download .eml'}
    </button>
  );
}
