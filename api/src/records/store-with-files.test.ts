import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesOnDisk } from '../test/forms';
import { pdf } from '../test/sample-files';
import { startTestServer, TEST_ENGINES, type TestServer } from '../test/support';
import { storeWithFiles } from './store-with-files';

describe.each(TEST_ENGINES)('storing a record with files on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(() => server?.close());

  it('removes the stored files again when the database insert fails', async () => {
    const source = join(server.dataDir, 'spec.pdf');
    writeFileSync(source, pdf());
    const incoming = join(server.deps.uploads.incomingDir, 'incoming-1');
    copyFileSync(source, incoming);
    const file = { path: incoming, originalName: 'spec.pdf', size: pdf().length, mimeType: 'application/pdf', extension: '.pdf' };

    let storedDuringInsert: string[] = [];
    await expect(
      storeWithFiles(server.deps, 'inquiry', [file], async (tx) => {
        storedDuringInsert = filesOnDisk(server).stored;
        await tx.run('INSERT INTO "no_such_table" VALUES (1)');
        throw new Error('unreachable');
      }),
    ).rejects.toThrow();
    expect(storedDuringInsert).toHaveLength(1);
    expect(filesOnDisk(server)).toEqual({ stored: [], incoming: [] });
    const indexed = await server.deps.db.all('SELECT COUNT(*) AS n FROM "uploaded_files"');
    expect(Number(indexed[0].n)).toBe(0);
  });
});
