import { randomUUID } from 'node:crypto';
import type { RecoveryCodes, TwoFactorSetup } from '@sourcing/shared';
import { IsNull, type EntityManager } from 'typeorm';
import { AdminEntity, RecoveryCodeEntity, type AdminRow } from '../auth/schema';
import type { Database, Transaction } from '../db/database';
import type { SecretBox } from './secret-box';
import { newRecoveryCode, newTotpSecret, normaliseRecoveryCode, RECOVERY_CODE_COUNT, totpEnrolment, totpStepOf } from './totp';

/** Two-factor sign-in of one account (docs/sessions.md#two-factor-sign-in): its secret, last step and recovery codes. */
export type SecondFactorCheck = 'authenticator' | 'recovery-code' | 'wrong' | 'used';

type Writes = Pick<Database, 'transaction'>;

/** A new secret waiting for its first code; the one in use (if any) stays until then. */
export async function beginTwoFactorSetup(db: Writes, box: SecretBox, admin: AdminRow): Promise<TwoFactorSetup> {
  const secret = newTotpSecret();
  await db.transaction((tx) =>
    tx.manager
      .getRepository(AdminEntity)
      .update({ id: admin.id }, { totpPendingSecret: box.seal(secret), updatedAt: Date.now() }),
  );
  return totpEnrolment(secret, admin.email);
}

/** Ten new recovery codes replace the account's others; only their keyed hashes are kept. */
export async function replaceRecoveryCodes(tx: Transaction, box: SecretBox, adminId: string, at: number): Promise<RecoveryCodes> {
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const repo = tx.manager.getRepository(RecoveryCodeEntity);
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
  db: Writes,
  box: SecretBox,
  adminId: string,
  code: string,
  at: number,
  within?: (tx: Transaction) => Promise<void>,
): Promise<SetupOutcome> {
  return db.transaction(async (tx) => {
    const repo = tx.manager.getRepository(AdminEntity);
    const admin = await repo.findOneBy({ id: adminId });
    const secret = admin?.totpPendingSecret ? box.open(admin.totpPendingSecret) : null;
    if (!admin || !secret) return { ok: false, reason: 'not-set-up' };
    const step = totpStepOf(secret, code, at);
    if (step === null) return { ok: false, reason: 'wrong' };
    await repo.update(
      { id: adminId },
      { totpSecret: box.seal(secret), totpPendingSecret: null, totpLastStep: step, updatedAt: at },
    );
    const codes = await replaceRecoveryCodes(tx, box, adminId, at);
    await within?.(tx);
    return { ok: true, codes };
  });
}

/**
 * The second step of a sign-in: a code of the authenticator within the window, each time step
 * accepted once and never one older than the last accepted (no replay), or an unused recovery code,
 * used up by this check. Either use is one conditional update, so two requests cannot both pass.
 */
export async function checkSecondFactor(
  db: Writes,
  box: SecretBox,
  admin: AdminRow,
  code: string,
  at: number,
): Promise<SecondFactorCheck> {
  if (/^\d{6}$/.test(code)) {
    const secret = admin.totpSecret ? box.open(admin.totpSecret) : null;
    const step = secret ? totpStepOf(secret, code, at) : null;
    if (step === null) return 'wrong';
    const result = await db.transaction((tx) =>
      tx.manager
        .getRepository(AdminEntity)
        .createQueryBuilder()
        .update()
        .set({ totpLastStep: step })
        .where('"id" = :id', { id: admin.id })
        .andWhere('("totp_last_step" IS NULL OR "totp_last_step" < :step)', { step })
        .execute(),
    );
    return result.affected ? 'authenticator' : 'used';
  }
  const codeHash = box.digest(normaliseRecoveryCode(code));
  const result = await db.transaction((tx) =>
    tx.manager.getRepository(RecoveryCodeEntity).update({ adminId: admin.id, codeHash, usedAt: IsNull() }, { usedAt: at }),
  );
  return result.affected ? 'recovery-code' : 'wrong';
}

/** Turns two-factor sign-in off: the secret, any set-up in progress and the recovery codes go. */
export async function removeTwoFactor(tx: Transaction, adminId: string): Promise<void> {
  await tx.manager
    .getRepository(AdminEntity)
    .update({ id: adminId }, { totpSecret: null, totpPendingSecret: null, totpLastStep: null, updatedAt: Date.now() });
  await tx.manager.getRepository(RecoveryCodeEntity).delete({ adminId });
}

/** `reads` is `db.reads` or a transaction's manager. */
export const recoveryCodesLeft = (reads: EntityManager, adminId: string) =>
  reads.getRepository(RecoveryCodeEntity).countBy({ adminId, usedAt: IsNull() });
