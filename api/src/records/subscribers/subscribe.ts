import { randomUUID } from 'node:crypto';
import type { ObjectLiteral } from 'typeorm';
import type { SubscribeInput } from '@sourcing/shared';
import type { AnyRow, RecordKind, StoreDeps, Stored } from '../record-kind';

/**
 * Inserts unless LOWER(email) exists (the unique index decides, so two concurrent requests
 * still store one row), then reads back whichever row holds the address.
 */
export async function subscribe(deps: StoreDeps, kind: RecordKind, input: Record<string, unknown>): Promise<Stored<AnyRow>> {
  const { email } = input as SubscribeInput;
  const repo = deps.dataSource.getRepository<ObjectLiteral>(kind.entity);
  const candidate: AnyRow = { id: randomUUID(), email, createdAt: deps.now() };
  await repo.createQueryBuilder().insert().values(candidate).orIgnore().execute();
  const row = await repo.createQueryBuilder('s').where('LOWER(s.email) = LOWER(:email)', { email }).getOneOrFail();
  return { row: row as AnyRow, created: row.id === candidate.id };
}
