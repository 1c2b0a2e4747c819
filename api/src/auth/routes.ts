import Router from '@koa/router';
import { adminLoginSchema, API_PATHS, validate, type SessionResponse } from '@sourcing/shared';
import type { Context } from 'koa';
import type { DataSource } from 'typeorm';
import { clientAddress } from '../http/client-address';
import type { AccessTokens } from './access-tokens';
import { findAdminByEmail } from './admin-accounts';
import { createLoginThrottle, type LoginThrottle } from './login-throttle';
import { decoyHash, verifyPassword } from './passwords';
import { createRefreshTokens, type RefreshTokens } from './refresh-tokens';
import type { AdminRow } from './schema';

export const REFRESH_COOKIE = 'sourcing_refresh';
/** The refresh cookie is only ever sent to the session endpoints. */
const COOKIE_PATH = '/api/admin';

export interface AdminAuthOptions {
  /** 'none' lets the desktop app (another origin) send the cookie; it needs HTTPS. */
  cookieSameSite: 'lax' | 'strict' | 'none';
  loginFailuresPer15Minutes: number;
  /** Window in which a reused refresh token counts as two tabs refreshing at once (default 10 s). */
  refreshGraceMs?: number;
}

export interface AdminAuth {
  dataSource: DataSource;
  tokens: AccessTokens;
  refreshTokens: RefreshTokens;
  throttle: LoginThrottle;
  options: AdminAuthOptions;
}

export function createAdminAuth(dataSource: DataSource, tokens: AccessTokens, options: AdminAuthOptions): AdminAuth {
  return {
    dataSource,
    tokens,
    refreshTokens: createRefreshTokens(dataSource, { graceMs: options.refreshGraceMs }),
    throttle: createLoginThrottle({ maxFailures: options.loginFailuresPer15Minutes, windowMs: 15 * 60 * 1000 }),
    options,
  };
}

function setRefreshCookie(ctx: Context, auth: AdminAuth, token: string | null, expiresAt?: number) {
  const sameSite = auth.options.cookieSameSite === 'none' && !ctx.secure ? 'lax' : auth.options.cookieSameSite;
  ctx.cookies.set(REFRESH_COOKIE, token, {
    httpOnly: true,
    secure: ctx.secure,
    sameSite,
    path: COOKIE_PATH,
    expires: token && expiresAt ? new Date(expiresAt) : new Date(0),
    overwrite: true,
  });
}

function session(auth: AdminAuth, admin: AdminRow): SessionResponse {
  const profile = { id: admin.id, email: admin.email };
  return { admin: profile, accessToken: auth.tokens.sign(profile) };
}

/** POST /admin/login, /admin/refresh, /admin/logout (SPEC section 7 shapes). */
export function authRoutes(auth: AdminAuth): Router {
  const router = new Router();

  router.post(API_PATHS.adminLogin, async (ctx) => {
    const input = validate(adminLoginSchema, (ctx.request as { body?: unknown }).body);
    if (!input.ok) {
      ctx.status = 400;
      ctx.body = { error: Object.values(input.fields)[0], fields: input.fields };
      return;
    }
    const { email, password } = input.value;
    const waitMs = auth.throttle.retryAfterMs(email, clientAddress(ctx));
    if (waitMs > 0) {
      ctx.status = 429;
      ctx.set('Retry-After', String(Math.ceil(waitMs / 1000)));
      ctx.body = {
        error: `Too many failed sign-in attempts. Try again in ${Math.ceil(waitMs / 60000)} minute(s).`,
      };
      return;
    }
    const admin = await findAdminByEmail(auth.dataSource, email);
    const valid = await verifyPassword(password, admin?.passwordHash ?? (await decoyHash()));
    if (!admin || !valid) {
      auth.throttle.recordFailure(email, clientAddress(ctx));
      ctx.status = 401;
      ctx.body = { error: 'Invalid email or password' };
      return;
    }
    auth.throttle.reset(email, clientAddress(ctx));
    const refresh = await auth.refreshTokens.issue(admin.id);
    setRefreshCookie(ctx, auth, refresh.token, refresh.expiresAt);
    ctx.body = session(auth, admin);
  });

  router.post(API_PATHS.adminRefresh, async (ctx) => {
    const token = ctx.cookies.get(REFRESH_COOKIE);
    const outcome = token ? await auth.refreshTokens.rotate(token) : null;
    if (!outcome?.ok) {
      setRefreshCookie(ctx, auth, null);
      ctx.status = 401;
      ctx.body = { error: 'Session expired' };
      return;
    }
    setRefreshCookie(ctx, auth, outcome.next.token, outcome.next.expiresAt);
    ctx.body = session(auth, outcome.admin);
  });

  router.post(API_PATHS.adminLogout, async (ctx) => {
    const token = ctx.cookies.get(REFRESH_COOKIE);
    if (token) await auth.refreshTokens.revoke(token);
    setRefreshCookie(ctx, auth, null);
    ctx.body = { message: 'Logged out' };
  });

  return router;
}
