import { REPLY_FILES_FIELD, REPLY_MAX_FILES, replyFilesLimit, type staffReplySchema } from '@sourcing/shared';
import type { Context } from 'koa';
import type { z } from 'zod';
import type { AppDeps } from '../app-deps';
import { AdminEntity } from '../auth/schema';
import type { StoredFile } from '../db/entities/stored-file';
import { HttpError, NOT_FOUND } from '../http/errors';
import { serveWaitingQuietly } from '../records/assignment/automatic-assignment';
import { applyDeskChange, changeEvent, type DeskRow } from '../records/desk/change-records';
import { keepFirstResponse } from '../records/desk/first-response';
import { touchRecords } from '../records/desk/updated-at';
import { UUID } from '../records/list/cursor';
import { changeWithEvents } from '../records/publish';
import type { AnyRow, RecordKind } from '../records/record-kind';
import { indexRecordFiles, keepCheckedFiles } from '../records/store-with-files';
import { assigneeOf } from '../staff/staff-names';
import { checkFiles } from '../uploads/check-files';
import { servedFileName } from '../uploads/file-names';
import type { IncomingFile } from '../uploads/receive-files';
import { escapeHtml, staffReplyFrom, type MailAttachment } from './compose';
import { markRepliesSeen } from './inbound/customer-replied';
import { queueMail } from './outbox';
import { plusAddressed, replySubject, replyToken, threadOf } from './reply-threads';
import { addressVerdict } from './visitor-mail';

/** A file named in a reply that is not one of the record's. */
export const NOT_A_RECORD_FILE = 'Attach only files of this record';
export const ccBlocked = (address: string) => `${address} is on the block list: take it off the list to copy it`;

/** Why a reply cannot go (docs/mail.md#addresses): the record's address is not one address, or it is blocked. */
export const REPLY_REFUSED = {
  'invalid-address': 'The sender’s e-mail address is not one valid address, so no mail can be sent to it',
  blocked: 'The sender’s address is on the block list: take it off the list to reply',
} as const;

/**
 * A staff member answers the sender of a record with references (docs/mail.md#replies): the reply
 * goes through the outbox, tied to the record, so the record's page lists it with its state and
 * text. It answers the thread's last mail (In-Reply-To, References) and, with REPLY_TO_ADDRESS,
 * carries the record's plus-addressed Reply-To. It sets the record's Updated At and, for a kind
 * with a `statusOnReply` (a contact message), its status. New files (`incoming`, received like form
 * uploads) are checked like them, then kept and indexed as files of the record in the reply's
 * transaction; when one is refused nothing is kept and nothing is queued, and when the transaction
 * does not commit the kept ones are removed again. Throws 404 for no such record.
 */
