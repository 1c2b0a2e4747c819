import { randomUUID } from 'node:crypto';
import type { Role } from '@sourcing/shared';
import { IsNull, type DataSource, type EntityManager } from 'typeorm';
import { AdminEntity, RefreshTokenEntity, type AdminRow } from './schema';
import { generatePassword, hashPassword, type ScryptCost } from './passwords';

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export async function findAdminByEmail(dataSource: DataSource | EntityManager, email: string): Promise<AdminRow | null> {
  return dataSource.getRepository(AdminEntity).findOneBy({ email: normaliseEmail(email) });
}

export interface NewAdminOptions {
  /** 'agent' unless given: the first admin (CLI or start-up) is made an owner explicitly. */
  role?: Role;
  cost?: ScryptCost;
  /** The display name (an accepted invitation has one; other ways of creating an account do not). */
  displayName?: string;
}

export async function createAdmin(
  dataSource: DataSource | EntityManager,
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
  };
  await dataSource.getRepository(AdminEntity).insert(row);
  return row;
}

/** Ends every session of an admin: refresh tokens stop working now, access tokens within seconds (docs/sessions.md). */
export async function revokeAdminSessions(manager: EntityManager, adminId: string, at = Date.now()): Promise<void> {
  await manager.getRepository(RefreshTokenEntity).update({ adminId, revokedAt: IsNull() }, { revokedAt: at });
}

/** Work to do in the transaction of an account change (its audit entry). */
export type WithinChange = (manager: EntityManager) => Promise<void>;

/**
 * Sets a new password and signs the admin out everywhere; `within` runs in the same transaction
 * once the password is set. Returns false when no such admin.
 */
export async function setAdminPassword(
  dataSource: DataSource,
  adminId: string,
  password: string,
  cost?: ScryptCost,
  within?: WithinChange,
): Promise<boolean> {
  const passwordHash = await hashPassword(password, cost);
  return dataSource.transaction(async (manager) => {
    const result = await manager.getRepository(AdminEntity).update({ id: adminId }, { passwordHash, updatedAt: Date.now() });
    if (!result.affected) return false;
    await revokeAdminSessions(manager, adminId);
    await within?.(manager);
    return true;
  });
}

/**
 * setAdminPassword by e-mail (the CLI's reset-password), `within` given the admin; `cost` is the
 * scrypt cost (tests pass a cheap one). Returns the admin, or null when there is none.
 */
export async function resetAdminPassword(
  dataSource: DataSource,
  email: string,
  password: string,
  options: { cost?: ScryptCost; within?: (manager: EntityManager, admin: AdminRow) => Promise<void> } = {},
): Promise<AdminRow | null> {
  const { cost, within } = options;
  const admin = await findAdminByEmail(dataSource, email);
  if (!admin) return null;
  const audited: WithinChange | undefined = within && ((manager) => within(manager, admin));
  return (await setAdminPassword(dataSource, admin.id, password, cost, audited)) ? admin : null;
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
  dataSource: DataSource,
  env: { email?: string; password?: string },
  cost?: ScryptCost,
): Promise<FirstAdminOutcome> {
  const repo = dataSource.getRepository(AdminEntity);
  if (env.email && env.password) {
    if (await findAdminByEmail(dataSource, env.email)) return { kind: 'existing' };
    try {
      await createAdmin(dataSource, env.email, env.password, { role: 'owner', cost });
    } catch (error) {
      // Another replica starting at the same moment created it first.
      if (await findAdminByEmail(dataSource, env.email)) return { kind: 'existing' };
      throw error;
    }
    return { kind: 'created-from-env', email: normaliseEmail(env.email) };
  }
  if ((await repo.count()) > 0) return { kind: 'existing' };
  const password = generatePassword();
  await createAdmin(dataSource, GENERATED_ADMIN_EMAIL, password, { role: 'owner', cost });
  return { kind: 'generated', email: GENERATED_ADMIN_EMAIL, password };
}
