import { randomUUID } from 'node:crypto';
import type { RecoveryCodes, TwoFactorSetup } from '@sourcing/shared';
import { IsNull, type DataSource, type EntityManager } from 'typeorm';
import { AdminEntity, RecoveryCodeEntity, type AdminRow } from '../auth/schema';
import type { SecretBox } from './secret-box';
import { newRecoveryCode, newTotpSecret, normaliseRecoveryCode, RECOVERY_CODE_COUNT, totpEnrolment, totpStepOf } from './totp';

/** Two-factor sign-in of one account (docs/sessions.md#two-factor-sign-in): its secret, last step and recovery codes. */
export type SecondFactorCheck = 'authenticator' | 'recovery-code' | 'wrong' | 'used';

type Db = DataSource | EntityManager;

/** A new secret waiting for its first code; the one in use (if any) stays until then. */
export async function beginTwoFactorSetup(db: Db, box: SecretBox, admin: AdminRow): Promise<TwoFactorSetup> {
  const secret = newTotpSecret();
  await db.getRepository(AdminEntity).update({ id: admin.id }, { totpPendingSecret: box.seal(secret), updatedAt: Date.now() });
  return totpEnrolment(secret, admin.email);
}

/** Ten new recovery codes replace the account's others; only their keyed hashes are kept. */
export async function replaceRecoveryCodes(
  manager: EntityManager,
  box: SecretBox,
  adminId: string,
  at: number,
): Promise<RecoveryCodes> {
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const repo = manager.getRepository(RecoveryCodeEntity);
  await repo.delete({ adminId });
  await repo.insert(
    recoveryCodes.map((code) => ({
      id: randomUUID(),
      adminId,
      codeHash: box.digest(normaliseRecoveryCode(code)),
      usedAt: null,
      createdAt: at,
    })),
  );
  return { recoveryCodes };
}

export type SetupOutcome = { ok: true; codes: RecoveryCodes } | { ok: false; reason: 'not-set-up' | 'wrong' };

/**
 * The first code from the app confirms the secret being set up: it becomes the account's, that
 * step counts as used, and ten recovery codes are made. `within` runs in the same transaction.
 */
export async function confirmTwoFactorSetup(
  dataSource: DataSource,
  box: SecretBox,
  adminId: string,
  code: string,
  at: number,
  within?: (manager: EntityManager) => Promise<void>,
): Promise<SetupOutcome> {
  return dataSource.transaction(async (manager) => {
    const repo = manager.getRepository(AdminEntity);
    const admin = await repo.findOneBy({ id: adminId });
    const secret = admin?.totpPendingSecret ? box.open(admin.totpPendingSecret) : null;
    if (!admin || !secret) return { ok: false, reason: 'not-set-up' };
    const step = totpStepOf(secret, code, at);
    if (step === null) return { ok: false, reason: 'wrong' };
    await repo.update(
      { id: adminId },
      { totpSecret: box.seal(secret), totpPendingSecret: null, totpLastStep: step, updatedAt: at },
    );
    const codes = await replaceRecoveryCodes(manager, box, adminId, at);
    await within?.(manager);
    return { ok: true, codes };
  });
}

/**
 * The second step of a sign-in: a code of the authenticator within the window, each time step
 * accepted once and never one older than the last accepted (no replay), or an unused recovery code,
 * used up by this check. Either use is one conditional update, so two requests cannot both pass.
 */
export async function checkSecondFactor(
  db: Db,
  box: SecretBox,
  admin: AdminRow,
  code: string,
  at: number,
): Promise<SecondFactorCheck> {
  if (/^\d{6}$/.test(code)) {
    const secret = admin.totpSecret ? box.open(admin.totpSecret) : null;
    const step = secret ? totpStepOf(secret, code, at) : null;
    if (step === null) return 'wrong';
    const result = await db
      .getRepository(AdminEntity)
      .createQueryBuilder()
      .update()
      .set({ totpLastStep: step })
      .where('"id" = :id', { id: admin.id })
      .andWhere('("totp_last_step" IS NULL OR "totp_last_step" < :step)', { step })
      .execute();
    return result.affected ? 'authenticator' : 'used';
  }
  const codeHash = box.digest(normaliseRecoveryCode(code));
  const result = await db
    .getRepository(RecoveryCodeEntity)
    .update({ adminId: admin.id, codeHash, usedAt: IsNull() }, { usedAt: at });
  return result.affected ? 'recovery-code' : 'wrong';
}

/** Turns two-factor sign-in off: the secret, any set-up in progress and the recovery codes go. */
export async function removeTwoFactor(manager: EntityManager, adminId: string): Promise<void> {
  await manager
    .getRepository(AdminEntity)
    .update({ id: adminId }, { totpSecret: null, totpPendingSecret: null, totpLastStep: null, updatedAt: Date.now() });
  await manager.getRepository(RecoveryCodeEntity).delete({ adminId });
}

export const recoveryCodesLeft = (db: Db, adminId: string) =>
  db.getRepository(RecoveryCodeEntity).countBy({ adminId, usedAt: IsNull() });
