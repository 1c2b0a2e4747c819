import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  ACCOUNT_MESSAGES,
  INVITATION_TTL_HOURS,
  ROLE_LABELS,
  STAFF_MESSAGES,
  type AcceptInvitationInput,
  type Invitation,
  type InvitationPreview,
  type InviteInput,
} from '@sourcing/shared';
import type { Context } from 'koa';
import { LessThan, type EntityManager } from 'typeorm';
import type { AppDeps } from '../app-deps';
import { createAdmin, findAdminByEmail, normaliseEmail } from '../auth/admin-accounts';
import type { AdminState } from '../auth/require-admin';
import { AdminEntity, InvitationEntity, type AdminRow, type InvitationRow } from '../auth/schema';
import type { Transaction } from '../db/database';
import { HttpError } from '../http/errors';
import { escapeHtml } from '../mail/compose';
import { queueMail } from '../mail/outbox';
import { staffById } from './staff-names';

type InvitationDeps = Pick<AppDeps, 'db' | 'audit' | 'config' | 'now' | 'sessions' | 'auth' | 'mail'>;

const TTL_MS = INVITATION_TTL_HOURS * 60 * 60 * 1000;
/** An expired invitation stays listed (to be resent) this long, then it is removed. */
export const EXPIRED_INVITATION_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

/** The path of the admin page that accepts an invitation; the token follows '#', so it never reaches a server log. */
export const INVITATION_PAGE = '/admin/invitation';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const subject = (id: string) => ({ kind: 'invitation', id });

function presentInvitation(row: InvitationRow, names: Map<string, { name: string }>): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invitedBy: (row.invitedBy && names.get(row.invitedBy)?.name) || '',
    sentAt: new Date(row.sentAt).toISOString(),
    expiresAt: new Date(row.expiresAt).toISOString(),
  };
}

/** The pending invitations (expired ones too, to be resent), newest first; those expired a month ago are removed. */
export async function listInvitations({ db, now }: InvitationDeps): Promise<Invitation[]> {
  const expiredBefore = now().getTime() - EXPIRED_INVITATION_KEPT_MS;
  await db.transaction((tx) => tx.manager.getRepository(InvitationEntity).delete({ expiresAt: LessThan(expiredBefore) }));
  const rows = await db.reads.getRepository(InvitationEntity).find({ order: { sentAt: 'DESC', id: 'ASC' } });
  const names = await staffById(
    db.reads,
    rows.map((r) => r.invitedBy),
  );
  return rows.map((row) => presentInvitation(row, names));
}

/** A fresh link: a new token (the last one stops working), sent now, good for 72 hours, mailed in the caller's transaction. */
async function sendLink(deps: InvitationDeps, ctx: Context, tx: Transaction, row: InvitationRow, inviter: string) {
  const token = randomBytes(32).toString('base64url');
  const sentAt = deps.now().getTime();
  const sent: InvitationRow = { ...row, tokenHash: hashOf(token), sentAt, expiresAt: sentAt + TTL_MS };
  const link = `${deps.config.publicUrl ?? ctx.origin}${INVITATION_PAGE}#${token}`;
  const until = new Date(sent.expiresAt).toUTCString();
  const intro = `${inviter} invited you to the back office of Indus Global Sourcing as ${ROLE_LABELS[row.role].toLowerCase()}.`;
  const howTo = `Open this link to choose your name and password. It works once, until ${until}:`;
  const ignore = 'If you did not expect this invitation, ignore this mail: no account is made without you.';
  await queueMail(tx, deps.now(), 'invitation', {
    from: deps.config.mail.from,
    to: [row.email],
    subject: 'Your invitation to the Indus Global Sourcing back office',
    text: `${intro}\n\n${howTo}\n\n${link}\n\n${ignore}\n`,
    html:
      `<p>${escapeHtml(intro)}</p><p>${escapeHtml(howTo)}</p>` +
      `<p><a href="${escapeHtml(link)}">Accept the invitation</a></p><p>${escapeHtml(ignore)}</p>`,
  });
  return sent;
}

/** The owner sending an invitation, named as the mail and the list say it. */
async function inviterOf(deps: InvitationDeps, ctx: Context) {
  const { id, email } = (ctx.state as AdminState).admin;
  return { id, name: (await staffById(deps.db.reads, [id])).get(id)?.name ?? email };
}

