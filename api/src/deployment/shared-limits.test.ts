import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { postForm, supplierForm, supplierValues } from '../test/forms';
import { call, jsonBody, startTestServer, type TestServer } from '../test/support';
import { withProof } from '../test/form-proof';

/**
 * Two real servers (two replicas) on one PostgreSQL schema behind one proxy hop: a limit holds
 * for the sum of what both receive, not for each on its own. Each test comes from its own address.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('limits shared by two replicas on one PostgreSQL', () => {
  let a: TestServer;
  let b: TestServer;
  const env = {
    TRUST_PROXY_HOPS: '1',
    RATE_LIMIT_PUBLIC_PER_MINUTE: '4',
    RATE_LIMIT_LOGIN_PER_15_MINUTES: '4',
    LOGIN_FREE_FAILURES: '2',
    UPLOAD_MB_PER_ADDRESS_PER_HOUR: '1',
  };

  beforeAll(async () => {
    a = await startTestServer({ engine: 'postgres', env });
    b = await startTestServer({ engine: 'postgres', env, sameDatabaseAs: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const post = async (replica: TestServer, path: string, body: unknown, address: string) =>
    call(
      replica,
      path,
      await withProof(replica, {
        ...jsonBody(body),
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
      }),
    );

  it('counts public posts to either replica against one budget per address', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await post(i % 2 ? b : a, '/api/subscribers', { email: `shared${i}@example.com` }, '198.51.100.1')).status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
  });

  it('counts failed sign-ins from one address on both replicas against one budget', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const credentials = { email: `user${i}@example.com`, password: 'wrong-password' };
      statuses.push((await post(i % 2 ? b : a, '/api/admin/login', credentials, '198.51.100.2')).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
  });

  it('takes files sent to either replica from one upload budget per address', async () => {
    const offer = async (replica: TestServer) =>
      call(
        replica,
        '/api/supplier',
        await withProof(replica, {
          ...postForm(supplierForm(supplierValues(), [{ name: 'notes.txt', bytes: Buffer.alloc(600 * 1024, 'a') }])),
          headers: { 'X-Forwarded-For': '198.51.100.4' },
        }),
      );
    expect((await offer(a)).status).toBe(201);
    expect((await offer(b)).status).toBe(429);
  });

  it('makes an account wait on one replica after failures on the other', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const credentials = { email: 'owner@example.com', password: 'wrong-password' };
    const statuses = [];
    for (const replica of [a, b, a]) statuses.push((await post(replica, '/api/admin/login', credentials, '198.51.100.3')).status);
    expect(statuses).toEqual([401, 401, 401]);
    const waiting = await post(b, '/api/admin/login', credentials, '198.51.100.3');
    expect(waiting.status).toBe(429);
    expect(waiting.body).toEqual({ error: 'Too many failed sign-in attempts. Try again in 1 second.' });
  });
});
