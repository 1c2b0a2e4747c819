import { mkdirSync, rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { INTERNAL_ERROR } from '../http/errors';
import { filesOnDisk, postForm, postFormChunked, supplierForm, supplierValues } from '../test/forms';
import { call, startTestServer, TEST_ENGINES, type TestServer } from '../test/support';
import { withProof } from '../test/form-proof';

const notes = (kib: number, name = 'notes.txt') => ({ name, bytes: Buffer.alloc(kib * 1024, 'a') });

/** How the files of a multipart request reach the incoming folder, and leave it again when the request fails. */
describe.each(TEST_ENGINES)('incoming files on %s', (engine) => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  const offers = async () => {
    const rows: { n: string | number }[] = await server!.deps.db.all('SELECT COUNT(*) AS n FROM "supplier_inquiries"');
    return Number(rows[0].n);
  };

  it('removes the files already written when a later one is refused mid-way', async () => {
    server = await startTestServer({ engine, env: { UPLOAD_MB_PER_ADDRESS_PER_HOUR: '1' } });
    const form = supplierForm(supplierValues(), [notes(700, 'first.txt'), notes(700, 'second.txt')]);
    const answer = await postFormChunked(server, '/api/supplier', form);
    expect(answer.status).toBe(429);
    expect(filesOnDisk(server)).toEqual({ stored: [], incoming: [] });
    expect(await offers()).toBe(0);
  });

  it('answers a failure of our own disk as a server error, not as the client’s, and keeps nothing', async () => {
    server = await startTestServer({ engine });
    const { incomingDir } = server.deps.uploads;
    rmSync(incomingDir, { recursive: true });
    const answer = await call(
      server,
      '/api/supplier',
      await withProof(server, postForm(supplierForm(supplierValues(), [notes(10)]))),
    );
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({ error: INTERNAL_ERROR });
    expect(await offers()).toBe(0);
    mkdirSync(incomingDir);
    expect(filesOnDisk(server)).toEqual({ stored: [], incoming: [] });
    expect(
      (await call(server, '/api/supplier', await withProof(server, postForm(supplierForm(supplierValues(), [notes(10)])))))
        .status,
    ).toBe(201);
  });
});
