import { randomUUID } from 'node:crypto';
import type { Assignee } from '@sourcing/shared';
import { referenceFieldOf, SPAM_STATUS, storedValues } from '@sourcing/shared';
import { visitorMailVerdict } from '../mail/visitor-mail';
import type { CheckedFile } from '../uploads/check-files';
import { queueSubmissionMails } from '../mail/submission-mails';
import { ownerOnArrival, recordAutomaticAssignment } from './assignment/automatic-assignment';
import type { DeskRow } from './desk/change-records';
import { withDerivedColumns } from './derived-columns';
import { FILES_COLUMN } from './record-entity';
import { storeTerms } from './matching/record-terms';
import type { AnyRow, RecordKind, StoreDeps, Stored } from './record-kind';
import type { SubmissionSource } from './record-source';
import { readResponseTargetSettings, responseTimesOf } from './response-targets/response-target-settings';
import { insertWithReference } from './references/reference';
import { storeWithFiles } from './store-with-files';

/**
 * Stores a checked submission as a new row: each field from its submitted name (so the buyer's
 * techSpecs lands in technicalSpecs), its files under generated names, its times set now, the
 * terms it is matched on (docs/admin.md#matching), what its list's search and sort read
 * (derived-columns.ts), and a new reference and its mails (confirmation, staff alert) when its
 * kind has references; a worked kind's record keeps where it came from (`source`:
 * docs/admin.md#record-sources). A submission from a blocked address or domain is stored as spam,
 * and nobody is mailed (docs/hardening.md#block-list). A worked kind that assigns automatically
 * gives it its owner in the same transaction (docs/admin.md#automatic-assignment), and the time
 * its first response is due (docs/admin.md#response-targets).
 */
export async function createRecord(
  deps: StoreDeps,
  kind: RecordKind,
  input: Record<string, unknown>,
  files: CheckedFile[],
  source: SubmissionSource,
): Promise<Stored<AnyRow>> {
  const now = deps.now();
  const { fields } = kind.definition;
  const reference = referenceFieldOf(kind.definition);
  const values = storedValues(kind.definition, input);
  // Whether the sender may be mailed, asked before the transaction (mail/visitor-mail.ts): blocked is spam.
  const verdict = reference ? await visitorMailVerdict(deps, String(values.email)) : null;
  const spam = verdict?.ok === false && verdict.reason === 'blocked';
  let owner: Assignee | null = null;
  const row = await storeWithFiles(deps, kind.definition.kind, files, async (tx, stored) => {
    const created: AnyRow = { id: randomUUID(), ...values, createdAt: now };
    for (const field of fields) if (field.kind === 'date') created[field.key] = now;
    const { statuses } = kind.definition;
    owner = statuses && !spam ? await ownerOnArrival(tx, deps.engine, kind) : null;
    if (statuses) {
      Object.assign(created, { status: spam ? SPAM_STATUS : statuses[0], ownerId: owner?.id ?? null, version: 1, ...source });
    }
    // By when its first response is due, on the calendar in force now (spam needs none).
    if (statuses && !spam)
      Object.assign(created, responseTimesOf(await readResponseTargetSettings(tx, deps.config.timeZone), kind, now));
    if (fields.some((f) => f.kind === 'files')) created[FILES_COLUMN] = stored;
    // With what the list's search and sort read of it, its reference included once drawn.
    const insert = (row: AnyRow) => tx.insert(kind.entity, withDerivedColumns(kind.definition, row));
    if (reference && verdict) {
      await insertWithReference(tx, created, reference.prefix, insert);
      await queueSubmissionMails(tx, deps, kind, created, verdict);
    } else {
      await insert(created);
    }
    await storeTerms(tx, kind, created);
    if (owner) await recordAutomaticAssignment(deps, tx, now, kind, created as DeskRow, owner);
    return created;
  });
  return { row, created: true, owner };
}
