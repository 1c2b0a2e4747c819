import { randomUUID } from 'node:crypto';
import { referenceFieldOf, storedValues } from '@sourcing/shared';
import type { CheckedFile } from '../uploads/check-files';
import { queueSubmissionMails } from '../mail/submission-mails';
import { withDerivedColumns } from './derived-columns';
import { FILES_COLUMN } from './record-entity';
import { storeTerms } from './matching/record-terms';
import type { AnyRow, RecordKind, StoreDeps, Stored } from './record-kind';
import { insertWithReference } from './references/reference';
import { storeWithFiles } from './store-with-files';

/**
 * Stores a checked submission as a new row: each field from its submitted name (so the buyer's
 * techSpecs lands in technicalSpecs), its files under generated names, its times set now, the
 * terms it is matched on (docs/admin.md#matching), what its list's search and sort read
 * (derived-columns.ts), and a new reference and its mails (confirmation, staff alert) when its
 * kind has references.
 */
export async function createRecord(
  deps: StoreDeps,
  kind: RecordKind,
  input: Record<string, unknown>,
  files: CheckedFile[],
): Promise<Stored<AnyRow>> {
  const now = deps.now();
  const { fields } = kind.definition;
  const reference = referenceFieldOf(kind.definition);
  const row = await storeWithFiles(deps, kind.definition.kind, files, async (tx, stored) => {
    const created: AnyRow = { id: randomUUID(), ...storedValues(kind.definition, input), createdAt: now };
    for (const field of fields) if (field.kind === 'date') created[field.key] = now;
    if (kind.definition.statuses) Object.assign(created, { status: kind.definition.statuses[0], ownerId: null, version: 1 });
    if (fields.some((f) => f.kind === 'files')) created[FILES_COLUMN] = stored;
    // With what the list's search and sort read of it, its reference included once drawn.
    const insert = (row: AnyRow) => tx.insert(kind.entity, withDerivedColumns(kind.definition, row));
    if (reference) {
      await insertWithReference(tx, created, reference.prefix, insert);
      await queueSubmissionMails(tx, deps.config, kind, created);
    } else {
      await insert(created);
    }
    await storeTerms(tx, kind, created);
    return created;
  });
  return { row, created: true };
}
