import { randomUUID } from 'node:crypto';
import type { Role } from '@sourcing/shared';
import { IsNull, type EntityManager } from 'typeorm';
import type { Database, Transaction } from '../db/database';
import { AdminEntity, RefreshTokenEntity, type AdminRow } from './schema';
import { generatePassword, hashPassword, type ScryptCost } from './passwords';

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** `reads` is `db.reads` or a transaction's manager. */
export async function findAdminByEmail(reads: EntityManager, email: string): Promise<AdminRow | null> {
  return reads.getRepository(AdminEntity).findOneBy({ email: normaliseEmail(email) });
}

export interface NewAdminOptions {
  /** 'agent' unless given: the first admin (CLI or start-up) is made an owner explicitly. */
  role?: Role;
  cost?: ScryptCost;
  /** The display name (an accepted invitation has one; other ways of creating an account do not). */
  displayName?: string;
}

export async function createAdmin(
  tx: Transaction,
  email: string,
  password: string,
  { role = 'agent', cost, displayName = '' }: NewAdminOptions = {},
): Promise<AdminRow> {
  const now = Date.now();
  const row: AdminRow = {
    id: randomUUID(),
    email: normaliseEmail(email),
    passwordHash: await hashPassword(password, cost),
    role,
    disabledAt: null,
    createdAt: now,
    updatedAt: now,
    displayName,
    signature: '',
    totpSecret: null,
    totpPendingSecret: null,
    totpLastStep: null,
    available: false,
  };
  await tx.manager.getRepository(AdminEntity).insert(row);
  return row;
}

/** Ends every session of an admin: refresh tokens stop working now, access tokens within seconds (docs/sessions.md). */
export async function revokeAdminSessions(tx: Transaction, adminId: string, at = Date.now()): Promise<void> {
  await tx.manager.getRepository(RefreshTokenEntity).update({ adminId, revokedAt: IsNull() }, { revokedAt: at });
}

/** Work to do in the transaction of an account change (its audit entry). */
export type WithinChange = (tx: Transaction) => Promise<void>;

/**
 * Sets a new password and signs the admin out everywhere; `within` runs in the same transaction
 * once the password is set. Returns false when no such admin.
 */
export async function setAdminPassword(
  db: Database,
  adminId: string,
  password: string,
  cost?: ScryptCost,
  within?: WithinChange,
): Promise<boolean> {
  const passwordHash = await hashPassword(password, cost);
  return db.transaction(async (tx) => {
    const result = await tx.manager.getRepository(AdminEntity).update({ id: adminId }, { passwordHash, updatedAt: Date.now() });
    if (!result.affected) return false;
    await revokeAdminSessions(tx, adminId);
    await within?.(tx);
    return true;
  });
}

/**
 * setAdminPassword by e-mail (the CLI's reset-password), `within` given the admin; `cost` is the
 * scrypt cost (tests pass a cheap one). Returns the admin, or null when there is none.
 */
export async function resetAdminPassword(
  db: Database,
  email: string,
  password: string,
  options: { cost?: ScryptCost; within?: (tx: Transaction, admin: AdminRow) => Promise<void> } = {},
): Promise<AdminRow | null> {
  const { cost, within } = options;
  const admin = await findAdminByEmail(db.reads, email);
  if (!admin) return null;
  const audited: WithinChange | undefined = within && ((tx) => within(tx, admin));
  return (await setAdminPassword(db, admin.id, password, cost, audited)) ? admin : null;
}

export type FirstAdminOutcome =
  { kind: 'existing' } | { kind: 'created-from-env'; email: string } | { kind: 'generated'; email: string; password: string };

export const GENERATED_ADMIN_EMAIL = 'admin@sourcing.local';

/**
 * At start: the admin of ADMIN_EMAIL/ADMIN_PASSWORD is created (as an owner) when missing; with
 * neither set and no admin at all, an owner is created with a generated password that the caller
 * prints once.
 */
export async function ensureFirstAdmin(
  db: Database,
  env: { email?: string; password?: string },
  cost?: ScryptCost,
): Promise<FirstAdminOutcome> {
  const { email, password } = env;
  if (email && password) {
    if (await findAdminByEmail(db.reads, email)) return { kind: 'existing' };
    try {
      await db.transaction((tx) => createAdmin(tx, email, password, { role: 'owner', cost }));
    } catch (error) {
      // Another replica starting at the same moment created it first.
      if (await findAdminByEmail(db.reads, email)) return { kind: 'existing' };
      throw error;
    }
    return { kind: 'created-from-env', email: normaliseEmail(email) };
  }
  if ((await db.reads.getRepository(AdminEntity).count()) > 0) return { kind: 'existing' };
  const generated = generatePassword();
  await db.transaction((tx) => createAdmin(tx, GENERATED_ADMIN_EMAIL, generated, { role: 'owner', cost }));
  return { kind: 'generated', email: GENERATED_ADMIN_EMAIL, password: generated };
}
