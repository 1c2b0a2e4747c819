import { randomUUID } from 'node:crypto';
import { storedValues } from '@sourcing/shared';
import { insertRow } from '../db/insert-row';
import type { CheckedFile } from '../uploads/check-files';
import { FILES_COLUMN } from './record-entity';
import { storeTerms } from './matching/record-terms';
import type { AnyRow, RecordKind, StoreDeps, Stored } from './record-kind';
import { storeWithFiles } from './store-with-files';

/**
 * Stores a checked submission as a new row: each field from its submitted name (so the buyer's
 * techSpecs lands in technicalSpecs), its files under generated names, its times set now, and
 * the terms it is matched on (docs/admin.md#matching).
 */
export async function createRecord(
  deps: StoreDeps,
  kind: RecordKind,
  input: Record<string, unknown>,
  files: CheckedFile[],
): Promise<Stored<AnyRow>> {
  const now = deps.now();
  const { fields } = kind.definition;
  const row = await storeWithFiles(deps, kind.definition.kind, files, async (manager, stored) => {
    const created: AnyRow = { id: randomUUID(), ...storedValues(kind.definition, input), createdAt: now };
    for (const field of fields) if (field.kind === 'date') created[field.key] = now;
    if (kind.definition.statuses) Object.assign(created, { status: kind.definition.statuses[0], ownerId: null, version: 1 });
    if (fields.some((f) => f.kind === 'files')) created[FILES_COLUMN] = stored;
    await insertRow(manager, kind.entity, created);
    await storeTerms(manager, kind, created);
    return created;
  });
  return { row, created: true };
}
