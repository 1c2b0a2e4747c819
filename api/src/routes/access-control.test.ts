import { ADMIN_LISTS, DESK_LISTS, MATCHED_LISTS, ROLES, roleAllows, type MatchedListName, type Role } from '@sourcing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessTokens } from '../auth/access-tokens';
import { declaredRole, ROLE_NOT_ALLOWED } from '../auth/require-admin';
import { createStaffAccount, headersOf } from '../test/staff';
import { call, startTestServer, TEST_ADMIN, TEST_ENGINES, type TestServer } from '../test/support';
import { createApiRouter } from './api-router';

/** The only routes a visitor may call without an admin session. Every other route must declare a role. */
const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  'GET /api/ready',
  'GET /api/challenge',
  'POST /api/subscribers',
  'GET /api/newsletter/confirm',
  'GET /api/newsletter/unsubscribe',
  'POST /api/newsletter/unsubscribe',
  'POST /api/contact',
  'POST /api/inquiry',
  'POST /api/supplier',
  'POST /api/admin/login',
  'POST /api/admin/refresh',
  'POST /api/admin/logout',
  // The second step of a sign-in and passkey sign-in (their ticket or signed challenge is the credential).
  'POST /api/admin/login/code',
  'POST /api/admin/login/setup',
  'POST /api/admin/login/setup/confirm',
  'POST /api/admin/passkey/options',
  'POST /api/admin/passkey/login',
  // An invitation link's page: the token is the credential.
  'POST /api/admin/invitation',
  'POST /api/admin/invitation/accept',
]);

interface Route {
  method: string;
  path: string;
  /** The role its access check declares, null when it has none. */
  role: Role | null;
}

