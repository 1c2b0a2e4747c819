import Router from '@koa/router';
import { ACCOUNT_MESSAGES, adminLoginSchema, API_PATHS, secondStepSchema, ticketSchema, validate } from '@sourcing/shared';
import type { Context } from 'koa';
import { beginTwoFactorSetup, checkSecondFactor, confirmTwoFactorSetup } from '../account/two-factor';
import type { Audit } from '../audit/audit';
import { clientAddress } from '../http/client-address';
import { HttpError } from '../http/errors';
import { requireSameOrigin } from '../http/same-origin';
import { parseInput } from '../http/validate';
import { QueueFullError } from '../limits/bounded-queue';
import { retryAfterSeconds } from '../limits/limiters';
import type { AdminAuth } from './admin-auth';
import { findAdminByEmail } from './admin-accounts';
import { DEVICE_COOKIE } from './device-cookies';
import type { LoginAttempt, LoginGuard, LoginRefusal } from './login-guard';
import { verifyPassword } from './passwords';
import { AdminEntity, type AdminRow } from './schema';
import type { TicketStage } from './sign-in-tickets';
import { afterFirstStep, REFRESH_COOKIE, sessionResponse, setRefreshCookie, startSession } from './start-session';
import { recordSession, sessionInfoOf } from '../account/sessions';

export { REFRESH_COOKIE } from './start-session';

export const SIGN_IN_BUSY = 'The server is busy signing people in. Please try again in a moment.';

