import { afterEach, describe, expect, it } from 'vitest';
import { call, jsonBody, startTestServer, TEST_ENGINES, type TestServer } from '../test/support';
import { withProof } from '../test/form-proof';

/**
 * The public rate limit counts per client address. A client may write anything into
 * X-Forwarded-For: only the entries added by the TRUST_PROXY_HOPS proxies in front are believed.
 */
describe.each(TEST_ENGINES)('client addresses behind proxies on %s', (engine) => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  const subscribe = async (forwardedFor: string) =>
    call(
      server!,
      '/api/subscribers',
      await withProof(server!, {
        ...jsonBody({ email: `p${Math.random().toString(36).slice(2)}@example.com` }),
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': forwardedFor },
      }),
    );

  it('ignores X-Forwarded-For without TRUST_PROXY_HOPS', async () => {
    server = await startTestServer({ engine, env: { RATE_LIMIT_PUBLIC_PER_MINUTE: '2' } });
    const statuses = [];
    for (let i = 1; i <= 4; i++) statuses.push((await subscribe(`198.51.100.${i}`)).status);
    expect(statuses).toEqual([201, 201, 429, 429]);
  });

  it('with one trusted hop, counts the address that proxy saw, not what the client wrote before it', async () => {
    server = await startTestServer({ engine, env: { RATE_LIMIT_PUBLIC_PER_MINUTE: '2', TRUST_PROXY_HOPS: '1' } });
    const statuses = [];
    for (let i = 1; i <= 4; i++) statuses.push((await subscribe(`10.0.0.${i}, 198.51.100.7`)).status);
    expect(statuses).toEqual([201, 201, 429, 429]);
    // Another visitor behind the same proxy has a budget of its own.
    expect((await subscribe('198.51.100.8')).status).toBe(201);
  });
});
