import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, jsonBody, startTestServer, type TestServer } from '../test/support';

/**
 * Two real servers (two replicas) on one PostgreSQL schema: a limit holds for the sum of what
 * both receive, not for each on its own.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('limits shared by two replicas on one PostgreSQL', () => {
  let a: TestServer;
  let b: TestServer;
  const env = { RATE_LIMIT_PUBLIC_PER_MINUTE: '4' };

  beforeAll(async () => {
    a = await startTestServer({ engine: 'postgres', env });
    b = await startTestServer({ engine: 'postgres', env, postgresSchema: a.postgresSchema! });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('counts public posts to either replica against one budget per address', async () => {
    const subscribe = (replica: TestServer, i: number) => call(replica, '/api/subscribers', jsonBody({ email: `shared${i}@example.com` }));
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await subscribe(i % 2 ? b : a, i)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
  });
});