/** 'in 1 second', 'in 40 seconds', 'in 3 minutes'. */
function inTime(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `in ${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
}

function refusal({ reason, retryAfterMs }: LoginRefusal): HttpError {
  const message =
    reason === 'busy'
      ? 'This account is already signing in. Please try again in a moment.'
      : reason === 'address'
        ? `Too many failed sign-in attempts from your network. Try again ${inTime(retryAfterMs)}.`
        : `Too many failed sign-in attempts. Try again ${inTime(retryAfterMs)}.`;
  return new HttpError(429, message);
}

export const ACCOUNT_DISABLED = 'This account has been disabled. Ask an owner to enable it.';
export const INVALID_CREDENTIALS = 'Invalid email or password';

/**
 * Takes a guard's slot for this account from this address (or device) before anything is checked:
 * parallel guesses cannot all get through before the first failure lands. 429 when refused.
 */
export async function beginAttempt(ctx: Context, auth: AdminAuth, guard: LoginGuard, email: string): Promise<LoginAttempt> {
  const device = auth.devices.deviceOf(ctx.cookies.get(DEVICE_COOKIE), email);
  const attempt = await guard.begin({ email, address: clientAddress(ctx), device });
  if (!attempt.ok) {
    ctx.set('Retry-After', retryAfterSeconds(attempt.retryAfterMs));
    throw refusal(attempt);
  }
  return attempt;
}

/** A password check of the account (the decoy's when there is none), on the bounded hashing queue: 503 when it is full. */
export async function checkPassword(
  ctx: Context,
  auth: AdminAuth,
  attempt: LoginAttempt,
  admin: AdminRow | null,
  password: string,
) {
  try {
    return await auth.hashing.run(async () => verifyPassword(password, admin?.passwordHash ?? (await auth.decoy)));
  } catch (error) {
    await attempt.abandoned();
    if (!(error instanceof QueueFullError)) throw error;
    ctx.set('Retry-After', '1');
    throw new HttpError(503, SIGN_IN_BUSY);
  }
}

/** The account a second-step ticket speaks for, if the ticket is ours, of this stage and alive. */
async function ticketHolder(auth: AdminAuth, ticket: string, stage: TicketStage): Promise<AdminRow> {
  const held = auth.tickets.read(ticket, stage);
  const admin = held ? await auth.db.reads.getRepository(AdminEntity).findOneBy({ id: held.adminId }) : null;
  if (!admin) throw new HttpError(401, ACCOUNT_MESSAGES.ticketExpired);
  if (admin.disabledAt !== null) throw new HttpError(403, ACCOUNT_DISABLED);
  return admin;
}

const bodyOf = (ctx: Context) => (ctx.request as { body?: unknown }).body;

/**
 * POST /admin/login, its second step, /admin/refresh and /admin/logout (docs/sessions.md), from our
 * own pages only.
 */
export function authRoutes(auth: AdminAuth, audit: Audit): Router {
  const router = new Router();
  const sameOrigin = requireSameOrigin(auth.options.trustedOrigins);

  router.post(API_PATHS.adminLogin, sameOrigin, async (ctx) => {
    const input = validate(adminLoginSchema, bodyOf(ctx));
    if (!input.ok) {
      ctx.status = 400;
      ctx.body = { error: Object.values(input.fields)[0], fields: input.fields };
      return;
    }
    const { email, password } = input.value;
    const attempt = await beginAttempt(ctx, auth, auth.guard, email);
    let admin: AdminRow | null;
    try {
      admin = await findAdminByEmail(auth.db.reads, email);
    } catch (error) {
      await attempt.abandoned();
      throw error;
    }
    const valid = await checkPassword(ctx, auth, attempt, admin, password);
    if (!admin || !valid) {
      await attempt.failed();
      await audit({ id: admin?.id ?? null, email }, 'sign-in-failed', null, { address: clientAddress(ctx) });
      ctx.status = 401;
      ctx.body = { error: INVALID_CREDENTIALS };
      return;
    }
    await attempt.succeeded();
    // Told only to whoever knows the password: a disabled account does not reveal itself to guessers.
    if (admin.disabledAt !== null) {
      await audit({ id: admin.id, email: admin.email }, 'sign-in-failed', null, { address: clientAddress(ctx), disabled: true });
      throw new HttpError(403, ACCOUNT_DISABLED);
    }
    ctx.body = await afterFirstStep(ctx, auth, audit, admin, 'password');
  });

  // The second step: a code of the authenticator or a recovery code, throttled like the password.
  router.post(API_PATHS.adminLoginCode, sameOrigin, async (ctx) => {
    const { ticket, code } = parseInput(secondStepSchema, bodyOf(ctx), ACCOUNT_MESSAGES.invalidCode);
    const admin = await ticketHolder(auth, ticket, 'totp');
    if (!admin.totpSecret) throw new HttpError(401, ACCOUNT_MESSAGES.ticketExpired);
    const attempt = await beginAttempt(ctx, auth, auth.secondStepGuard, admin.email);
    let check: Awaited<ReturnType<typeof checkSecondFactor>>;
    try {
      check = await checkSecondFactor(auth.db, auth.secrets, admin, code, auth.now());
    } catch (error) {
      await attempt.abandoned();
      throw error;
    }
    if (check === 'wrong' || check === 'used') {
      await attempt.failed();
      await audit({ id: admin.id, email: admin.email }, 'sign-in-failed', null, {
        address: clientAddress(ctx),
        step: 'second-factor',
      });
      throw new HttpError(401, check === 'used' ? ACCOUNT_MESSAGES.codeUsed : ACCOUNT_MESSAGES.invalidCode);
    }
    await attempt.succeeded();
    const method = check === 'authenticator' ? 'password+authenticator' : 'password+recovery-code';
    ctx.body = await startSession(ctx, auth, audit, admin, method);
  });

  // REQUIRE_2FA and no authenticator yet: one is set up before the session starts.
  router.post(API_PATHS.adminLoginSetup, sameOrigin, async (ctx) => {
    const { ticket } = parseInput(ticketSchema, bodyOf(ctx), ACCOUNT_MESSAGES.ticketExpired);
    const admin = await ticketHolder(auth, ticket, 'setup');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await beginTwoFactorSetup(auth.db, auth.secrets, admin);
  });

  router.post(API_PATHS.adminLoginSetupConfirm, sameOrigin, async (ctx) => {
    const { ticket, code } = parseInput(secondStepSchema, bodyOf(ctx), ACCOUNT_MESSAGES.invalidCode);
    const admin = await ticketHolder(auth, ticket, 'setup');
    const attempt = await beginAttempt(ctx, auth, auth.secondStepGuard, admin.email);
    const actor = { id: admin.id, email: admin.email };
    let outcome: Awaited<ReturnType<typeof confirmTwoFactorSetup>>;
    try {
      outcome = await confirmTwoFactorSetup(auth.db, auth.secrets, admin.id, code, auth.now(), (tx) =>
        audit(actor, 'two-factor-enabled', { kind: 'staff', id: admin.id }, { summary: 'two-factor sign-in turned on' }, tx),
      );
    } catch (error) {
      await attempt.abandoned();
      throw error;
    }
    if (!outcome.ok) {
      if (outcome.reason === 'wrong') await attempt.failed();
      else await attempt.abandoned();
      throw new HttpError(
        outcome.reason === 'wrong' ? 401 : 409,
        ACCOUNT_MESSAGES[outcome.reason === 'wrong' ? 'invalidCode' : 'twoFactorNotSetUp'],
      );
    }
    await attempt.succeeded();
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { ...(await startSession(ctx, auth, audit, admin, 'password+authenticator')), ...outcome.codes };
  });

  router.post(API_PATHS.adminRefresh, sameOrigin, async (ctx) => {
    const token = ctx.cookies.get(REFRESH_COOKIE);
    const outcome = token ? await auth.refreshTokens.rotate(token) : null;
    if (!outcome?.ok) {
      setRefreshCookie(ctx, auth, null);
      ctx.status = 401;
      ctx.body = { error: 'Session expired' };
      return;
    }
    setRefreshCookie(ctx, auth, outcome.next.token, outcome.next.expiresAt);
    const info = sessionInfoOf(ctx, outcome.next.sessionId, outcome.admin.id);
    await auth.db.transaction((tx) => recordSession(tx, info));
    ctx.body = await sessionResponse(auth, outcome.admin, outcome.next.sessionId);
  });

  router.post(API_PATHS.adminLogout, sameOrigin, async (ctx) => {
    const token = ctx.cookies.get(REFRESH_COOKIE);
    if (token) await auth.refreshTokens.revoke(token);
    setRefreshCookie(ctx, auth, null);
    ctx.body = { message: 'Logged out' };
  });

  return router;
}
