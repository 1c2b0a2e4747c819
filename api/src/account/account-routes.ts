import { serveAllWaiting } from '../records/assignment/automatic-assignment';
import type Router from '@koa/router';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import {
  ACCOUNT_MESSAGES,
  API_PATHS,
  changePasswordSchema,
  currentPasswordSchema,
  passkeyRegistrationSchema,
  passkeySignInSchema,
  twoFactorCodeSchema,
  updateProfileSchema,
  type AccountProfile,
  type ChangePasswordInput,
  type UpdateProfileInput,
} from '@sourcing/shared';
import type { Context } from 'koa';
import { z } from 'zod';
import type { AppDeps } from '../app-deps';
import { hashPassword } from '../auth/passwords';
import { requireSignedIn, type AdminState } from '../auth/require-admin';
import { ACCOUNT_DISABLED, beginAttempt, checkPassword } from '../auth/routes';
import { AdminEntity, PasskeyEntity, type AdminRow } from '../auth/schema';
import { startSession, twoFactorRequired } from '../auth/start-session';
import type { Transaction } from '../db/database';
import { clientAddress } from '../http/client-address';
import { HttpError } from '../http/errors';
import { rateLimit } from '../http/rate-limit';
import { requireSameOrigin } from '../http/same-origin';
import { validate, type InputState } from '../http/validate';
import { UUID } from '../records/list/cursor';
import { accountOfPasskey, addPasskey, listPasskeys, presentPasskey, registrationOptions, signInOptions } from './passkeys';
import { listSessions, revokeOtherSessions, revokeSession } from './sessions';
import {
  beginTwoFactorSetup,
  confirmTwoFactorSetup,
  recoveryCodesLeft,
  removeTwoFactor,
  replaceRecoveryCodes,
} from './two-factor';

type Signed = { state: AdminState } & Context;

const subject = (ctx: Signed) => ({ kind: 'staff', id: ctx.state.admin.id });

/**
 * The signed-in staff member's own account (docs/admin.md#account-page, docs/api.md#own-account):
 * name and signature, password, two-factor sign-in, passkeys and sessions. Every role has one.
 */
