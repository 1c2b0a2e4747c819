import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { declaredQuerySchema } from '../http/validate';
import { createApiRouter } from './api-router';
import { postForm, supplierForm, supplierValues } from '../test/forms';
import { call, jsonBody, startTestServer, TEST_ENGINES, type TestServer } from '../test/support';
import { withProof } from '../test/form-proof';

const INVALID = 'Contains characters that are not allowed';
const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * Input PostgreSQL cannot store or compare (a NUL, a uuid that is not one, a year it does not
 * have) used to be a 500 there and stored as is on SQLite. Both engines now refuse it alike.
 */
describe.each(TEST_ENGINES)('input both engines refuse alike on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(() => server?.close());
  const admin = () => ({ headers: server.adminHeaders() });

  it('refuses a NUL in a contact message, a subscriber, a sign-in and a supplier offer', async () => {
    const contact = await call(
      server,
      '/api/contact',
      await withProof(server, jsonBody({ name: 'Ann\u0000', email: 'ann@example.com', message: 'Hi' })),
    );
    expect(contact).toMatchObject({ status: 400, body: { error: INVALID, fields: { name: INVALID } } });
    const subscriber = await call(
      server,
      '/api/subscribers',
      await withProof(server, jsonBody({ email: 'a\u0000@example.com' })),
    );
    expect(subscriber).toMatchObject({ status: 400, body: { fields: { email: expect.any(String) } } });
    const login = await call(server, '/api/admin/login', jsonBody({ email: 'a\u0000@example.com', password: 'x' }));
    expect(login.status).toBe(400);
    const values = supplierValues({ productSpecs: 'Cu\u000099.99', certifications: ['SGS\u0000'] });
    const offer = await call(server, '/api/supplier', await withProof(server, postForm(supplierForm(values))));
    expect(offer).toMatchObject({ status: 400, body: { fields: { productSpecs: INVALID, certifications: INVALID } } });
    expect((await call(server, '/api/contact', await withProof(server, admin()))).body.total).toBe(0);
  });

  it('refuses a NUL in a search, for a page and for the CSV export', async () => {
    for (const path of ['/api/contact?q=a%00b', '/api/subscribers/export.csv?q=%00', '/api/inquiry/inquiries?q=%01']) {
      const res = await call(server, path, admin());
      expect(res.status, path).toBe(400);
      expect(res.body, path).toEqual({ error: INVALID, fields: { q: INVALID } });
    }
  });

  it('refuses a NUL in every query parameter of every route that reads one, on the route and in its filters', async () => {
    const routes = createApiRouter(server.deps).stack.flatMap((layer) => {
      const schema = layer.stack.map(declaredQuerySchema).find(Boolean);
      if (!schema || !layer.methods.includes('GET')) return [];
      const { properties } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: object };
      return [{ path: String(layer.path), keys: [...Object.keys(properties ?? {}), 'unknownParameter'] }];
    });
    // The lists, their exports, the audit trail, the outbox and the stats at least.
    expect(routes.length).toBeGreaterThanOrEqual(4 * 3 + 3);
    for (const { path, keys } of routes) {
      for (const key of keys) {
        const url = `${path.replace(':id', '00000000-0000-4000-8000-000000000000')}?${key}=a%00b`;
        const res = await call(server, url, admin());
        expect(res.status, url).toBe(400);
        expect(res.body, url).toEqual({ error: INVALID, fields: { [key]: INVALID } });
      }
    }
  });

  it('refuses cursors and dates that decode but that the database cannot compare', async () => {
    const at = '2026-01-01T00:00:00.000Z';
    for (const cursor of [
      cursorOf([at, '-'.repeat(36)]),
      cursorOf([at, 'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz']),
      cursorOf(['-271821-04-20T00:00:00.000Z', '00000000-0000-4000-8000-000000000000']),
      cursorOf(['+275760-09-13T00:00:00.000Z', '00000000-0000-4000-8000-000000000000']),
    ]) {
      const res = await call(server, `/api/contact?cursor=${cursor}`, admin());
      expect(res).toMatchObject({ status: 400, body: { error: 'Invalid cursor' } });
    }
    const ancient = await call(server, '/api/contact?since=0000-01-01T00:00:00Z', admin());
    expect(ancient.status).toBe(400);
    const valid = cursorOf([at, '00000000-0000-4000-8000-000000000000']);
    expect((await call(server, `/api/contact?cursor=${valid}`, admin())).status).toBe(200);
  });
});
