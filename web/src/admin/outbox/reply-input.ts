import type { AttachmentFile, ConversationMail, StaffReply } from '@sourcing/shared';

/** A file of the record a reply may send: a form upload, or a kept attachment of a mail that came back. */
export interface RecordFile {
  storedName: string;
  name: string;
  size: number;
  /** It came with a mail (else with the form). */
  byMail: boolean;
}

/** The record's files a reply may send: its form uploads, then each kept attachment of the mails that came back. */
export function replyFilesOf(uploads: readonly AttachmentFile[], mails: readonly ConversationMail[]): RecordFile[] {
  const files: RecordFile[] = uploads.map((file) => ({
    storedName: file.storedName,
    name: file.originalName,
    size: file.size,
    byMail: false,
  }));
  for (const mail of mails) {
    if (mail.direction !== 'in') continue;
    for (const attachment of mail.attachments) {
      if (attachment.storedName && !files.some((file) => file.storedName === attachment.storedName)) {
        files.push({ storedName: attachment.storedName, name: attachment.name, size: attachment.size, byMail: true });
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