export function registerAccountRoutes(router: Router, deps: AppDeps) {
  const signedIn = requireSignedIn(deps.tokens);
  const path = API_PATHS.adminAccount;
  const { auth } = deps;
  const at = () => deps.now().getTime();

  async function accountOf(ctx: Signed): Promise<AdminRow> {
    const admin = await deps.db.reads.getRepository(AdminEntity).findOneBy({ id: ctx.state.admin.id });
    if (!admin) throw new HttpError(404, ACCOUNT_MESSAGES.sessionNotFound);
    return admin;
  }

  /** The account's current password confirms a sensitive change, checked like a sign-in (throttled, before any hash). */
  async function confirmPassword(ctx: Signed, password: string): Promise<AdminRow> {
    const admin = await accountOf(ctx);
    const attempt = await beginAttempt(ctx, auth, auth.guard, admin.email);
    if (!(await checkPassword(ctx, auth, attempt, admin, password))) {
      await attempt.failed();
      throw new HttpError(400, ACCOUNT_MESSAGES.wrongPassword, { currentPassword: ACCOUNT_MESSAGES.wrongPassword });
    }
    await attempt.succeeded();
    return admin;
  }

  /** A change to the account and its audit entry, in one transaction. */
  const change = <T>(work: (tx: Transaction) => Promise<T>) => deps.db.transaction(work);

  async function profileOf(admin: AdminRow): Promise<AccountProfile> {
    return {
      id: admin.id,
      email: admin.email,
      role: admin.role,
      name: admin.displayName,
      signature: admin.signature,
      available: admin.available,
      twoFactor: {
        enabled: admin.totpSecret !== null,
        required: twoFactorRequired(auth.options.requireTwoFactor, admin.role),
        recoveryCodesLeft: await recoveryCodesLeft(deps.db.reads, admin.id),
      },
      passkeys: await listPasskeys(deps.db.reads, admin.id),
    };
  }

  router.get(path, signedIn, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await profileOf(await accountOf(ctx));
  });

  router.patch<AdminState & InputState<UpdateProfileInput>>(
    path,
    signedIn,
    validate({ body: updateProfileSchema }),
    async (ctx) => {
      const admin = await accountOf(ctx);
      const { name = admin.displayName, signature = admin.signature, available = admin.available } = ctx.state.input.body;
      const changed = [
        name !== admin.displayName && `name → ${name}`,
        signature !== admin.signature && 'signature changed',
      ].filter(Boolean);
      if (changed.length || available !== admin.available) {
        await change(async (tx) => {
          const set = { displayName: name, signature, available, updatedAt: at() };
          await tx.manager.getRepository(AdminEntity).update({ id: admin.id }, set);
          if (changed.length) await deps.audit(ctx, 'account-profile-changed', subject(ctx), { summary: changed.join('; ') }, tx);
          if (available !== admin.available) {
            const summary = available ? 'available for new records' : 'away: no new records';
            await deps.audit(ctx, 'staff-availability-changed', subject(ctx), { summary, email: admin.email }, tx);
          }
        });
        // Newly available: they take what waits for the automatic assignment.
        if (available && !admin.available) await serveAllWaiting(deps);
      }
      ctx.body = await profileOf({ ...admin, displayName: name, signature, available });
    },
  );

  // A new password ends every other session of the account; this one goes on.
  router.post<AdminState & InputState<ChangePasswordInput>>(
    `${path}/password`,
    signedIn,
    validate({ body: changePasswordSchema }),
    async (ctx) => {
      const { currentPassword, newPassword } = ctx.state.input.body;
      const admin = await confirmPassword(ctx, currentPassword);
      const passwordHash = await hashPassword(newPassword, auth.options.scryptCost);
      await change(async (tx) => {
        await tx.manager.getRepository(AdminEntity).update({ id: admin.id }, { passwordHash, updatedAt: at() });
        await revokeOtherSessions(tx, admin.id, ctx.state.sessionId, at());
        await deps.audit(ctx, 'account-password-changed', subject(ctx), { summary: 'password changed' }, tx);
      });
      await deps.sessions.refresh();
      ctx.body = { message: ACCOUNT_MESSAGES.passwordChanged };
    },
  );

  router.post(`${path}/two-factor/setup`, signedIn, async (ctx) => {
    const admin = await accountOf(ctx);
    if (admin.totpSecret) throw new HttpError(409, ACCOUNT_MESSAGES.twoFactorAlreadyOn);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await beginTwoFactorSetup(deps.db, auth.secrets, admin);
  });

  router.post<AdminState & InputState<z.output<typeof twoFactorCodeSchema>>>(
    `${path}/two-factor/confirm`,
    signedIn,
    validate({ body: twoFactorCodeSchema }),
    async (ctx) => {
      const admin = await accountOf(ctx);
      if (admin.totpSecret) throw new HttpError(409, ACCOUNT_MESSAGES.twoFactorAlreadyOn);
      const outcome = await confirmTwoFactorSetup(deps.db, auth.secrets, admin.id, ctx.state.input.body.code, at(), (tx) =>
        deps.audit(ctx, 'two-factor-enabled', subject(ctx), { summary: 'two-factor sign-in turned on' }, tx),
      );
      if (!outcome.ok) {
        const message = outcome.reason === 'wrong' ? ACCOUNT_MESSAGES.invalidCode : ACCOUNT_MESSAGES.twoFactorNotSetUp;
        throw new HttpError(outcome.reason === 'wrong' ? 400 : 409, message, { code: message });
      }
      ctx.set('Cache-Control', 'no-store');
      ctx.body = outcome.codes;
    },
  );

  router.post<AdminState & InputState<z.output<typeof currentPasswordSchema>>>(
    `${path}/two-factor/disable`,
    signedIn,
    validate({ body: currentPasswordSchema }),
    async (ctx) => {
      if (twoFactorRequired(auth.options.requireTwoFactor, ctx.state.admin.role)) {
        throw new HttpError(409, ACCOUNT_MESSAGES.twoFactorRequired);
      }
      const admin = await confirmPassword(ctx, ctx.state.input.body.currentPassword);
      await change(async (tx) => {
        await removeTwoFactor(tx, admin.id);
        await deps.audit(ctx, 'two-factor-disabled', subject(ctx), { summary: 'two-factor sign-in turned off' }, tx);
      });
      ctx.body = { message: ACCOUNT_MESSAGES.twoFactorOff };
    },
  );

  router.post<AdminState & InputState<z.output<typeof currentPasswordSchema>>>(
    `${path}/two-factor/recovery-codes`,
    signedIn,
    validate({ body: currentPasswordSchema }),
    async (ctx) => {
      const admin = await confirmPassword(ctx, ctx.state.input.body.currentPassword);
      if (!admin.totpSecret) throw new HttpError(409, ACCOUNT_MESSAGES.twoFactorNotSetUp);
      const codes = await change(async (tx) => {
        const renewed = await replaceRecoveryCodes(tx, auth.secrets, admin.id, at());
        await deps.audit(ctx, 'recovery-codes-renewed', subject(ctx), { summary: 'new recovery codes' }, tx);
        return renewed;
      });
      ctx.set('Cache-Control', 'no-store');
      ctx.body = codes;
    },
  );

  router.post(`${path}/passkeys/options`, signedIn, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await registrationOptions(deps.db, ctx, await accountOf(ctx), at());
  });

  router.post<AdminState & InputState<z.output<typeof passkeyRegistrationSchema>>>(
    `${path}/passkeys`,
    signedIn,
    validate({ body: passkeyRegistrationSchema, message: ACCOUNT_MESSAGES.passkeyFailed }),
    async (ctx) => {
      const { name, response } = ctx.state.input.body;
      const admin = await accountOf(ctx);
      const registration = response as unknown as RegistrationResponseJSON;
      const row = await addPasskey(deps.db, ctx, admin, name, registration, at(), (tx, added) =>
        deps.audit(ctx, 'passkey-added', subject(ctx), { summary: `passkey added: ${name}`, passkey: added.id }, tx),
      );
      ctx.status = 201;
      ctx.body = presentPasskey(row);
    },
  );

  router.delete(`${path}/passkeys/:id`, signedIn, async (ctx) => {
    const { id } = ctx.params;
    const removed = UUID.test(id)
      ? await change(async (tx) => {
          const repo = tx.manager.getRepository(PasskeyEntity);
          const passkey = await repo.findOneBy({ id, adminId: ctx.state.admin.id });
          if (!passkey) return false;
          await repo.delete({ id });
          await deps.audit(
            ctx,
            'passkey-removed',
            subject(ctx),
            { summary: `passkey removed: ${passkey.name}`, passkey: id },
            tx,
          );
          return true;
        })
      : false;
    if (!removed) throw new HttpError(404, ACCOUNT_MESSAGES.passkeyNotFound);
    ctx.body = { message: 'Passkey removed' };
  });

  router.get(`${path}/sessions`, signedIn, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await listSessions(deps.db.reads, ctx.state.admin.id, ctx.state.sessionId, at());
  });

  // Signing a session out ends its refresh token now and its access tokens within seconds, live sockets included.
  router.delete(`${path}/sessions/:id`, signedIn, async (ctx) => {
    const { id } = ctx.params;
    const revoked =
      UUID.test(id) &&
      (await change(async (tx) => {
        if (!(await revokeSession(tx, ctx.state.admin.id, id, at()))) return false;
        await deps.audit(ctx, 'session-signed-out', subject(ctx), { summary: 'a session signed out', session: id }, tx);
        return true;
      }));
    if (!revoked) throw new HttpError(404, ACCOUNT_MESSAGES.sessionNotFound);
    await deps.sessions.refresh();
    ctx.body = { message: ACCOUNT_MESSAGES.sessionSignedOut };
  });

  router.post(`${path}/sessions/sign-out-everywhere`, signedIn, async (ctx) => {
    await change(async (tx) => {
      await revokeOtherSessions(tx, ctx.state.admin.id, null, at());
      await deps.audit(ctx, 'sessions-signed-out-everywhere', subject(ctx), { summary: 'every session signed out' }, tx);
    });
    await deps.sessions.refresh();
    ctx.body = { message: 'Signed out everywhere' };
  });
}

