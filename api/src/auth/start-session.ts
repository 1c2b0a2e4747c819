import { API_PREFIX, ADMIN_SESSION_PATH, displayNameOf, type SecondStep, type SessionResponse } from '@sourcing/shared';
import type { Context } from 'koa';
import { recordSession, sessionInfoOf } from '../account/sessions';
import type { Audit } from '../audit/audit';
import { clientAddress } from '../http/client-address';
import type { AdminAuth, TwoFactorPolicy } from './admin-auth';
import { DEVICE_COOKIE, DEVICE_COOKIE_TTL_MS } from './device-cookies';
import type { AdminRow } from './schema';

export const REFRESH_COOKIE = 'sourcing_refresh';
/** The refresh cookie is only ever sent to the session endpoints. */
const COOKIE_PATH = `${API_PREFIX}${ADMIN_SESSION_PATH}`;

export function setSessionCookie(ctx: Context, auth: AdminAuth, name: string, value: string | null, expiresAt?: number) {
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

export const setRefreshCookie = (ctx: Context, auth: AdminAuth, token: string | null, expiresAt?: number) =>
  setSessionCookie(ctx, auth, REFRESH_COOKIE, token, expiresAt);

/** The answer of a sign-in or a refresh: its access token is one this process accepts at once. */
export async function sessionResponse(auth: AdminAuth, admin: AdminRow, sessionId: string): Promise<SessionResponse> {
  await auth.sessions.catchUpWith(admin.id, admin.role);
  return {
    admin: {
      id: admin.id,
      email: admin.email,
      role: admin.role,
      name: displayNameOf({ name: admin.displayName, email: admin.email }),
    },
    accessToken: auth.tokens.sign({ id: admin.id, email: admin.email }, sessionId),
  };
}

/** How a sign-in proved who it is, as the audit trail's `method` says it. */
export type SignInMethod = 'password' | 'password+authenticator' | 'password+recovery-code' | 'passkey' | 'invitation';

export const twoFactorRequired = (policy: TwoFactorPolicy, role: AdminRow['role']) =>
  policy === 'all' || (policy === 'owners' && role === 'owner');

/**
 * A session for an admin who proved who they are: a new refresh-token family (the refresh and
 * device cookies), what the session is for the account page, and the sign-in in the audit trail.
 */
export async function startSession(
  ctx: Context,
  auth: AdminAuth,
  audit: Audit,
  admin: AdminRow,
  method: SignInMethod,
): Promise<SessionResponse> {
  const refresh = await auth.refreshTokens.issue(admin.id);
  const info = sessionInfoOf(ctx, refresh.sessionId, admin.id);
  await auth.db.transaction(async (tx) => {
    await recordSession(tx, info);
    await audit({ id: admin.id, email: admin.email }, 'sign-in', null, { address: clientAddress(ctx), method }, tx);
  });
  setRefreshCookie(ctx, auth, refresh.token, refresh.expiresAt);
  setSessionCookie(ctx, auth, DEVICE_COOKIE, auth.devices.issue(admin.email), Date.now() + DEVICE_COOKIE_TTL_MS);
  return sessionResponse(auth, admin, refresh.sessionId);
}

/**
 * After the first step (a password, or an accepted invitation): the session, unless the account
 * signs in with an authenticator (its code comes next) or REQUIRE_2FA wants one set up first.
 */
export async function afterFirstStep(
  ctx: Context,
  auth: AdminAuth,
  audit: Audit,
  admin: AdminRow,
  method: 'password' | 'invitation',
): Promise<SessionResponse | SecondStep> {
  const ticket = (stage: SecondStep['secondStep']) => auth.tickets.issue({ adminId: admin.id, email: admin.email, stage });
  if (admin.totpSecret) return { secondStep: 'totp', ticket: ticket('totp') };
  if (twoFactorRequired(auth.options.requireTwoFactor, admin.role)) return { secondStep: 'setup', ticket: ticket('setup') };
  return startSession(ctx, auth, audit, admin, method);
}
