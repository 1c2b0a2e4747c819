import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, TEST_ENGINES, type TestServer } from '../../test/support';
import { withProof } from '../../test/form-proof';

describe.each(TEST_ENGINES)('health and readiness on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(() => server?.close());

  it('answers health and, while the database answers, readiness', async () => {
    expect(await call(server, '/api/health')).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await call(server, '/api/ready')).toMatchObject({ status: 200, body: { status: 'ready' } });
  });

  it('answers an unsupported method with 405 JSON and an unknown API path with 404 JSON', async () => {
    const put = await call(server, '/api/contact', { method: 'PUT' });
    expect(put.status).toBe(405);
    expect(put.body).toEqual({ error: expect.any(String) });
    expect(put.headers.get('allow')).toContain('POST');
    expect(await call(server, '/api/nothing/here')).toMatchObject({ status: 404, body: { error: 'Not found' } });
  });

  it('answers readiness 503 once the database is gone', async () => {
    const closing = await startTestServer({ engine });
    try {
      await closing.deps.db.close();
      expect(await call(closing, '/api/ready')).toMatchObject({ status: 503, body: { error: 'Database unavailable' } });
    } finally {
      await closing.close();
    }
  });

  it('rate limits public POSTs per client address', async () => {
    const limited = await startTestServer({ engine, env: { RATE_LIMIT_PUBLIC_PER_MINUTE: '2' } });
    try {
      const post = async () =>
        call(
          limited,
          '/api/subscribers',
          await withProof(limited, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ email: `r${Math.random()}@example.com` }),
          }),
        );
      expect((await post()).status).toBe(201);
      expect((await post()).status).toBe(201);
      const third = await post();
      expect(third.status).toBe(429);
      expect(third.body).toEqual({ error: expect.stringMatching(/Too many requests/) });
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await call(limited, '/api/health')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
