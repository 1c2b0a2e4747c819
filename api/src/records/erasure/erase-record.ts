import type { RecordKind as KindName } from '@sourcing/shared';
import type { AppDeps } from '../../app-deps';
import type { AuditWho } from '../../audit/audit';
import type { Transaction } from '../../db/database';
import { eraseRecordMails, removeFiledMails } from '../../mail/erase-mails';
import type { RecordKind } from '../record-kind';

export type ErasureDeps = Pick<AppDeps, 'db' | 'uploads' | 'audit' | 'logger' | 'config'>;

/** What an erasure leaves to remove once its transaction has committed: files on disk. */
export interface ErasedTraces {
  erased: { kind: KindName; id: string }[];
  storedNames: string[];
  mailIds: string[];
}

export const noTraces = (): ErasedTraces => ({ erased: [], storedNames: [], mailIds: [] });

/**
 * Erases records of one kind and every trace of them (docs/admin.md#erasure), in the caller's
 * transaction: the rows (their match terms, links, search entries and counts follow by trigger),
 * their files' index, their mails (outbox rows; the filed copies go after the commit), their
 * timeline events and notes, each admin's read marks, and a place in a staff digest. Adds what it
 * erased to `traces`. A table that keeps something of a record must be cleared here: the generic
 * erasure test (erasure.test.ts) finds any that is not.
 */
export async function eraseWithin(tx: Transaction, kind: RecordKind, ids: string[], traces: ErasedTraces): Promise<string[]> {
  if (ids.length === 0) return [];
  const hasFiles = kind.definition.fields.some((f) => f.kind === 'files');
  const rows = await tx.all<{ id: string; attachments?: string }>(
    `SELECT "id"${hasFiles ? ', "attachments"' : ''} FROM "${kind.table}" WHERE "id" IN (${ids.map(() => '?').join(', ')})`,
    ids,
  );
  const found = rows.map((r) => String(r.id));
  if (found.length === 0) return [];
  const list = found.map(() => '?').join(', ');
  const files = await tx.all<{ storedName: string }>(
    `DELETE FROM "uploaded_files" WHERE "recordId" IN (${list}) RETURNING "storedName"`,
    found,
  );
  const attached = rows.flatMap((r) => (r.attachments ? (JSON.parse(r.attachments) as { storedName: string }[]) : []));
  traces.storedNames.push(...new Set([...files.map((f) => f.storedName), ...attached.map((f) => f.storedName)]));
  traces.mailIds.push(...(await eraseRecordMails(tx, found)));
  await tx.run(`DELETE FROM "record_events" WHERE "recordId" IN (${list})`, found);
  await tx.run(`DELETE FROM "record_reads" WHERE "recordId" IN (${list})`, found);
  await tx.run(`DELETE FROM "${kind.table}" WHERE "id" IN (${list})`, found);
  traces.erased.push(...found.map((id) => ({ kind: kind.definition.kind, id })));
  return found;
}

/**
 * Once the erasure has committed: the files on disk and the filed mails go, and SQLite's WAL is
 * checkpointed so the erased bytes are in no file. A file that cannot be removed is logged (an
 * upload is swept as an orphan at the next start: uploads/clean-leftovers.ts).
 */
export async function afterErasure(deps: ErasureDeps, traces: ErasedTraces): Promise<void> {
  if (traces.erased.length === 0) return;
  const failed = (what: string) => (error: unknown) =>
    deps.logger.error(`removing erased ${what} failed`, { error: error instanceof Error ? error.message : String(error) });
  await deps.uploads.remove(traces.storedNames).catch(failed('files'));
  await removeFiledMails(deps.config.dataDir, traces.mailIds).catch(failed('mails'));
  await deps.db.forgetErased().catch(failed('pages (checkpoint)'));
}

/**
 * A data-protection erasure of records of one kind (one, or a list's bulk erase): every trace of
 * each, one audit entry per record naming only its kind and id. Answers the ids erased (those that
 * existed).
 */
export async function eraseRecords(
  deps: ErasureDeps,
  who: AuditWho,
  kind: RecordKind,
  ids: string[],
  { bulk }: { bulk: boolean },
): Promise<string[]> {
  const traces = noTraces();
  const erased = await deps.db.transaction(async (tx) => {
    const found = await eraseWithin(tx, kind, ids, traces);
    for (const id of found) {
      await deps.audit(who, 'record-erased', { kind: kind.definition.kind, id }, bulk ? { bulk } : {}, tx);
    }
    return found;
  });
  await afterErasure(deps, traces);
  return erased;
}
