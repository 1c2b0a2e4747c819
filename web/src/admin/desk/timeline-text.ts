import { MATCHED_NOUNS, type TimelineEntry } from '@sourcing/shared';

/** What a timeline line says; a new entry type (an e-mail sent, ...) adds its line here. */
export function describeEntry(entry: TimelineEntry): string {
  const who = entry.actor?.email ?? 'Someone';
  switch (entry.type) {
    case 'received':
      return 'Received';
    case 'status':
      return `${who} changed the status from ${entry.from} to ${entry.to}`;
    case 'owner':
      return entry.to ? `${who} assigned it to ${entry.to.email}` : `${who} unassigned it`;
    case 'note':
      return `${who} added a note`;
    case 'link':
    case 'unlink': {
      const other = `${MATCHED_NOUNS[entry.list].one} ${entry.name ?? '(since erased)'}`;
      return entry.type === 'link' ? `${who} linked ${other}` : `${who} unlinked ${other}`;
    }
  }
}
