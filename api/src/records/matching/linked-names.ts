import type { TimelineEntry } from '@sourcing/shared';
import { In, type EntityManager } from 'typeorm';
import type { AnyRow } from '../record-kind';
import { RECORD_KINDS } from '../record-kinds';

type LinkEntry = Extract<TimelineEntry, { type: 'link' | 'unlink' }>;
const isLink = (entry: TimelineEntry): entry is LinkEntry => entry.type === 'link' || entry.type === 'unlink';

/** Timeline entries with the current name of each linked record (null once it is erased). */
export async function nameLinkedRecords(manager: EntityManager, entries: TimelineEntry[]): Promise<TimelineEntry[]> {
  const links = entries.filter(isLink);
  if (links.length === 0) return entries;
  const names = new Map<string, string>();
  for (const list of new Set(links.map((e) => e.list))) {
    const kind = RECORD_KINDS[list];
    const ids = [...new Set(links.filter((e) => e.list === list).map((e) => e.recordId))];
    const rows = await manager
      .getRepository<AnyRow>(kind.entity)
      .find({ select: { id: true, [kind.definition.title]: true }, where: { id: In(ids) } });
    for (const row of rows) names.set(row.id, String(row[kind.definition.title]));
  }
  return entries.map((entry) => (isLink(entry) ? { ...entry, name: names.get(entry.recordId) ?? null } : entry));
}