/**
 * Passkey sign-in (docs/sessions.md#passkeys): a challenge for any passkey of this site, then the
 * signed answer starts a session. Public routes of our own pages, counted per address.
 */
export function registerPasskeySignIn(router: Router, deps: AppDeps) {
  const sameOrigin = requireSameOrigin(deps.auth.options.trustedOrigins);
  const limited = rateLimit(
    deps.limiters({ name: 'passkey-sign-in', points: deps.config.rateLimitLoginPer15Minutes, durationSeconds: 60 }),
  );
  router.post(API_PATHS.adminPasskeyOptions, sameOrigin, limited, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await signInOptions(deps.db, ctx, deps.now().getTime());
  });

  router.post<InputState<z.output<typeof passkeySignInSchema>>>(
    API_PATHS.adminPasskeyLogin,
    sameOrigin,
    limited,
    validate({ body: passkeySignInSchema, message: ACCOUNT_MESSAGES.passkeyFailed }),
    async (ctx) => {
      const response = ctx.state.input.body.response as unknown as AuthenticationResponseJSON;
      const admin = await accountOfPasskey(deps.db, ctx, response, deps.now().getTime());
      if (admin.disabledAt !== null) {
        const details = { address: clientAddress(ctx), disabled: true, method: 'passkey' };
        await deps.audit({ id: admin.id, email: admin.email }, 'sign-in-failed', null, details);
        throw new HttpError(403, ACCOUNT_DISABLED);
      }
      ctx.body = await startSession(ctx, deps.auth, deps.audit, admin, 'passkey');
    },
  );
}
