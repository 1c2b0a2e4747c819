import { randomUUID } from 'node:crypto';
import { IsNull, type DataSource } from 'typeorm';
import { AdminEntity, RefreshTokenEntity, type AdminRow } from './schema';
import { generatePassword, hashPassword, type ScryptCost } from './passwords';

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export async function findAdminByEmail(dataSource: DataSource, email: string): Promise<AdminRow | null> {
  return dataSource.getRepository(AdminEntity).findOneBy({ email: normaliseEmail(email) });
}

export async function createAdmin(dataSource: DataSource, email: string, password: string, cost?: ScryptCost): Promise<AdminRow> {
  const now = Date.now();
  const row: AdminRow = {
    id: randomUUID(),
    email: normaliseEmail(email),
    passwordHash: await hashPassword(password, cost),
    createdAt: now,
    updatedAt: now,
  };
  await dataSource.getRepository(AdminEntity).insert(row);
  return row;
}

/** Sets a new password and signs the admin out everywhere. Returns false when no such admin. */
export async function resetAdminPassword(dataSource: DataSource, email: string, password: string): Promise<boolean> {
  const admin = await findAdminByEmail(dataSource, email);
  if (!admin) return false;
  await dataSource.transaction(async (manager) => {
    await manager
      .getRepository(AdminEntity)
      .update({ id: admin.id }, { passwordHash: await hashPassword(password), updatedAt: Date.now() });
    await manager.getRepository(RefreshTokenEntity).update({ adminId: admin.id, revokedAt: IsNull() }, { revokedAt: Date.now() });
  });
  return true;
}

export type FirstAdminOutcome =
  { kind: 'existing' } | { kind: 'created-from-env'; email: string } | { kind: 'generated'; email: string; password: string };

export const GENERATED_ADMIN_EMAIL = 'admin@sourcing.local';

/**
 * At start: the admin of ADMIN_EMAIL/ADMIN_PASSWORD is created when missing; with neither set
 * and no admin at all, one is created with a generated password that the caller prints once.
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
      await createAdmin(dataSource, env.email, env.password, cost);
    } catch (error) {
      // Another replica starting at the same moment created it first.
      if (await findAdminByEmail(dataSource, env.email)) return { kind: 'existing' };
      throw error;
    }
    return { kind: 'created-from-env', email: normaliseEmail(env.email) };
  }
  if ((await repo.count()) > 0) return { kind: 'existing' };
  const password = generatePassword();
  await createAdmin(dataSource, GENERATED_ADMIN_EMAIL, password, cost);
  return { kind: 'generated', email: GENERATED_ADMIN_EMAIL, password };
}
