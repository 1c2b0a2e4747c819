import type Router from '@koa/router';
import {
  ADMIN_LISTS,
  API_PREFIX,
  CONVERSATION_SUFFIX,
  inboundMailPath,
  type Conversation,
  type IncomingConversationMail,
  type InboundMailKind,
  type OutgoingConversationMail,
  type UnmatchedMail,
  type UnmatchedMailPage,
} from '@sourcing/shared';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { requireRole, type AdminState } from '../../auth/require-admin';
import { timeFromDb } from '../../db/engine';
import { HttpError, NOT_FOUND } from '../../http/errors';
import { heldQuery, roleOrSignedLink } from '../../http/signed-downloads';
import { validate, type InputState } from '../../http/validate';
import { UUID } from '../../records/list/cursor';
import { createExportLinks } from '../../records/list/export-links';
import { linkSigner } from '../../records/list/register-admin-list';
import { markRead } from '../../records/read-state/read-state';
import type { LinkSigner } from '../../records/attachment-files';
import type { InboundFile } from './inbound-files';
import { OUTBOX, type OutboxRow } from '../outbox-entity';
import { attachInboundMail, NOT_UNMATCHED } from './attach-inbound';
import { replySubject } from '../reply-threads';
import { markRepliesSeen } from './customer-replied';
import { mailDocument, mailPolicy } from './mail-document';
import { THREADED_KINDS, type ThreadedRecord } from './thread-inbound';

/** The newest unmatched mails the list shows. */
export const UNMATCHED_PAGE_SIZE = 200;

export const NO_RECORD_WITH_REFERENCE = 'No record has that reference';

/** The columns of an inbound mail the admin reads (never `raw`, which only the .eml download sends). */
const INBOUND_COLUMNS = `"id", "kind", "receivedAt", "fromAddress", "fromName", "fromOtherAddress", "toAddresses", "ccAddresses",
  "subject", "text", "replyText", "html", "attachments", "seenAt"`;

interface InboundRow {
  id: string;
  kind: InboundMailKind;
  receivedAt: Date | string;
  fromAddress: string;
  fromName: string | null;
  fromOtherAddress: boolean | number;
  toAddresses: string;
  ccAddresses: string;
  subject: string;
  text: string;
  replyText: string;
  html: string | null;
  attachments: string;
  seenAt: Date | string | null;
}

const presentUnmatched = (row: InboundRow): UnmatchedMail => ({
  id: String(row.id),
  kind: row.kind,
  at: timeFromDb(row.receivedAt).toISOString(),
  from: { address: row.fromAddress, name: row.fromName },
  to: JSON.parse(row.toAddresses) as string[],
  subject: row.subject,
  replyText: row.replyText,
  text: row.text,
  attachments: JSON.parse(row.attachments) as UnmatchedMail['attachments'],
});

/** An answer of the record, its kept attachments with signed links to open them (like a form upload's). */
const presentIncoming = (row: InboundRow, sign: LinkSigner): IncomingConversationMail => ({
  ...presentUnmatched(row),
  attachments: (JSON.parse(row.attachments) as InboundFile[]).map((file) =>
    file.storedName ? { ...file, url: sign(file.storedName) } : file,
  ),
  direction: 'in',
  fromOtherAddress: Boolean(row.fromOtherAddress),
  cc: JSON.parse(row.ccAddresses) as string[],
  html: row.html,
  seen: row.seenAt !== null,
});

/** The files a mail of the outbox carries (none for one kept as finished MIME). */
const attachmentsOf = (row: OutboxRow) => ('attachments' in row.content ? (row.content.attachments ?? []) : []);

/** The record's files its sent mails carry, by stored name (a file no longer the record's is left out). */
async function sentFilesOf(
  deps: Pick<AppDeps, 'db'>,
  recordId: string,
  rows: OutboxRow[],
): Promise<Map<string, { originalName: string; mimeType: string; size: number }>> {
  const names = [...new Set(rows.flatMap((row) => attachmentsOf(row).map((file) => file.storedName)))];
  if (names.length === 0) return new Map();
  const files = await deps.db.all<{ storedName: string; originalName: string; mimeType: string; size: number | string }>(
    `SELECT "storedName", "originalName", "mimeType", "size" FROM "uploaded_files"
WHERE "recordId" = ? AND "storedName" IN (${names.map(() => '?').join(', ')})`,
    [recordId, ...names],
  );
  return new Map(files.map((f) => [f.storedName, { originalName: f.originalName, mimeType: f.mimeType, size: Number(f.size) }]));
}

const presentOutgoing = (
  row: OutboxRow,
  files: Awaited<ReturnType<typeof sentFilesOf>>,
  sign: LinkSigner,
): OutgoingConversationMail => ({
  direction: 'out',
  id: row.id,
  purpose: row.purpose,
  at: row.createdAt.toISOString(),
  to: row.recipients,
  subject: row.subject,
  text: 'text' in row.content ? row.content.text : null,
  state: row.state,
  lastError: row.lastError,
  bounce: row.bouncedAt ? { at: timeFromDb(row.bouncedAt).toISOString(), reason: row.bounceReason ?? '' } : null,
  attachments: attachmentsOf(row).flatMap((sent) => {
    const file = files.get(sent.storedName);
    return file
      ? [
          {
            name: file.originalName,
            contentType: file.mimeType,
            size: file.size,
            storedName: sent.storedName,
            url: sign(sent.storedName),
          },
        ]
      : [];
  }),
});

