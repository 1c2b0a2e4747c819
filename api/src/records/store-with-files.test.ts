import { randomUUID } from 'node:crypto';
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesOnDisk } from '../test/forms';
import { pdf } from '../test/sample-files';
import { startTestServer, TEST_ENGINES, TEST_JWT_SECRET, type TestServer } from '../test/support';
import { createUploadStore } from '../uploads/upload-store';
import { diskSync } from '../uploads/sync-to-disk';
import { storeWithFiles } from './store-with-files';

describe.each(TEST_ENGINES)('storing a record with files on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(() => server?.close());

  const incomingPdf = (name: string) => {
    const incoming = join(server.deps.uploads.incomingDir, name);
    writeFileSync(incoming, pdf());
    return { path: incoming, originalName: 'spec.pdf', size: pdf().length, mimeType: 'application/pdf', extension: '.pdf' };
  };

  it('puts every file, then the name it is kept under, on disk before the record is committed', async () => {
    const synced: string[] = [];
    const uploads = createUploadStore(server.deps.uploads.dir, TEST_JWT_SECRET, () => new Date(), {
      file: async (path) => {
        synced.push(`file ${path}`);
        await diskSync.file(path);
      },
      folder: async (path) => {
        synced.push(`folder ${path}`);
        await diskSync.folder(path);
      },
    });
    const files = [incomingPdf('incoming-a'), incomingPdf('incoming-b')];
    let syncedAtInsert: string[] = [];
    await storeWithFiles({ ...server.deps, uploads }, 'inquiry', files, () => {
      syncedAtInsert = [...synced];
      return Promise.resolve({ id: randomUUID(), createdAt: new Date() });
    });
    expect(syncedAtInsert).toEqual([`file ${files[0].path}`, `file ${files[1].path}`, `folder ${uploads.dir}`]);
    await uploads.remove(filesOnDisk(server).stored);
    await server.deps.db.run('DELETE FROM "uploaded_files"');
  });

  it.runIf(engine === 'sqlite')('commits on SQLite only once the commit is on disk (synchronous = FULL)', async () => {
    // 2 is FULL: in WAL mode NORMAL (1) leaves the last commits to a power cut until the next checkpoint.
    expect(await server.deps.db.all('PRAGMA synchronous')).toEqual([{ synchronous: 2 }]);
  });

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
