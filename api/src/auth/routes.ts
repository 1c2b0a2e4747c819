import Router from '@koa/router';
import { ADMIN_SESSION_PATH, adminLoginSchema, API_PATHS, API_PREFIX, validate, type SessionResponse } from '@sourcing/shared';
import type { Context } from 'koa';
import { clientAddress } from '../http/client-address';
import { HttpError } from '../http/errors';
import { requireSameOrigin } from '../http/same-origin';
import { createBoundedQueue, QueueFullError, type BoundedQueue } from '../limits/bounded-queue';
import { retryAfterSeconds, type LimiterFactory } from '../limits/limiters';
import type { Audit } from '../audit/audit';
import type { Database } from '../db/database';
import type { AccessTokens } from './access-tokens';
import { findAdminByEmail } from './admin-accounts';
import { createDeviceCookies, DEVICE_COOKIE, DEVICE_COOKIE_TTL_MS, type DeviceCookies } from './device-cookies';
import { createLoginGuard, type LoginGuard, type LoginRefusal } from './login-guard';
import { decoyHash, verifyPassword, type ScryptCost } from './passwords';
import { createRefreshTokens, type RefreshTokens } from './refresh-tokens';
import type { SessionStates } from './session-states';
import type { AdminRow } from './schema';

export const REFRESH_COOKIE = 'sourcing_refresh';
/** The refresh cookie is only ever sent to the session endpoints. */
const COOKIE_PATH = `${API_PREFIX}${ADMIN_SESSION_PATH}`;

export interface AdminAuthOptions {
  /** 'none' lets the desktop app (another origin) send the cookie; it needs HTTPS. */
  cookieSameSite: 'lax' | 'strict' | 'none';
  /** Signs the device cookies (the server's JWT_SECRET). */
  secret: string;
  /** Origins besides the site's own whose pages may use the session endpoints (PUBLIC_URL, CORS_ORIGINS). */
  trustedOrigins: string[];
  limiters: LimiterFactory;
  /** Failed password checks per client address per 15 minutes, across e-mails. */
  loginFailuresPerAddress: number;
  /** Failures of one account from one address (or device) before waits begin, and the longest wait. */
  loginFreeFailures: number;
  loginMaxDelaySeconds: number;
  /** Password hashes computed at once, and how many more may wait, so sign-ins never take libuv's whole thread pool. */
  hashConcurrency: number;
  hashQueue: number;
  /** scrypt cost of the decoy hash (that of stored hashes); tests pass a small one. */
  scryptCost?: ScryptCost;
  /** Window in which a reused refresh token counts as two tabs refreshing at once (default 10 s). */
  refreshGraceMs?: number;
}

export interface AdminAuth {
  db: Database;
  tokens: AccessTokens;
  sessions: Pick<SessionStates, 'catchUpWith'>;
  refreshTokens: RefreshTokens;
  guard: LoginGuard;
  devices: DeviceCookies;
  hashing: BoundedQueue;
  /** Checked against when the e-mail is unknown, so timing does not reveal accounts. */
  decoy: Promise<string>;
  options: AdminAuthOptions;
}

export function createAdminAuth(
  db: Database,
  tokens: AccessTokens,
  sessions: AdminAuth['sessions'],
  options: AdminAuthOptions,
): AdminAuth {
  return {
    db,
    tokens,
    sessions,
    refreshTokens: createRefreshTokens(db, { graceMs: options.refreshGraceMs }),
    guard: createLoginGuard({
      limiters: options.limiters,
      failuresPerAddress: options.loginFailuresPerAddress,
      freeFailures: options.loginFreeFailures,
      maxDelaySeconds: options.loginMaxDelaySeconds,
    }),
    devices: createDeviceCookies(options.secret),
    hashing: createBoundedQueue({ concurrency: options.hashConcurrency, maxWaiting: options.hashQueue }),
    decoy: decoyHash(options.scryptCost),
    options,
  };
}