describe.each(TEST_ENGINES)('access control of every API route on %s', (engine) => {
  let server: TestServer;
  let routes: Route[];
  const headersByRole = {} as Record<Role, Record<string, string>>;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    routes = createApiRouter(server.deps)
      .stack.flatMap((layer) =>
        layer.methods
          .filter((m) => m !== 'HEAD')
          .map((method) => ({ method, path: String(layer.path), role: layer.stack.map(declaredRole).find(Boolean) ?? null })),
      )
      .filter((r, i, all) => all.findIndex((o) => o.method === r.method && o.path === r.path) === i);
    for (const role of ROLES) headersByRole[role] = headersOf(server, await createStaffAccount(server, role));
  });
  afterAll(() => server?.close());

  const key = (r: Route) => `${r.method} ${r.path}`;
  const adminRoutes = () => routes.filter((r) => !PUBLIC_ROUTES.has(key(r)));
  const concrete = (path: string) => path.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000.pdf');

  it('finds a declared role on every route that is not public', () => {
    expect(
      adminRoutes()
        .filter((r) => r.role === null)
        .map(key),
    ).toEqual([]);
    expect(routes.filter((r) => PUBLIC_ROUTES.has(key(r)) && r.role !== null).map(key)).toEqual([]);
  });

  it('declares reads for viewers, and staff, audit, backups and erasure for owners', () => {
    const roles = Object.fromEntries(adminRoutes().map((r) => [key(r), r.role]));
    expect(roles).toMatchObject({
      'GET /api/subscribers': 'viewer',
      'GET /api/subscribers/export.csv': 'viewer',
      'GET /api/subscribers/:id': 'viewer',
      'GET /api/contact': 'viewer',
      'GET /api/inquiry/inquiries': 'viewer',
      'GET /api/supplier/supplierInquires': 'viewer',
      'GET /api/admin/stats': 'viewer',
      'GET /api/uploads/:storedName': 'viewer',
      'DELETE /api/inquiry/inquiries/:id': 'owner',
      'DELETE /api/contact/:id': 'owner',
      'GET /api/admin/staff': 'owner',
      'POST /api/admin/staff': 'owner',
      'PATCH /api/admin/staff/:id': 'owner',
      'POST /api/admin/staff/:id/reset-password': 'owner',
      'POST /api/admin/staff/:id/reset-two-factor': 'owner',
      'GET /api/admin/invitations': 'owner',
      'POST /api/admin/invitations': 'owner',
      'POST /api/admin/invitations/:id/resend': 'owner',
      'DELETE /api/admin/invitations/:id': 'owner',
      'GET /api/admin/audit': 'owner',
      'GET /api/admin/backups': 'owner',
      'GET /api/admin/assignees': 'viewer',
    });
  });

  it('declares the block list, a person’s data, retention settings and bulk erasure for owners only', () => {
    const roles = Object.fromEntries(adminRoutes().map((r) => [key(r), r.role]));
    const lists = Object.values(ADMIN_LISTS).map(({ path }) => [`POST /api${path}/erase`, 'owner']);
    expect(roles).toMatchObject({
      'GET /api/admin/block-list': 'owner',
      'POST /api/admin/block-list': 'owner',
      'DELETE /api/admin/block-list/:value': 'owner',
      'GET /api/admin/people': 'owner',
      'GET /api/admin/people/export-link': 'owner',
      'GET /api/admin/people/export.zip': 'owner',
      'POST /api/admin/people/erase': 'owner',
      'GET /api/admin/privacy-settings': 'owner',
      'PATCH /api/admin/privacy-settings': 'owner',
      ...Object.fromEntries(lists),
    });
  });

  it('registers the sales desk of every worked list: changes, bulk changes and notes for agents, the timeline for viewers', () => {
    const desk = DESK_LISTS.flatMap((list) => {
      const path = `/api${ADMIN_LISTS[list].path}`;
      return [
        [`PATCH ${path}/:id`, 'agent'],
        [`POST ${path}/bulk`, 'agent'],
        [`POST ${path}/:id/notes`, 'agent'],
        [`GET ${path}/:id/timeline`, 'viewer'],
      ];
    });
    expect(desk).toHaveLength(12);
    const roles = Object.fromEntries(adminRoutes().map((r) => [key(r), r.role]));
    expect(roles).toMatchObject(Object.fromEntries(desk));
  });

  it('registers matching on both matched lists: the matches for viewers, linking and unlinking for agents', () => {
    const matching = (Object.keys(MATCHED_LISTS) as MatchedListName[]).flatMap((list) => {
      const path = `/api${ADMIN_LISTS[list].path}`;
      return [
        [`GET ${path}/:id/matches`, 'viewer'],
        [`POST ${path}/:id/links`, 'agent'],
        [`DELETE ${path}/:id/links/:otherId`, 'agent'],
      ];
    });
    expect(matching).toHaveLength(6);
    const roles = Object.fromEntries(adminRoutes().map((r) => [key(r), r.role]));
    expect(roles).toMatchObject(Object.fromEntries(matching));
  });

  it('registers each admin’s own read state for every role: the unread counts and the marks of every list', () => {
    const reads = Object.values(ADMIN_LISTS).flatMap(({ path }) => [
      [`POST /api${path}/:id/read`, 'viewer'],
      [`POST /api${path}/read-all`, 'viewer'],
    ]);
    const roles = Object.fromEntries(adminRoutes().map((r) => [key(r), r.role]));
    expect(roles).toMatchObject(Object.fromEntries([['GET /api/admin/unread', 'viewer'], ...reads]));
  });

  it('lets every role manage its own account, and nobody else’s: name, password, two-factor, passkeys, sessions', () => {
    const own = [
      'GET /api/admin/account',
      'PATCH /api/admin/account',
      'POST /api/admin/account/password',
      'POST /api/admin/account/two-factor/setup',
      'POST /api/admin/account/two-factor/confirm',
      'POST /api/admin/account/two-factor/disable',
      'POST /api/admin/account/two-factor/recovery-codes',
      'POST /api/admin/account/passkeys/options',
      'POST /api/admin/account/passkeys',
      'DELETE /api/admin/account/passkeys/:id',
      'GET /api/admin/account/sessions',
      'DELETE /api/admin/account/sessions/:id',
      'POST /api/admin/account/sessions/sign-out-everywhere',
    ];
    const roles = Object.fromEntries(adminRoutes().map((r) => [key(r), r.role]));
    expect(roles).toMatchObject(Object.fromEntries(own.map((route) => [route, ROLES[0]])));
  });

  it('answers 401 to every admin route without a session, with a forged token and with an expired one', async () => {
    const sessions = server.deps.sessions;
    const forged = createAccessTokens('another-secret-another-secret-0123', { sessions }).sign(TEST_ADMIN);
    const expired = createAccessTokens(server.deps.config.jwtSecret, { sessions, ttlSeconds: -10 }).sign(TEST_ADMIN);
    for (const route of adminRoutes()) {
      for (const headers of [{}, { Authorization: `Bearer ${forged}` }, { Authorization: `Bearer ${expired}` }] as Record<
        string,
        string
      >[]) {
        const res = await call(server, concrete(route.path), { method: route.method, headers });
        expect(res.status, key(route)).toBe(401);
        expect(res.body).toEqual({ error: 'Not signed in' });
      }
    }
  });

  it('answers 403 to every role below a route’s and lets every other role through (every route × role)', async () => {
    for (const route of adminRoutes()) {
      for (const role of ROLES) {
        const res = await call(server, concrete(route.path), { method: route.method, headers: headersByRole[role] });
        if (roleAllows(role, route.role!)) {
          expect([401, 403], `${key(route)} as ${role}`).not.toContain(res.status);
        } else {
          expect(res.status, `${key(route)} as ${role}`).toBe(403);
          expect(res.body).toEqual({ error: ROLE_NOT_ALLOWED });
        }
      }
    }
  });
});
