import { parseEmailAddress, submittedFields, type FieldDefinition, type RecordDefinition } from '@sourcing/shared';
import type { Config } from '../config';
import type { Transaction } from '../db/database';
import type { Engine } from '../db/engine';
import type { AnyRow, RecordKind } from '../records/record-kind';
import { escapeHtml } from './compose';
import { confirmationMail } from './confirmation-mail';
import { siteUrl } from './site-url';
import { queueStaffAlert } from './staff-alerts';
import { queueVisitorMail, type VisitorMailVerdict } from './visitor-mail';

/** One line of the staff alert's copy: a field's label and the value as the visitor sent it (lists comma-joined, files by name). */
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

/**
 * The mails of a new submission, queued in its transaction (docs/mail.md#the-mails): a
 * confirmation to the sender (reference, kind of request, the site; never what they typed, but
 * a name that looks like one), when its verdict (visitor-mail.ts, asked before the transaction)
 * lets it go; and an alert to NOTIFY_EMAILS with what was sent, or its place in the next digest
 * during a burst. A submission from a blocked address is spam: staff are not alerted.
 */
export async function queueSubmissionMails(
  tx: Transaction,
  deps: { config: Config; engine: Engine },
  kind: RecordKind,
  row: AnyRow,
  verdict: VisitorMailVerdict,
): Promise<void> {
  const { definition } = kind;
  const reference = String(row.reference);
  const name = String(row[definition.title]);
  const email = String(row.email);
  const record = { kind: definition.kind, id: row.id };
  const facts = { kind: definition.kind, reference, name, siteUrl: siteUrl(deps.config) };
  await queueVisitorMail(
    tx,
    row.createdAt,
    'confirmation',
    { stored: email, verdict },
    (address) => ({ from: deps.config.mail.from, to: [address], ...confirmationMail(facts) }),
    record,
  );
  if (!verdict.ok && verdict.reason === 'blocked') return;
  const copy = copyOf(definition, row);
  const sender = parseEmailAddress(email);
  await queueStaffAlert(tx, deps, {
    ...record,
    reference,
    name,
    replyTo: sender.ok ? sender.address : null,
    createdAt: row.createdAt,
    copy: { text: copyText(copy), html: copyHtml(copy) },
  });
}
