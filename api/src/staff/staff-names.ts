import { displayNameOf, type Assignee, type TimelineEntry } from '@sourcing/shared';
import { In, type EntityManager } from 'typeorm';
import type { AdminState } from '../auth/require-admin';
import { AdminEntity, type AdminRow } from '../auth/schema';

/** A staff member as records, timelines and live changes show them: with their display name (else their e-mail). */
export const assigneeOf = (admin: Pick<AdminRow, 'id' | 'email' | 'displayName'>): Assignee => ({
  id: admin.id,
  email: admin.email,
  name: displayNameOf({ name: admin.displayName, email: admin.email }),
});

/** The staff with these ids, by id, named as they are now; `reads` is `db.reads` or a transaction's manager. */
export async function staffById(reads: EntityManager, ids: (string | null | undefined)[]): Promise<Map<string, Assignee>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (wanted.length === 0) return new Map();
  const admins = await reads.getRepository(AdminEntity).find({
    select: { id: true, email: true, displayName: true },
    where: { id: In(wanted) },
  });
  return new Map(admins.map((a) => [a.id, assigneeOf(a)]));
}

/** The signed-in admin of a request as the actor of a change (the name read now, so a rename shows at once). */
export async function actorOf(reads: EntityManager, ctx: { state: AdminState }): Promise<Assignee> {
  const { id, email } = ctx.state.admin;
  return (await staffById(reads, [id])).get(id) ?? { id, email, name: email };
}

/**
 * A timeline with every staff member it names (who did it, an owner before and after) under their
 * current name: events store ids and e-mails, and a name may change after the fact.
 */
export async function nameTimelineStaff(reads: EntityManager, entries: TimelineEntry[]): Promise<TimelineEntry[]> {
  const staff = await staffById(
    reads,
    entries.flatMap((e) => [e.actor?.id, ...(e.type === 'owner' ? [e.from?.id, e.to?.id] : [])]),
  );
  const named = (who: Assignee | null): Assignee | null =>
    who ? (staff.get(who.id) ?? { ...who, name: who.name || who.email }) : null;
  return entries.map((entry) =>
    entry.type === 'owner'
      ? { ...entry, actor: named(entry.actor), from: named(entry.from), to: named(entry.to) }
      : { ...entry, actor: named(entry.actor) },
  );
}
