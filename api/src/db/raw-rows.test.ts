import { randomUUID } from 'node:crypto';
import type { AdminListName } from '@sourcing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_KINDS } from '../records/record-kinds';
import { recordRow } from '../test/factories';
import { startTestServer, TEST_ENGINES, type TestServer } from '../test/support';
import { UPLOADED_FILE, type UploadedFileRow } from './entities/uploaded-file';

const LISTS = Object.keys(RECORD_KINDS) as AdminListName[];
const AT = new Date('2026-03-04T05:06:07.089Z');
const FILE = { storedName: 'a.pdf', originalName: 'spec.pdf', mimeType: 'application/pdf', size: 3 };

/** The raw read and write paths must store and read exactly what TypeORM's repository does, column for column. */
describe.each(TEST_ENGINES)('raw rows on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(() => server?.close());

  const readRaw = async (list: AdminListName, id: string) => {
    const { entity, table } = RECORD_KINDS[list];
    const reader = server.deps.db.rowReader(entity);
    const rows = await server.deps.db.all(`SELECT ${reader.columns('r')} FROM "${table}" "r" WHERE r."id" = ?`, [id]);
    return rows.map((raw) => reader.read(raw));
  };

  it.each(LISTS)('tx.insert writes and the row reader reads %s as the repository does', async (list) => {
    const { entity } = RECORD_KINDS[list];
    const row: Record<string, unknown> = recordRow(list, AT);
    if ('attachments' in row) row.attachments = [FILE];
    const { db } = server.deps;
    await db.transaction((tx) => tx.insert(entity, row));

    const viaRepository = await db.reads.getRepository(entity).findOneByOrFail({ id: row.id });
    // Columns left out of the insert (the sales desk's status, owner and version) take their defaults.
    expect(viaRepository).toMatchObject(row);
    expect(await readRaw(list, row.id as string)).toEqual([viaRepository]);
  });

  it('tx.insert writes a file index row as the repository does', async () => {
    const { db } = server.deps;
    const indexed: UploadedFileRow = {
      ...FILE,
      storedName: 'b.pdf',
      recordKind: 'inquiry',
      recordId: randomUUID(),
      createdAt: AT,
    };
    await db.transaction((tx) => tx.insert(UPLOADED_FILE, indexed));
    expect(await db.reads.getRepository(UPLOADED_FILE).findOneByOrFail({ storedName: 'b.pdf' })).toEqual(indexed);
  });

  it('writes inside the transaction: a rolled-back insert leaves no row', async () => {
    const row = recordRow('contacts', AT);
    await expect(
      server.deps.db.transaction(async (tx) => {
        await tx.insert(RECORD_KINDS.contacts.entity, row);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await readRaw('contacts', row.id)).toEqual([]);
  });
});