function setSessionCookie(ctx: Context, auth: AdminAuth, name: string, value: string | null, expiresAt?: number) {
  const sameSite = auth.options.cookieSameSite === 'none' && !ctx.secure ? 'lax' : auth.options.cookieSameSite;
  ctx.cookies.set(name, value, {
    httpOnly: true,
    secure: ctx.secure,
    sameSite,
    path: COOKIE_PATH,
    expires: value && expiresAt ? new Date(expiresAt) : new Date(0),
    overwrite: true,
  });
}

const setRefreshCookie = (ctx: Context, auth: AdminAuth, token: string | null, expiresAt?: number) =>
  setSessionCookie(ctx, auth, REFRESH_COOKIE, token, expiresAt);

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

/** The answer of a sign-in or a refresh: its access token is one this process accepts at once. */
async function session(auth: AdminAuth, admin: AdminRow, sessionId: string): Promise<SessionResponse> {
  await auth.sessions.catchUpWith(admin.id, admin.role);
  return {
    admin: { id: admin.id, email: admin.email, role: admin.role },
    accessToken: auth.tokens.sign({ id: admin.id, email: admin.email }, sessionId),
  };
}

/** POST /admin/login, /admin/refresh, /admin/logout (docs/sessions.md#access-tokens, #rotation, #logout), from our own pages only. */
export function authRoutes(auth: AdminAuth, audit: Audit): Router {
  const router = new Router();
  const sameOrigin = requireSameOrigin(auth.options.trustedOrigins);

  router.post(API_PATHS.adminLogin, sameOrigin, async (ctx) => {
    const input = validate(adminLoginSchema, (ctx.request as { body?: unknown }).body);
    if (!input.ok) {
      ctx.status = 400;
      ctx.body = { error: Object.values(input.fields)[0], fields: input.fields };
      return;
    }
    const { email, password } = input.value;
    const device = auth.devices.deviceOf(ctx.cookies.get(DEVICE_COOKIE), email);
    // Counted before the hash: parallel guesses cannot all get through before the first failure lands.
    const attempt = await auth.guard.begin({ email, address: clientAddress(ctx), device });
    if (!attempt.ok) {
      ctx.set('Retry-After', retryAfterSeconds(attempt.retryAfterMs));
      throw refusal(attempt);
    }
    let admin: AdminRow | null;
    let valid: boolean;
    try {
      admin = await findAdminByEmail(auth.db.reads, email);
      const stored = admin?.passwordHash ?? (await auth.decoy);
      valid = await auth.hashing.run(() => verifyPassword(password, stored));
    } catch (error) {
      await attempt.abandoned();
      if (!(error instanceof QueueFullError)) throw error;
      ctx.set('Retry-After', '1');
      throw new HttpError(503, SIGN_IN_BUSY);
    }
    if (!admin || !valid) {
      await attempt.failed();
      await audit({ id: admin?.id ?? null, email }, 'sign-in-failed', null, { address: clientAddress(ctx) });
      ctx.status = 401;
      ctx.body = { error: 'Invalid email or password' };
      return;
    }
    await attempt.succeeded();
    // Told only to whoever knows the password: a disabled account does not reveal itself to guessers.
    if (admin.disabledAt !== null) {
      await audit({ id: admin.id, email: admin.email }, 'sign-in-failed', null, { address: clientAddress(ctx), disabled: true });
      throw new HttpError(403, ACCOUNT_DISABLED);
    }
    const refresh = await auth.refreshTokens.issue(admin.id);
    await audit({ id: admin.id, email: admin.email }, 'sign-in', null, { address: clientAddress(ctx) });
    setRefreshCookie(ctx, auth, refresh.token, refresh.expiresAt);
    setSessionCookie(ctx, auth, DEVICE_COOKIE, auth.devices.issue(admin.email), Date.now() + DEVICE_COOKIE_TTL_MS);
    ctx.body = await session(auth, admin, refresh.sessionId);
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
    ctx.body = await session(auth, outcome.admin, outcome.next.sessionId);
  });

  router.post(API_PATHS.adminLogout, sameOrigin, async (ctx) => {
    const token = ctx.cookies.get(REFRESH_COOKIE);
    if (token) await auth.refreshTokens.revoke(token);
    setRefreshCookie(ctx, auth, null);
    ctx.body = { message: 'Logged out' };
  });

  return router;
}
