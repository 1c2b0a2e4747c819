import { STAFF_MESSAGES, type CreateStaffInput, type StaffAccount, type UpdateStaffInput } from '@sourcing/shared';
import type { Context } from 'koa';
import type { AppDeps } from '../app-deps';
import { createAdmin, findAdminByEmail, revokeAdminSessions, setAdminPassword } from '../auth/admin-accounts';
import { generatePassword } from '../auth/passwords';
import { AdminEntity, type AdminRow } from '../auth/schema';
import type { Transaction } from '../db/database';
import type { Engine } from '../db/engine';
import { HttpError, NOT_FOUND } from '../http/errors';
import { removeTwoFactor } from '../account/two-factor';
import { serveAllWaiting } from '../records/assignment/automatic-assignment';

type StaffDeps = Pick<AppDeps, 'db' | 'audit' | 'sessions' | 'auth'>;
type WaitingDeps = Parameters<typeof serveAllWaiting>[0];

export function presentStaff(row: AdminRow): StaffAccount {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    disabledAt: row.disabledAt === null ? null : new Date(row.disabledAt).toISOString(),
    createdAt: new Date(row.createdAt).toISOString(),
    name: row.displayName,
    twoFactor: row.totpSecret !== null,
    available: row.available,
  };
}

export async function listStaff({ db }: StaffDeps): Promise<StaffAccount[]> {
  const rows = await db.reads.getRepository(AdminEntity).find({ order: { email: 'ASC' } });
  return rows.map(presentStaff);
}

const subject = (id: string) => ({ kind: 'staff', id });

export async function createStaff(deps: StaffDeps, ctx: Context, input: CreateStaffInput) {
  const password = generatePassword();
  const row = await deps.db.transaction(async (tx) => {
    if (await findAdminByEmail(tx.manager, input.email)) throw new HttpError(409, STAFF_MESSAGES.emailTaken);
    const created = await createAdmin(tx, input.email, password, { role: input.role, cost: deps.auth.options.scryptCost });
    const details = { summary: `created as ${created.role}`, email: created.email, role: created.role };
    await deps.audit(ctx, 'staff-created', subject(created.id), details, tx);
    return created;
  });
  await deps.sessions.refresh();
  return { account: presentStaff(row), password };
}

/**
 * The active owners, locked on PostgreSQL until the transaction ends, so two owners demoting each
 * other at once cannot both succeed. (SQLite runs one write transaction at a time anyway.)
 */
async function lockActiveOwners(tx: Transaction, engine: Engine): Promise<AdminRow[]> {
  const qb = tx.manager
    .getRepository(AdminEntity)
    .createQueryBuilder('a')
    .where('a.role = :role', { role: 'owner' })
    .andWhere('a.disabledAt IS NULL');
  if (engine === 'postgres') qb.setLock('pessimistic_write');
  return qb.getMany();
}

/**
 * Changes role, disabled state and/or availability; never leaves no active owner. Disabling signs the
 * account out everywhere; marking someone available gives them what waits for the automatic assignment.
 */
export async function updateStaff(
  deps: StaffDeps & WaitingDeps,
  ctx: Context,
  id: string,
  input: UpdateStaffInput,
): Promise<StaffAccount> {
  const row = await deps.db.transaction(async (tx) => {
    const owners = await lockActiveOwners(tx, deps.db.engine);
    const repo = tx.manager.getRepository(AdminEntity);
    const current = await repo.findOneBy({ id });
    if (!current) throw new HttpError(404, STAFF_MESSAGES.notFound);
    const next: AdminRow = {
      ...current,
      role: input.role ?? current.role,
      disabledAt: input.disabled === undefined ? current.disabledAt : input.disabled ? (current.disabledAt ?? Date.now()) : null,
      available: input.available ?? current.available,
    };
    const stillOwner = next.role === 'owner' && next.disabledAt === null;
    if (owners.some((o) => o.id === id) && !stillOwner && owners.length <= 1) throw new HttpError(409, STAFF_MESSAGES.lastOwner);
    await repo.update({ id }, { role: next.role, disabledAt: next.disabledAt, available: next.available, updatedAt: Date.now() });
    if (next.available !== current.available) {
      const summary = next.available ? 'available for new records' : 'away: no new records';
      await deps.audit(ctx, 'staff-availability-changed', subject(id), { summary, email: current.email }, tx);
    }
    if (next.role !== current.role) {
      await deps.audit(
        ctx,
        'staff-role-changed',
        subject(id),
        { summary: `role ${current.role} → ${next.role}`, email: current.email, from: current.role, to: next.role },
        tx,
      );
    }
    if (next.disabledAt !== null && current.disabledAt === null) {
      await revokeAdminSessions(tx, id);
      await deps.audit(ctx, 'staff-disabled', subject(id), { summary: 'disabled', email: current.email }, tx);
    }
    if (next.disabledAt === null && current.disabledAt !== null) {
      await deps.audit(ctx, 'staff-enabled', subject(id), { summary: 'enabled', email: current.email }, tx);
    }
    return next;
  });
  await deps.sessions.refresh();
  // Someone newly available takes what waits for the automatic assignment.
  if (row.available && input.available) await serveAllWaiting(deps);
  return presentStaff(row);
}

/**
 * An owner removes a colleague's authenticator and recovery codes (a lost phone): they sign in
 * with their password again (and set up a new authenticator where REQUIRE_2FA asks), and every
 * session of the account ends, in case the lost device held one.
 */
export async function resetStaffTwoFactor(deps: StaffDeps, ctx: Context, id: string): Promise<StaffAccount> {
  const row = await deps.db.transaction(async (tx) => {
    const account = await tx.manager.getRepository(AdminEntity).findOneBy({ id });
    if (!account) throw new HttpError(404, STAFF_MESSAGES.notFound);
    await removeTwoFactor(tx, id);
    await revokeAdminSessions(tx, id);
    const details = { summary: 'two-factor sign-in reset', email: account.email };
    await deps.audit(ctx, 'staff-two-factor-reset', subject(id), details, tx);
    return { ...account, totpSecret: null };
  });
  await deps.sessions.refresh();
  return presentStaff(row);
}

/** A new generated password, shown once; every session of the account ends. */
export async function resetStaffPassword(deps: StaffDeps, ctx: Context, id: string) {
  const account = await deps.db.reads.getRepository(AdminEntity).findOneBy({ id });
  if (!account) throw new HttpError(404, NOT_FOUND);
  const password = generatePassword();
  const details = { summary: 'password reset', email: account.email };
  const reset = await setAdminPassword(deps.db, id, password, deps.auth.options.scryptCost, (tx) =>
    deps.audit(ctx, 'staff-password-reset', subject(id), details, tx),
  );
  if (!reset) throw new HttpError(404, NOT_FOUND);
  await deps.sessions.refresh();
  return { account: presentStaff(account), password };
}
