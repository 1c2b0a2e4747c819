import { MATCHED_NOUNS, type MailPurpose, type MailWithheldReason, type TimelineEntry } from '@sourcing/shared';

/** What a record's mails are called on its timeline. */
const MAIL_NAME: Record<MailPurpose, string> = {
  confirmation: 'Confirmation',
  'staff-alert': 'Staff alert',
  'staff-digest': 'Staff digest',
  reply: 'Reply',
  'newsletter-confirmation': 'Newsletter confirmation',
  invitation: 'Staff invitation',
  assignment: 'Assignment notice',
  'follow-up-digest': 'Follow-up digest',
};

/** Why a mail to the sender was not sent (docs/mail.md#addresses). */
export const WITHHELD_BECAUSE: Record<MailWithheldReason, string> = {
  'invalid-address': 'it is not one e-mail address',
  blocked: 'the address is on the block list',
  'recipient-limit': 'the address reached its limit of mails from the forms',
};

/** What a timeline line says; a new entry type (an e-mail sent, ...) adds its line here. */
export function describeEntry(entry: TimelineEntry): string {
  const who = entry.actor?.name ?? 'Someone';
  /** A follow-up's or snooze's time, in the viewer's locale. */
  const time = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  switch (entry.type) {
    case 'received':
      return 'Received';
    case 'status':
      return `${who} changed the status from ${entry.from} to ${entry.to}${entry.reason ? `: ${entry.reason}` : ''}`;
    case 'owner':
      return entry.to ? `${who} assigned it to ${entry.to.name}` : `${who} unassigned it`;
    case 'note':
      return `${who} added a note`;
    case 'mail':
      return entry.purpose === 'reply'
        ? `${who} replied by e-mail to ${entry.to.join(', ')}`
        : `${MAIL_NAME[entry.purpose]} e-mailed to ${entry.to.join(', ')}`;
    case 'withheld':
      return `${MAIL_NAME[entry.purpose]} not e-mailed to ${entry.to}: ${WITHHELD_BECAUSE[entry.reason]}`;
    case 'answer': {
      const from = entry.fromOtherAddress ? `${entry.from} (from another address)` : entry.from;
      if (entry.mail === 'bounce') return `A mail bounced: ${entry.reason ?? 'not delivered'}`;
      return `${entry.mail === 'auto-reply' ? 'Automatic reply' : 'Reply'} from ${from}: ${entry.subject || '(no subject)'}`;
    }
    case 'link':
    case 'unlink': {
      const other = `${MATCHED_NOUNS[entry.list].one} ${entry.name ?? '(since erased)'}`;
      return entry.type === 'link' ? `${who} linked ${other}` : `${who} unlinked ${other}`;
    }
    case 'follow-up':
      return `${who} set a follow-up for ${time(entry.at)}${entry.note ? `: ${entry.note}` : ''}`;
    case 'follow-up-cleared':
      return `${who} cleared the follow-up`;
    case 'snoozed':
      return `${who} snoozed it until ${time(entry.until)}`;
    case 'snooze-ended':
      if (entry.why === 'staff') return `${who} ended the snooze`;
      return entry.why === 'reply' ? 'The snooze ended: the customer replied' : 'The snooze ended';
  }
}