/** An owner invites a colleague by e-mail and role: one pending invitation per address, none for an existing account. */
export async function invite(deps: InvitationDeps, ctx: Context, input: InviteInput): Promise<Invitation> {
  const inviter = await inviterOf(deps, ctx);
  const email = normaliseEmail(input.email);
  const row = await deps.db.transaction(async (tx) => {
    if (await findAdminByEmail(tx.manager, email)) throw new HttpError(409, STAFF_MESSAGES.emailTaken);
    const repo = tx.manager.getRepository(InvitationEntity);
    if (await repo.findOneBy({ email })) throw new HttpError(409, ACCOUNT_MESSAGES.invitationPending);
    const draft: InvitationRow = {
      id: randomUUID(),
      email,
      role: input.role,
      tokenHash: '',
      invitedBy: inviter.id,
      sentAt: 0,
      expiresAt: 0,
    };
    const sent = await sendLink(deps, ctx, tx, draft, inviter.name);
    await repo.insert(sent);
    await deps.audit(ctx, 'staff-invited', subject(sent.id), { summary: `invited as ${sent.role}`, email, role: sent.role }, tx);
    return sent;
  });
  deps.mail.nudge();
  return presentInvitation(row, new Map([[inviter.id, inviter]]));
}

/** Sends a pending (or expired) invitation again with a new link: the previous link stops working. */
export async function resendInvitation(deps: InvitationDeps, ctx: Context, id: string): Promise<Invitation> {
  const inviter = await inviterOf(deps, ctx);
  const row = await deps.db.transaction(async (tx) => {
    const repo = tx.manager.getRepository(InvitationEntity);
    const current = await repo.findOneBy({ id });
    if (!current) throw new HttpError(404, ACCOUNT_MESSAGES.invitationNotFound);
    const sent = await sendLink(deps, ctx, tx, { ...current, invitedBy: inviter.id }, inviter.name);
    await repo.update(
      { id },
      { tokenHash: sent.tokenHash, sentAt: sent.sentAt, expiresAt: sent.expiresAt, invitedBy: inviter.id },
    );
    await deps.audit(ctx, 'staff-invitation-resent', subject(id), { summary: 'invitation sent again', email: current.email }, tx);
    return sent;
  });
  deps.mail.nudge();
  return presentInvitation(row, new Map([[inviter.id, inviter]]));
}

/** Withdraws an invitation: its link stops working at once. */
export async function withdrawInvitation(deps: InvitationDeps, ctx: Context, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const repo = tx.manager.getRepository(InvitationEntity);
    const current = await repo.findOneBy({ id });
    if (!current) throw new HttpError(404, ACCOUNT_MESSAGES.invitationNotFound);
    await repo.delete({ id });
    await deps.audit(
      ctx,
      'staff-invitation-withdrawn',
      subject(id),
      { summary: 'invitation withdrawn', email: current.email },
      tx,
    );
  });
}

/** The invitation a link's token opens: 404 when it was used, withdrawn or never existed, 410 once expired. */
async function openInvitation(reads: EntityManager, token: string, at: number): Promise<InvitationRow> {
  const row = await reads.getRepository(InvitationEntity).findOneBy({ tokenHash: hashOf(token) });
  if (!row) throw new HttpError(404, ACCOUNT_MESSAGES.invitationInvalid);
  if (row.expiresAt <= at) throw new HttpError(410, ACCOUNT_MESSAGES.invitationExpired);
  return row;
}

export async function previewInvitation(deps: InvitationDeps, token: string): Promise<InvitationPreview> {
  const row = await openInvitation(deps.db.reads, token, deps.now().getTime());
  return { email: row.email, role: row.role, expiresAt: new Date(row.expiresAt).toISOString() };
}

/**
 * The colleague chooses a name and password: the invitation is used up (removed: of two requests
 * with one link, only one removes it) and the account is created with its role, in one transaction.
 */
export async function acceptInvitation(deps: InvitationDeps, input: AcceptInvitationInput): Promise<AdminRow> {
  const at = deps.now().getTime();
  const row = await openInvitation(deps.db.reads, input.token, at);
  const cost = deps.auth.options.scryptCost;
  const account = await deps.db.transaction(async (tx) => {
    const { affected } = await tx.manager.getRepository(InvitationEntity).delete({ id: row.id, tokenHash: row.tokenHash });
    if (!affected) throw new HttpError(404, ACCOUNT_MESSAGES.invitationInvalid);
    if (await findAdminByEmail(tx.manager, row.email)) throw new HttpError(409, STAFF_MESSAGES.emailTaken);
    const created = await createAdmin(tx, row.email, input.password, { role: row.role, cost, displayName: input.name });
    const details = { summary: `joined as ${created.role}`, email: created.email, role: created.role, invitation: row.id };
    await deps.audit(
      { id: created.id, email: created.email },
      'staff-invitation-accepted',
      { kind: 'staff', id: created.id },
      details,
      tx,
    );
    return created;
  });
  await deps.sessions.refresh();
  return (await deps.db.reads.getRepository(AdminEntity).findOneBy({ id: account.id })) ?? account;
}
