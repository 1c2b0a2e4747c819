import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvents } from '../../test/events';
import { call, jsonBody, startTestServer, TEST_ENGINES, type TestServer } from '../../test/support';
import { withProof } from '../../test/form-proof';
import { ALREADY_SUBSCRIBED, SUBSCRIBED } from './subscriber-kind';

describe.each(TEST_ENGINES)('POST /api/subscribers on %s', (engine) => {
  let server: TestServer;
  let recorder: ReturnType<typeof recordEvents>;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    recorder = recordEvents(server);
  });
  afterAll(() => server?.close());

  const count = async () => Number((await server.deps.dataSource.query(`SELECT COUNT(*) AS n FROM "subscribers"`))[0].n);

  it('subscribes once, then answers a clear 200 for the same address in any letter case', async () => {
    const first = await call(server, '/api/subscribers', await withProof(server, jsonBody({ email: 'Reader@Example.com' })));
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ message: SUBSCRIBED, reference: expect.any(String) });
    expect(await recorder.settle()).toEqual([
      {
        event: 'subscriberUpdated',
        summary: expect.objectContaining({ id: first.body.reference, displayName: 'Reader@Example.com' }),
      },
    ]);

    const again = await call(server, '/api/subscribers', await withProof(server, jsonBody({ email: ' reader@example.COM ' })));
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ message: ALREADY_SUBSCRIBED, reference: first.body.reference });
    expect(await count()).toBe(1);
    expect(await recorder.settle()).toHaveLength(1);
  });

  it('stores one row when the same address arrives concurrently', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, async () =>
        call(server, '/api/subscribers', await withProof(server, jsonBody({ email: 'race@example.com' }))),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(7);
    expect(await count()).toBe(2);
    expect((await recorder.settle()).filter((e) => e.summary.displayName === 'race@example.com')).toHaveLength(1);
  });

  it('refuses a missing or malformed e-mail', async () => {
    const missing = await call(server, '/api/subscribers', await withProof(server, jsonBody({})));
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ error: 'Please fill all required fields', fields: { email: 'Email is required' } });
    const malformed = await call(server, '/api/subscribers', await withProof(server, jsonBody({ email: 'nobody' })));
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ error: 'Enter a valid email address', fields: { email: 'Enter a valid email address' } });
  });
});
