import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessTokens } from '../auth/access-tokens';
import { call, startTestServer, TEST_ADMIN, type TestServer } from '../test/support';
import { createApiRouter } from './api-router';

/** The only routes a visitor may call without an admin session. Anything else must answer 401. */
const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  'GET /api/ready',
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
]);

describe('access control of every API route', () => {
  let server: TestServer;
  let routes: { method: string; path: string }[];

  beforeAll(async () => {
    server = await startTestServer();
    routes = createApiRouter(server.deps)
      .stack.flatMap((layer) => layer.methods.filter((m) => m !== 'HEAD').map((method) => ({ method, path: String(layer.path) })))
      .filter((r, i, all) => all.findIndex((o) => o.method === r.method && o.path === r.path) === i);
  });
  afterAll(() => server?.close());

  const adminRoutes = () => routes.filter((r) => !PUBLIC_ROUTES.has(`${r.method} ${r.path}`));
  const concrete = (path: string) => path.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000.pdf');

  it('registers the admin reads, stats and uploads as admin routes', () => {
    expect(adminRoutes().map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining([
        'GET /api/subscribers',
        'GET /api/subscribers/export.csv',
        'GET /api/subscribers/:id',
        'GET /api/contact',
        'GET /api/inquiry/inquiries',
        'GET /api/supplier/supplierInquires',
        'GET /api/admin/stats',
        'GET /api/uploads/:storedName',
      ]),
    );
  });

  it('answers 401 to every admin route without a session, with a forged token and with an expired one', async () => {
    const forged = createAccessTokens('another-secret-another-secret-0123').sign(TEST_ADMIN);
    const expired = createAccessTokens(server.deps.config.jwtSecret, -10).sign(TEST_ADMIN);
    for (const route of adminRoutes()) {
      for (const headers of [{}, { Authorization: `Bearer ${forged}` }, { Authorization: `Bearer ${expired}` }] as Record<
        string,
        string
      >[]) {
        const res = await call(server, concrete(route.path), { method: route.method, headers });
        expect(res.status, `${route.method} ${route.path}`).toBe(401);
        expect(res.body).toEqual({ error: 'Not signed in' });
      }
    }
  });

  it('lets a signed-in admin through every admin route', async () => {
    for (const route of adminRoutes()) {
      const res = await call(server, concrete(route.path), { method: route.method, headers: server.adminHeaders() });
      expect(res.status, `${route.method} ${route.path}`).not.toBe(401);
    }
  });
});
