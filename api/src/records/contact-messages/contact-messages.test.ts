import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvents } from '../../test/events';
import { call, jsonBody, startTestServer, TEST_ENGINES, type TestServer } from '../../test/support';
import { withProof } from '../../test/form-proof';
import { CONTACT_SENT } from './contact-message-kind';

describe.each(TEST_ENGINES)('POST /api/contact on %s', (engine) => {
  let server: TestServer;
  let recorder: ReturnType<typeof recordEvents>;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    recorder = recordEvents(server);
  });
  afterAll(() => server?.close());

  it('stores a valid message, answers 201 with a reference and announces it', async () => {
    const res = await call(
      server,
      '/api/contact',
      await withProof(server, jsonBody({ name: ' Ada ', email: 'ada@example.com', message: 'Hello\nthere' })),
    );
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: CONTACT_SENT, reference: expect.stringMatching(/^MSG-/) });
    const rows = await server.deps.db.all(`SELECT "id", "name", "message" FROM "contact_messages" WHERE "reference" = ?`, [
      res.body.reference,
    ]);
    expect(rows).toEqual([{ id: expect.any(String), name: 'Ada', message: 'Hello\nthere' }]);
    expect((await recorder.settle()).at(-1)).toMatchObject({
      event: 'contactUpdated',
      summary: { id: rows[0].id, kind: 'contact', displayName: 'Ada', detail: 'ada@example.com' },
    });
  });

  it('refuses missing fields with 400 and the message of each field', async () => {
    const res = await call(server, '/api/contact', await withProof(server, jsonBody({ name: '', email: 'not-an-email' })));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'Please fill all required fields',
      fields: { name: 'Name is required', email: 'Enter a valid email address', message: 'Message is required' },
    });
  });

  it('refuses an over-long message and malformed JSON without a stack trace', async () => {
    const long = await call(
      server,
      '/api/contact',
      await withProof(server, jsonBody({ name: 'A', email: 'a@b.co', message: 'x'.repeat(5001) })),
    );
    expect(long.status).toBe(400);
    expect(long.body.fields).toEqual({ message: 'Must be at most 5000 characters' });

    const broken = await call(
      server,
      '/api/contact',
      await withProof(server, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"name":',
      }),
    );
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({ error: expect.any(String) });
    expect(broken.text).not.toMatch(/at .*\.(js|ts):\d+/);
  });

  it('refuses a body over the size limit with 413', async () => {
    const res = await call(
      server,
      '/api/contact',
      await withProof(server, jsonBody({ name: 'A', email: 'a@b.co', message: 'x'.repeat(200_000) })),
    );
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: expect.any(String) });
  });
});
