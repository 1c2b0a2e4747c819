import { readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesOnDisk, postForm, supplierForm, supplierValues } from '../test/forms';
import { pdf } from '../test/sample-files';
import { call, startTestServer, TEST_ENGINES, type TestServer } from '../test/support';
import { withProof } from '../test/form-proof';
import { LEFTOVER_MIN_AGE_MS } from './clean-leftovers';

/**
 * What `kill -9` leaves behind (a stored file whose record was never committed, temp files of
 * uploads in flight) is removed when a server starts, once old enough that no request on any
 * replica can still be writing it.
 */
describe.each(TEST_ENGINES)('upload leftovers after a crash on %s', (engine) => {
  let first: TestServer;
  let kept: string;
  beforeAll(async () => {
    first = await startTestServer({ engine });
    const res = await call(
      first,
      '/api/supplier',
      await withProof(first, postForm(supplierForm(supplierValues(), [{ name: 'cert.pdf', bytes: pdf() }]))),
    );
    expect(res.status).toBe(201);
    [kept] = filesOnDisk(first).stored;
  });
  afterAll(() => first?.close());

  it('removes old orphans and temp files at start, and nothing else', async () => {
    const { uploadsDir } = first.deps.config;
    const { incomingDir } = first.deps.uploads;
    const old = new Date(Date.now() - LEFTOVER_MIN_AGE_MS - 60_000);
    const write = (path: string, at?: Date) => {
      writeFileSync(path, 'x');
      if (at) utimesSync(path, at, at);
    };
    write(join(uploadsDir, '11111111-1111-4111-8111-111111111111.pdf'), old);
    write(join(uploadsDir, '22222222-2222-4222-8222-222222222222.png'));
    write(join(uploadsDir, 'notes-of-the-operator.txt'), old);
    write(join(incomingDir, 'old-temp'), old);
    write(join(incomingDir, 'fresh-temp'));
    utimesSync(join(uploadsDir, kept), old, old);

    // A second server on the same database and uploads folder: a restart, or another replica starting.
    const restarted = await startTestServer({
      engine,
      sameDatabaseAs: first,
      env: { DATA_DIR: first.dataDir, UPLOADS_DIR: uploadsDir },
    });
    try {
      expect(readdirSync(uploadsDir).sort()).toEqual(
        ['.incoming', '22222222-2222-4222-8222-222222222222.png', kept, 'notes-of-the-operator.txt'].sort(),
      );
      expect(readdirSync(incomingDir)).toEqual(['fresh-temp']);
      const offers = await call(restarted, '/api/supplier/supplierInquires', { headers: restarted.adminHeaders() });
      expect(offers.body.data[0].attachments).toEqual([kept]);
    } finally {
      await restarted.close();
    }
  });
});