const emlQuery = z.object({ mail: z.string().regex(UUID, 'mail must be a mail id') });

const htmlQuery = z.object({
  mail: z.string().regex(UUID, 'mail must be a mail id'),
  images: z
    .enum(['0', '1'])
    .default('0')
    .transform((v) => v === '1'),
});

const attachSchema = z.object({ reference: z.string().trim().min(1, 'Enter the reference of the record').max(20) });

/**
 * The conversation of each threaded record (GET <list>/:id/conversation, viewers; POST
 * <list>/:id/conversation/seen: the answers seen, by its owner or anyone when it has none, and the
 * record read by whoever saw them), and the mails no record
 * claimed (GET /admin/inbound, POST /admin/inbound/:id/attach|discard, agents), each downloadable
 * as it came (`.eml`, through a short-lived signed link the admin's window saves).
 */
export function registerInboundRoutes(router: Router, deps: AppDeps) {
  const viewer = requireRole(deps.tokens, 'viewer');
  const agent = requireRole(deps.tokens, 'agent');
  const links = createExportLinks(deps.config.jwtSecret, deps.now);

  for (const kind of THREADED_KINDS) {
    const base = `${ADMIN_LISTS[kind.definition.list].path}/:id${CONVERSATION_SUFFIX}`;
    const recordKind = kind.definition.kind;
    const recordOf = async (id: string) => {
      const [row] = UUID.test(id)
        ? await deps.db.all<{ id: string; ownerId: string | null; reference: string }>(
            `SELECT "id", "ownerId", "reference" FROM "${kind.table}" WHERE "id" = ?`,
            [id],
          )
        : [];
      if (!row) throw new HttpError(404, NOT_FOUND);
      return { id: String(row.id), ownerId: row.ownerId === null ? null : String(row.ownerId), reference: String(row.reference) };
    };

    router.get<AdminState>(base, viewer, async (ctx) => {
      const record = await recordOf(ctx.params.id);
      const [sent, received] = await Promise.all([
        deps.db.reads.getRepository<OutboxRow>(OUTBOX).findBy({ recordKind, recordId: record.id }),
        deps.db.all<InboundRow>(
          `SELECT ${INBOUND_COLUMNS} FROM "inbound_mails" WHERE "recordKind" = ? AND "recordId" = ? AND "state" = 'attached'`,
          [recordKind, record.id],
        ),
      ]);
      const sign = linkSigner(deps, ctx);
      const files = await sentFilesOf(deps, record.id, sent);
      const mails = [
        ...sent.map((row) => presentOutgoing(row, files, sign)),
        ...received.map((row) => presentIncoming(row, sign)),
      ].sort((a, b) => a.at.localeCompare(b.at));
      ctx.set('Cache-Control', 'no-store');
      ctx.body = {
        mails,
        replySubject: await replySubject(deps.db, { kind: recordKind, id: record.id }, record.reference),
      } satisfies Conversation;
    });

    router.post<AdminState>(`${base}/seen`, viewer, async (ctx) => {
      const record = await recordOf(ctx.params.id);
      const mine = record.ownerId === null || record.ownerId === ctx.state.admin.id;
      const seen = mine ? await markRepliesSeen(deps.db, deps.engine, recordKind, record.id, deps.now()) : 0;
      // The answers on screen are read by this admin too: one that came while the record was open no longer makes it unread.
      await markRead(deps, ctx.state.admin.id, kind, record.id);
      ctx.body = { seen };
    });
  }

  router.get<AdminState>(inboundMailPath(), agent, async (ctx) => {
    const rows = await deps.db.all<InboundRow>(
      `SELECT ${INBOUND_COLUMNS} FROM "inbound_mails" WHERE "state" = 'unmatched' ORDER BY "receivedAt" DESC, "id" DESC LIMIT ${UNMATCHED_PAGE_SIZE}`,
    );
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { data: rows.map(presentUnmatched) } satisfies UnmatchedMailPage;
  });

  /** A mail of the unmatched list by id (404 when there is none; the action's own UPDATE checks it still waits). */
  const unmatchedRow = async (id: string) => {
    const [row] = UUID.test(id) ? await deps.db.all<{ id: string }>(`SELECT "id" FROM "inbound_mails" WHERE "id" = ?`, [id]) : [];
    if (!row) throw new HttpError(404, NOT_FOUND);
    return { id: String(row.id) };
  };

  router.post<AdminState & InputState<z.output<typeof attachSchema>>>(
    `${inboundMailPath()}/:id/attach`,
    agent,
    validate({ body: attachSchema }),
    async (ctx) => {
      const mail = await unmatchedRow(ctx.params.id);
      const reference = ctx.state.input.body.reference.toUpperCase();
      const record = await recordByReference(deps, reference);
      if (!record) throw new HttpError(404, NO_RECORD_WITH_REFERENCE, { reference: NO_RECORD_WITH_REFERENCE });
      await attachInboundMail(deps, ctx, mail.id, record);
      ctx.body = { message: `Attached to ${record.reference}` };
    },
  );

  router.post<AdminState>(`${inboundMailPath()}/:id/discard`, agent, async (ctx) => {
    const mail = await unmatchedRow(ctx.params.id);
    await deps.db.transaction(async (tx) => {
      // The words and the raw message go: a discarded mail keeps only that it came, for the Message-ID's once-only rule.
      const discarded = await tx.run(
        `UPDATE "inbound_mails" SET "state" = 'discarded', "text" = '', "replyText" = '', "html" = NULL, "raw" = ?,
  "fromName" = NULL, "subject" = '', "toAddresses" = '[]', "ccAddresses" = '[]', "attachments" = '[]' WHERE "id" = ? AND "state" = 'unmatched'`,
        [Buffer.alloc(0), mail.id],
      );
      if (!discarded) throw new HttpError(409, NOT_UNMATCHED);
      await deps.audit(ctx, 'inbound-mail-discarded', null, { summary: 'unmatched mail discarded', mailId: mail.id }, tx);
    });
    ctx.body = { message: 'Mail discarded' };
  });

  // A mail's HTML as a page of its own (mail-document.ts), through a short-lived signed link the admin's frame opens.
  const htmlPath = `${API_PREFIX}${inboundMailPath()}/html`;
  router.get<AdminState & InputState<never, z.output<typeof htmlQuery>>>(
    `${inboundMailPath()}/html-link`,
    viewer,
    validate({ query: htmlQuery }),
    (ctx) => {
      const { mail, images } = ctx.state.input.query;
      const origin = deps.config.publicUrl ?? `${ctx.protocol}://${ctx.host}`;
      const query = heldQuery(ctx, new URLSearchParams({ mail, images: images ? '1' : '0' }));
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { url: `${origin}${links.signedPath(htmlPath, query)}` };
    },
  );
  router.get<AdminState & InputState<never, z.output<typeof htmlQuery>>>(
    `${inboundMailPath()}/html`,
    roleOrSignedLink(deps, links, htmlPath, 'viewer'),
    validate({ query: htmlQuery }),
    async (ctx) => {
      const { mail, images } = ctx.state.input.query;
      const [row] = await deps.db.all<{ html: string | null }>(
        `SELECT "html" FROM "inbound_mails" WHERE "id" = ? AND "state" <> 'discarded'`,
        [mail],
      );
      if (!row?.html) throw new HttpError(404, NOT_FOUND);
      ctx.set('Content-Security-Policy', mailPolicy(images, deps.config.corsOrigins));
      ctx.set('Referrer-Policy', 'no-referrer');
      ctx.set('Cache-Control', 'private, no-store');
      // frame-ancestors decides who frames it; the blanket X-Frame-Options: DENY would refuse the admin too.
      ctx.remove('X-Frame-Options');
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = mailDocument(row.html, images);
    },
  );

  // The raw message as it came: a short-lived signed link for the admin's window to save, then the bytes.
  const emlPath = `${API_PREFIX}${inboundMailPath()}/eml`;
  router.get<AdminState & InputState<never, z.output<typeof emlQuery>>>(
    `${inboundMailPath()}/eml-link`,
    viewer,
    validate({ query: emlQuery }),
    (ctx) => {
      const origin = deps.config.publicUrl ?? `${ctx.protocol}://${ctx.host}`;
      const query = heldQuery(ctx, new URLSearchParams({ mail: ctx.state.input.query.mail }));
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { url: `${origin}${links.signedPath(emlPath, query)}` };
    },
  );
  router.get<AdminState & InputState<never, z.output<typeof emlQuery>>>(
    `${inboundMailPath()}/eml`,
    roleOrSignedLink(deps, links, emlPath, 'viewer'),
    validate({ query: emlQuery }),
    async (ctx) => {
      const { mail } = ctx.state.input.query;
      const [row] = await deps.db.all<{ raw: Buffer | Uint8Array; state: string }>(
        `SELECT "raw", "state" FROM "inbound_mails" WHERE "id" = ?`,
        [mail],
      );
      if (!row || row.state === 'discarded') throw new HttpError(404, NOT_FOUND);
      ctx.set('Cache-Control', 'no-store');
      ctx.set('Content-Disposition', `attachment; filename="mail-${mail}.eml"`);
      ctx.type = 'message/rfc822';
      ctx.body = Buffer.from(row.raw);
    },
  );
}

/** A threaded record by its reference (`INQ-7K2M9Q`). */
async function recordByReference(deps: Pick<AppDeps, 'db'>, reference: string): Promise<ThreadedRecord | null> {
  for (const kind of THREADED_KINDS) {
    const [row] = await deps.db.all<{ id: string; email: string; reference: string }>(
      `SELECT "id", "email", "reference" FROM "${kind.table}" WHERE "reference" = ?`,
      [reference],
    );
    if (row) return { kind, id: String(row.id), email: String(row.email), reference: String(row.reference) };
  }
  return null;
}
