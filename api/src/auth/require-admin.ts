import { roleAllows, ROLES, type Role } from '@sourcing/shared';
import type { Middleware } from 'koa';
import type { AccessTokens, SignedInAdmin } from './access-tokens';

export const NOT_SIGNED_IN = 'Not signed in';
export const ROLE_NOT_ALLOWED = 'Your role does not allow this';

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match ? match[1] : null;
}

/** What requireRole puts in ctx.state. */
export interface AdminState {
  admin: SignedInAdmin;
  /** The session (refresh-token family) of the access token, null for a token without one. */
  sessionId: string | null;
}

const REQUIRED_ROLE = Symbol('requiredRole');

/** A middleware that says which role its route needs; the route-walk test reads the mark. */
export type RoleGuarded<M> = M & { [REQUIRED_ROLE]: Role };

/** Marks a route's access check with the role it enforces (for checks that are not requireRole's). */
export function declareRole<M extends (...args: never[]) => unknown>(role: Role, middleware: M): RoleGuarded<M> {
  return Object.assign(middleware, { [REQUIRED_ROLE]: role });
}

/** The role a middleware declares, if it is an access check. */
export function declaredRole(middleware: unknown): Role | null {
  return typeof middleware === 'function' ? ((middleware as Partial<RoleGuarded<object>>)[REQUIRED_ROLE] ?? null) : null;
}

/**
 * Every admin route starts with this: a valid access token of a live session (401) whose account
 * holds at least `role` (403); sets ctx.state.admin. Reads need 'viewer', record changes 'agent',
 * staff, audit and erasure 'owner' (docs/admin.md).
 */
export function requireRole(tokens: AccessTokens, role: Role): RoleGuarded<Middleware<AdminState>> {
  return declareRole(role, async (ctx, next) => {
    const token = bearerToken(ctx.get('Authorization'));
    const verified = token ? tokens.verify(token) : null;
    if (!verified) {
      ctx.status = 401;
      ctx.body = { error: NOT_SIGNED_IN };
      return;
    }
    if (!roleAllows(verified.admin.role, role)) {
      ctx.status = 403;
      ctx.body = { error: ROLE_NOT_ALLOWED };
      return;
    }
    ctx.state.admin = verified.admin;
    ctx.state.sessionId = verified.sessionId;
    await next();
  });
}

/**
 * Routes of one's own account (profile, password, two-factor, passkeys, sessions): any signed-in
 * staff member, whatever their role. The weakest role, declared like any other for the route walk.
 */
export const requireSignedIn = (tokens: AccessTokens) => requireRole(tokens, ROLES[0]);
