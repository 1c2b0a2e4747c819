import { randomUUID } from 'node:crypto';
import type { SubscribeInput } from '@sourcing/shared';
import type { AppDeps } from '../../../app-deps';
import { SUBSCRIBER, type SubscriberRow } from '../../../db/entities/subscriber';

export interface Subscription {
  row: SubscriberRow;
  /** false when the address (in any letter case) was already subscribed. */
  created: boolean;
}

/**
 * Inserts unless LOWER(email) exists (the unique index decides, so two concurrent requests
 * still store one row), then reads back whichever row holds the address.
 */
export async function subscribe(deps: Pick<AppDeps, 'dataSource' | 'now'>, input: SubscribeInput): Promise<Subscription> {
  const repo = deps.dataSource.getRepository<SubscriberRow>(SUBSCRIBER);
  const candidate: SubscriberRow = { id: randomUUID(), email: input.email, createdAt: deps.now() };
  await repo.createQueryBuilder().insert().values(candidate).orIgnore().execute();
  const row = await repo
    .createQueryBuilder('s')
    .where('LOWER(s.email) = LOWER(:email)', { email: input.email })
    .getOneOrFail();
  return { row, created: row.id === candidate.id };
}
