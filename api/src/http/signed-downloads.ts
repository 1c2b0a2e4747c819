import { roleAllows, type Role } from '@sourcing/shared';
import type { Context, Middleware } from 'koa';
import type { AppDeps } from '../app-deps';
import { declareRole, requireRole, type AdminState } from '../auth/require-admin';
import type { ExportLinks } from '../records/list/export-links';

/** The parameters naming a signed download link's holder, signed with the rest of its query. */
const HOLDER = { admin: 'by', session: 'session' } as const;

/** A download's query with its holder added: the signed-in admin and their session. */
export function heldQuery(ctx: Context & { state: AdminState }, query: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(query);
  params.set(HOLDER.admin, ctx.state.admin.id);
  params.set(HOLDER.session, ctx.state.sessionId ?? '');
  return params;
}

/**
 * A download route's access check (docs/hardening.md#uploads: links die with their holder): a live
 * signed link of this path, whose holder's session still runs and whose role still allows the
 * route, stands in for the bearer token; anything else is the role check.
 */
export function roleOrSignedLink(
  deps: Pick<AppDeps, 'tokens' | 'sessions'>,
  links: ExportLinks,
  path: string,
  role: Role,
): Middleware<AdminState> {
  const check = requireRole(deps.tokens, role);
  return declareRole(role, (async (ctx, next) => {
    const query = new URLSearchParams(ctx.querystring);
    const holder = query.get(HOLDER.admin);
    const holderRole = holder ? deps.sessions.roleOf(holder, query.get(HOLDER.session) || null) : null;
    if (holderRole && roleAllows(holderRole, role) && links.verify(path, query)) await next();
    else await check(ctx, next);
  }) as Middleware<AdminState>);
}
