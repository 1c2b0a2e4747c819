import type { InboundMailKind } from '@sourcing/shared';
import type { AppDeps } from '../../app-deps';
import { HttpError } from '../../http/errors';
import { changeWithEvents } from '../../records/publish';
import { indexInboundFiles } from './inbound-files';
import { readInbound } from './read-inbound';
import { enterConversation, keptFilesOf, type InboundDeps } from './receive-inbound';
import { sameAddress, type ThreadedRecord } from './thread-inbound';

export const NOT_UNMATCHED = 'This mail is no longer waiting: someone attached or discarded it';

/**
 * Staff attach an unmatched mail to a record (docs/mail.md#unmatched-mail): it enters the record's
 * conversation as a mail threaded on arrival would (timeline, live change, its attachments kept as
 * the record's files), marked from another address when it is, and the audit trail says who did
 * it. One conditional UPDATE decides between two staff attaching or discarding it at once.
 */
export async function attachInboundMail(
  deps: InboundDeps & Pick<AppDeps, 'audit'>,
  who: Parameters<AppDeps['audit']>[0],
  mailId: string,
  record: ThreadedRecord,
): Promise<void> {
  const [row] = await deps.db.all<{ raw: Buffer | Uint8Array; state: string; kind: InboundMailKind }>(
    `SELECT "raw", "state", "kind" FROM "inbound_mails" WHERE "id" = ?`,
    [mailId],
  );
  if (row?.state !== 'unmatched') throw new HttpError(409, NOT_UNMATCHED);
  // What it is was decided when it came (spam from a blocked sender stays spam).
  const message = { ...(await readInbound(Buffer.from(row.raw))), kind: row.kind };
  const fromOtherAddress = !message.from || !sameAddress(record.email, message.from.address);
  const kept = await keptFilesOf(deps, message, true);
  const target = { kind: record.kind.definition.kind, id: record.id };
  try {
    await changeWithEvents(deps, async (tx, announce) => {
      const attached = await tx.run(
        `UPDATE "inbound_mails" SET "state" = 'attached', "recordKind" = ?, "recordId" = ?, "matchedBy" = 'staff',
  "fromOtherAddress" = ${fromOtherAddress ? 'TRUE' : 'FALSE'}, "attachments" = ? WHERE "id" = ? AND "state" = 'unmatched'`,
        [target.kind, target.id, JSON.stringify(kept.files), mailId],
      );
      if (!attached) throw new HttpError(409, NOT_UNMATCHED);
      await indexInboundFiles(tx, kept.files, target, deps.now());
      await enterConversation(tx, announce, deps, message, record, fromOtherAddress);
      const summary = `unmatched mail attached to ${record.reference}`;
      await deps.audit(who, 'inbound-mail-attached', target, { summary, mailId }, tx);
    });
  } catch (error) {
    await kept.forget();
    throw error;
  }
}
