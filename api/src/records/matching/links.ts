import { MATCHED_LISTS, type Assignee, type MatchedListName } from '@sourcing/shared';
import type { EntityManager } from 'typeorm';
import type { AppDeps } from '../../app-deps';
import type { AuditWho } from '../../audit/audit';
import { changeEvent, type DeskRow } from '../desk/change-records';
import { eventRow, storeEvents } from '../desk/record-events';
import { touchRecords } from '../desk/updated-at';
import { changeWithEvents } from '../publish';
import type { AnyRow } from '../record-kind';
import { RECORD_KINDS } from '../record-kinds';
import { RECORD_LINK, type RecordLinkRow } from './matching-tables';

/** Either record of a link is missing. */
export class LinkedRecordNotFound extends Error {}
/** Linking what is linked already, or unlinking what is not. */
export class LinkStateConflict extends Error {}

const pair = (list: MatchedListName, id: string, otherId: string) =>
  list === 'inquiries' ? { inquiryId: id, offerId: otherId } : { inquiryId: otherId, offerId: id };

async function rowsOf(manager: EntityManager, list: MatchedListName, id: string, otherId: string) {
  const read = (name: MatchedListName, recordId: string) =>
    manager.getRepository<AnyRow>(RECORD_KINDS[name].entity).findOneBy({ id: recordId }) as Promise<DeskRow | null>;
  const [row, other] = await Promise.all([read(list, id), read(MATCHED_LISTS[list], otherId)]);
  if (!row || !other) throw new LinkedRecordNotFound();
  return { row, other };
}

/**
 * Links (or unlinks) a record with one of the other matched list: the link row, an event in both
 * records' timelines, both records' Updated At and an audit entry (on the record the link was
 * made from, naming the other by kind, id and reference), in one transaction, which announces it.
 * One realtime event names both records, so every open view of either re-reads. Answers the
 * other record.
 */
export async function changeLink(
  deps: Pick<AppDeps, 'db' | 'now' | 'bus' | 'logger' | 'audit'>,
  list: MatchedListName,
  id: string,
  otherId: string,
  linked: boolean,
  { actor, who }: { actor: Assignee; who: AuditWho },
): Promise<AnyRow> {
  const otherList = MATCHED_LISTS[list];
  const now = deps.now();
  return changeWithEvents(deps, async (tx, announce) => {
    const { manager } = tx;
    const { row, other } = await rowsOf(manager, list, id, otherId);
    const links = manager.getRepository<RecordLinkRow>(RECORD_LINK);
    const key = pair(list, id, otherId);
    if ((await links.existsBy(key)) === linked) throw new LinkStateConflict();
    if (linked) await links.insert({ ...key, actorId: actor.id, createdAt: now });
    else await links.delete(key);
    const type = linked ? 'link' : 'unlink';
    await storeEvents(tx, [
      eventRow(RECORD_KINDS[list].definition.kind, id, type, actor, { list: otherList, recordId: otherId }, now),
      eventRow(RECORD_KINDS[otherList].definition.kind, otherId, type, actor, { list, recordId: id }, now),
    ]);
    await touchRecords(tx, RECORD_KINDS[list], [id], now);
    await touchRecords(tx, RECORD_KINDS[otherList], [otherId], now);
    const kind = RECORD_KINDS[list];
    const otherKind = RECORD_KINDS[otherList];
    const title = String(row[kind.definition.title]);
    const otherTitle = String(other[otherKind.definition.title]);
    const text = linked ? `linked ${title} with ${otherTitle}` : `unlinked ${title} from ${otherTitle}`;
    const otherName = typeof other.reference === 'string' ? other.reference : otherId;
    await deps.audit(
      who,
      linked ? 'record-linked' : 'record-unlinked',
      { kind: kind.definition.kind, id },
      {
        summary: linked ? `linked to ${otherName}` : `unlinked from ${otherName}`,
        other: { kind: otherKind.definition.kind, id: otherId },
      },
      tx,
    );
    await announce(changeEvent(kind, row, actor, 'link', text, row, { event: otherKind.definition.event, id: otherId }));
    return other;
  });
}
