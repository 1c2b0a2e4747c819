import type { Middleware } from 'koa';
import type { AccessTokens, AdminClaims } from './access-tokens';

export const NOT_SIGNED_IN = 'Not signed in';

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match ? match[1] : null;
}

/** What requireAdmin puts in ctx.state. */
export interface AdminState {
  admin: AdminClaims;
}

/** Lets a request through only with a valid admin access token; sets ctx.state.admin. */
export function requireAdmin(tokens: AccessTokens): Middleware<AdminState> {
  return async (ctx, next) => {
    const token = bearerToken(ctx.get('Authorization'));
    const verified = token ? tokens.verify(token) : null;
    if (!verified) {
      ctx.status = 401;
      ctx.body = { error: NOT_SIGNED_IN };
      return;
    }
    ctx.state.admin = verified.admin;
    await next();
  };
}
