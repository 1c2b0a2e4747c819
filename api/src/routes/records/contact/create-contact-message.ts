import { randomUUID } from 'node:crypto';
import type { ContactMessageInput } from '@sourcing/shared';
import type { AppDeps } from '../../../app-deps';
import { CONTACT_MESSAGE, type ContactMessageRow } from '../../../db/entities/contact-message';

export async function createContactMessage(
  deps: Pick<AppDeps, 'dataSource' | 'now'>,
  input: ContactMessageInput,
): Promise<ContactMessageRow> {
  const row: ContactMessageRow = { id: randomUUID(), ...input, createdAt: deps.now() };
  await deps.dataSource.getRepository<ContactMessageRow>(CONTACT_MESSAGE).insert(row);
  return row;
}
