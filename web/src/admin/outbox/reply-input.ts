import type { AttachmentFile, ConversationMail, StaffReply } from '@sourcing/shared';

/** A file of the record a reply may send: a form upload, a kept attachment of a mail that came back, or a file a reply added. */
export interface RecordFile {
  storedName: string;
  name: string;
  size: number;
  /** How it became the record's: with the form, with a mail that came back, or with a staff reply. */
  came: 'form' | 'mail' | 'reply';
}

/**
 * The record's files a reply may send: its form uploads, then each file of the conversation in its
 * order (kept attachments of the mails that came back, files staff replies carried), each once.
 */
export function replyFilesOf(uploads: readonly AttachmentFile[], mails: readonly ConversationMail[]): RecordFile[] {
  const files: RecordFile[] = uploads.map((file) => ({
    storedName: file.storedName,
    name: file.originalName,
    size: file.size,
    came: 'form',
  }));
  for (const mail of mails) {
    const came = mail.direction === 'in' ? 'mail' : 'reply';
    for (const attachment of mail.attachments) {
      if (attachment.storedName && !files.some((file) => file.storedName === attachment.storedName)) {
        files.push({ storedName: attachment.storedName, name: attachment.name, size: attachment.size, came });
      }
    }
  }
  return files;
}

/** The addresses typed in a Cc field: separated by commas, semicolons or spaces, blanks left out. */
export const addressesOf = (typed: string): string[] => typed.split(/[\s,;]+/).filter(Boolean);

/** The box's text with a canned reply's: in place of a blank box, else after what is there and a blank line. */
export const withInserted = (text: string, inserted: string): string =>
  text.trim() ? `${text.trimEnd()}\n\n${inserted}` : inserted;

/**
 * What the reply form sends: the words; the subject as shown (none when blank: the server's
 * default); the copies typed; the ticked files that are still the record's, in their order.
 */
export function replyRequest(form: {
  text: string;
  subject: string;
  cc: string;
  ticked: ReadonlySet<string>;
  files: readonly RecordFile[];
}): StaffReply {
  const subject = form.subject.trim();
  const cc = addressesOf(form.cc);
  const attachments = form.files.filter((file) => form.ticked.has(file.storedName)).map((file) => file.storedName);
  return {
    message: form.text,
    ...(subject ? { subject } : {}),
    ...(cc.length ? { cc } : {}),
    ...(attachments.length ? { attachments } : {}),
  };
}
