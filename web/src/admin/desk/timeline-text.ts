import { MATCHED_NOUNS, type MailPurpose, type TimelineEntry } from '@sourcing/shared';

/** What the system's own mails of a record are called on its timeline. */
const MAIL_SENT: Record<Exclude<MailPurpose, 'reply'>, string> = {
  confirmation: 'Confirmation',
  'staff-alert': 'Staff alert',
  'newsletter-confirmation': 'Newsletter confirmation',
  invitation: 'Staff invitation',
};

/** What a timeline line says; a new entry type (an e-mail sent, ...) adds its line here. */
export function describeEntry(entry: TimelineEntry): string {
  const who = entry.actor?.name ?? 'Someone';
  switch (entry.type) {
    case 'received':
      return 'Received';
    case 'status':
      return `${who} changed the status from ${entry.from} to ${entry.to}`;
    case 'owner':
      return entry.to ? `${who} assigned it to ${entry.to.name}` : `${who} unassigned it`;
    case 'note':
      return `${who} added a note`;
    case 'mail':
      return entry.purpose === 'reply'
        ? `${who} replied by e-mail to ${entry.to.join(', ')}`
        : `${MAIL_SENT[entry.purpose]} e-mailed to ${entry.to.join(', ')}`;
    case 'link':
    case 'unlink': {
      const other = `${MATCHED_NOUNS[entry.list].one} ${entry.name ?? '(since erased)'}`;
      return entry.type === 'link' ? `${who} linked ${other}` : `${who} unlinked ${other}`;
    }
  }
}
