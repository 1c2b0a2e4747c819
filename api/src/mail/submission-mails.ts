import { ADMIN_ROUTE_OF, submittedFields, TITLE_OF, type FieldDefinition, type RecordDefinition } from '@sourcing/shared';
import type { Config } from '../config';
import type { Transaction } from '../db/database';
import type { AnyRow, RecordKind } from '../records/record-kind';
import { escapeHtml } from './compose';
import { queueMail } from './outbox';
import { siteUrl } from './site-url';

/** What the visitor sent, in the confirmation's words. */
const SENT_OF: Record<RecordKind['definition']['kind'], string> = {
  inquiry: 'your inquiry',
  supplierInquiry: 'your product offer',
  contact: 'your message',
  subscriber: 'your subscription',
};

/** One line of the copy: a field's label and the value as the visitor sent it (lists comma-joined, files by name). */
interface CopyLine {
  label: string;
  value: string;
}

function copyOf(definition: RecordDefinition, row: AnyRow): CopyLine[] {
  const shown: FieldDefinition[] = [...submittedFields(definition), ...definition.fields.filter((f) => f.kind === 'files')];
  return shown.map((field) => {
    const value =
      field.kind === 'files'
        ? (row.attachments ?? []).map((f) => f.originalName)
        : (row[field.key] as string | string[] | undefined);
    return { label: field.label, value: Array.isArray(value) ? value.join(', ') : (value ?? '') };
  });
}

const copyText = (lines: CopyLine[]) => lines.map((l) => `${l.label}: ${l.value || '-'}`).join('\n');

const copyHtml = (lines: CopyLine[]) =>
  `<table cellpadding="4">${lines
    .map(
      (l) =>
        `<tr><th align="left" valign="top">${escapeHtml(l.label)}</th><td style="white-space:pre-wrap">${escapeHtml(l.value || '-')}</td></tr>`,
    )
    .join('')}</table>`;

const paragraphs = (texts: string[]) => texts.map((t) => `<p>${escapeHtml(t)}</p>`).join('');

/**
 * The mails of a new submission, queued in its transaction (docs/mail.md#the-mails): a confirmation
 * to the sender with the reference and a copy of what they sent, and an alert to NOTIFY_EMAILS
 * linking to the record in the admin.
 */
export async function queueSubmissionMails(tx: Transaction, config: Config, kind: RecordKind, row: AnyRow): Promise<void> {
  const { definition } = kind;
  const reference = String(row.reference);
  const name = String(row[definition.title]);
  const record = { kind: definition.kind, id: row.id };
  const copy = copyOf(definition, row);
  const sent = SENT_OF[definition.kind];

  const thanks = [`Dear ${name},`, `Thank you for ${sent}. Your reference is ${reference}: please quote it when you contact us.`];
  await queueMail(
    tx,
    row.createdAt,
    'confirmation',
    {
      from: config.mail.from,
      to: [String(row.email)],
      subject: `We received ${sent} — ${reference}`,
      text: `${thanks.join('\n\n')}\n\nWhat you sent:\n\n${copyText(copy)}\n`,
      html: `${paragraphs(thanks)}<p>What you sent:</p>${copyHtml(copy)}`,
    },
    record,
  );

  if (config.mail.notifyEmails.length === 0) return;
  const link = `${siteUrl(config)}${ADMIN_ROUTE_OF[definition.kind]}/${row.id}`;
  const alert = `${TITLE_OF[definition.kind][0]} ${reference} from ${name}.`;
  await queueMail(
    tx,
    row.createdAt,
    'staff-alert',
    {
      from: config.mail.from,
      to: config.mail.notifyEmails,
      replyTo: String(row.email),
      subject: `${TITLE_OF[definition.kind][0]} — ${name} (${reference})`,
      text: `${alert}\n\nOpen it in the admin: ${link}\n\n${copyText(copy)}\n`,
      html: `${paragraphs([alert])}<p><a href="${escapeHtml(link)}">Open it in the admin</a></p>${copyHtml(copy)}`,
    },
    record,
  );
}