export async function sendStaffReply(
  deps: AppDeps,
  who: Context,
  admin: { id: string; email: string },
  kind: RecordKind,
  id: string,
  body: z.output<typeof staffReplySchema>,
  incoming: IncomingFile[],
): Promise<void> {
  const repo = deps.db.reads.getRepository<AnyRow>(kind.entity);
  const row = UUID.test(id) ? await repo.findOneBy({ id }) : null;
  if (!row) throw new HttpError(404, NOT_FOUND);
  const verdict = await addressVerdict(deps, String(row.email));
  if (!verdict.ok) throw new HttpError(409, REPLY_REFUSED[verdict.reason]);
  const cc = await copiesOf(deps, body.cc ?? [], verdict.address);
  const named = await recordFilesOf(deps, row.id, body.attachments ?? []);
  if (named.length + incoming.length > REPLY_MAX_FILES) {
    throw new HttpError(400, replyFilesLimit, { [REPLY_FILES_FIELD]: replyFilesLimit });
  }
  // New files: refused (415, with the reason under the field) before anything is kept or queued.
  const checked = await checkFiles(incoming, REPLY_FILES_FIELD);
  const reference = String(row.reference);
  // The author's name (timeline, live change) and signature, below the message (docs/admin.md#account-page).
  const author = await deps.db.reads.getRepository(AdminEntity).findOneBy({ id: admin.id });
  const actor = author ? assigneeOf(author) : { id: admin.id, email: admin.email, name: admin.email };
  const message = [body.message, author?.signature].filter(Boolean).join('\n\n');
  const title = String(row[kind.definition.title]);
  const at = deps.now();
  const { replyToAddress } = deps.config.mail;
  const record = { kind: kind.definition.kind, id: row.id };
  const added = await keepCheckedFiles(deps, checked);
  const attachments = [...named, ...added.map(attachmentOf)];
  await forgetOnFailure(deps, added, () =>
    changeWithEvents(deps, async (tx, announce) => {
      await indexRecordFiles(tx, record, added, at);
      const token = replyToAddress ? await replyToken(tx, deps.engine, record, at) : null;
      const { id: mailId } = await queueMail(
        tx,
        at,
        'reply',
        {
          from: author?.displayName ? staffReplyFrom(author.displayName, deps.config.mail.from) : deps.config.mail.from,
          to: [verdict.address],
          ...(cc.length ? { cc } : {}),
          ...(replyToAddress && token ? { replyTo: plusAddressed(replyToAddress, token) } : {}),
          ...(await threadOf(tx, record)),
          subject: body.subject || (await replySubject(tx, record, reference)),
          ...(attachments.length ? { attachments } : {}),
          text: `${message}\n\nReference: ${reference}\n`,
          html: `<p style="white-space:pre-wrap">${escapeHtml(message)}</p><p>Reference: ${escapeHtml(reference)}</p>`,
        },
        { ...record, actor },
      );
      // Neither the message nor the address: the mail (and the record's timeline) hold those.
      await deps.audit(who, 'record-replied', record, replyAudit(mailId, added), tx);
      await touchRecords(tx, kind, [row.id], at);
      await keepFirstResponse(tx, kind, row.id, actor.id, at);
      // Answering the customer reads what they wrote: the record no longer shows "Customer replied".
      await markRepliesSeen(tx, deps.engine, record.kind, record.id, at);
      // Other admins with the record open see the reply in its timeline.
      await announce(changeEvent(kind, row as DeskRow, actor, 'mail', `replied by e-mail to ${title}`));
      // A reply answers a contact message: a status change by the replier, with its own timeline line and audit entry.
      const move = kind.definition.statusOnReply;
      if (move && row.status === move.from) {
        const target = { id: row.id, version: (row as DeskRow).version };
        await applyDeskChange(deps, tx, announce, kind, [target], { status: move.to }, { actor, who, bulk: false });
      }
    }),
  );
  deps.mail.nudge();
  // An answered record may make room for what waits for the automatic assignment.
  if (kind.definition.statusOnReply) await serveWaitingQuietly(deps, kind);
}

/** The reply's copies: each one address not on the block list, the record's own address left out (it is the To). */
async function copiesOf(deps: Pick<AppDeps, 'db'>, cc: string[], to: string): Promise<string[]> {
  const copies = [...new Set(cc.filter((address) => address.toLowerCase() !== to.toLowerCase()))];
  for (const address of copies) {
    const verdict = await addressVerdict(deps, address);
    if (!verdict.ok) throw new HttpError(409, ccBlocked(address), { cc: ccBlocked(address) });
  }
  return copies;
}

/** A file of the record as a reply's attachment: the worker reads it from the uploads by its stored name. */
const attachmentOf = (file: Pick<StoredFile, 'storedName' | 'originalName' | 'mimeType'>): MailAttachment => ({
  storedName: file.storedName,
  filename: servedFileName(file.originalName, file.mimeType),
  contentType: file.mimeType,
});

/** The audit entry of a reply: the mail, and the new files it added to the record (stored names, not the visitor-facing ones). */
function replyAudit(mailId: string, added: StoredFile[]): Record<string, unknown> {
  if (added.length === 0) return { summary: 'e-mail reply queued', mailId };
  const files = added.length === 1 ? '1 new file' : `${added.length} new files`;
  return { summary: `e-mail reply queued with ${files} added to the record`, mailId, filesAdded: added.map((f) => f.storedName) };
}

/** Runs the reply's transaction; if it does not commit, the new files kept for it are removed again. */
async function forgetOnFailure<T>(deps: Pick<AppDeps, 'uploads'>, added: StoredFile[], work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    await deps.uploads.remove(added.map((f) => f.storedName));
    throw error;
  }
}

/** The files a reply sends: each one of the record's (its form uploads, the answers' kept attachments). */
async function recordFilesOf(deps: Pick<AppDeps, 'db'>, recordId: string, storedNames: string[]): Promise<MailAttachment[]> {
  if (storedNames.length === 0) return [];
  const unique = [...new Set(storedNames)];
  const files = await deps.db.all<{ storedName: string; originalName: string; mimeType: string }>(
    `SELECT "storedName", "originalName", "mimeType" FROM "uploaded_files"
WHERE "recordId" = ? AND "storedName" IN (${unique.map(() => '?').join(', ')})`,
    [recordId, ...unique],
  );
  if (files.length !== unique.length) throw new HttpError(400, NOT_A_RECORD_FILE, { attachments: NOT_A_RECORD_FILE });
  return unique.map((name) => attachmentOf(files.find((f) => f.storedName === name)!));
}
