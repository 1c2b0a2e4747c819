import { randomUUID } from 'node:crypto';
import type { AdminListName } from '@sourcing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_KINDS } from '../records/record-kinds';
import { recordRow } from '../test/factories';
import { startTestServer, TEST_ENGINES, type TestServer } from '../test/support';
import { UPLOADED_FILE, type UploadedFileRow } from './entities/uploaded-file';
import { insertRow } from './insert-row';
import { rawSql } from './raw-sql';
import { rowReader } from './row-reader';

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
    const reader = rowReader(server.deps.dataSource, entity);
    const rows = await rawSql(server.deps.dataSource).all(`SELECT ${reader.columns('r')} FROM "${table}" "r" WHERE r."id" = ?`, [
      id,
    ]);
    return rows.map((raw) => reader.read(raw));
  };

  it.each(LISTS)('insertRow writes and rowReader reads %s as the repository does', async (list) => {
    const { entity } = RECORD_KINDS[list];
    const row: Record<string, unknown> = recordRow(list, AT);
    if ('attachments' in row) row.attachments = [FILE];
    const { dataSource } = server.deps;
    await dataSource.transaction((manager) => insertRow(manager, entity, row));

    const viaRepository = await dataSource.getRepository(entity).findOneByOrFail({ id: row.id });
    // Columns left out of the insert (the sales desk's status, owner and version) take their defaults.
    expect(viaRepository).toMatchObject(row);
    expect(await readRaw(list, row.id as string)).toEqual([viaRepository]);
  });

  it('insertRow writes a file index row as the repository does', async () => {
    const { dataSource } = server.deps;
    const indexed: UploadedFileRow = {
      ...FILE,
      storedName: 'b.pdf',
      recordKind: 'inquiry',
      recordId: randomUUID(),
      createdAt: AT,
    };
    await dataSource.transaction((manager) => insertRow(manager, UPLOADED_FILE, indexed));
    expect(await dataSource.getRepository(UPLOADED_FILE).findOneByOrFail({ storedName: 'b.pdf' })).toEqual(indexed);
  });

  it('writes inside the transaction: a rolled-back insert leaves no row', async () => {
    const row = recordRow('contacts', AT);
    await expect(
      server.deps.dataSource.transaction(async (manager) => {
        await insertRow(manager, RECORD_KINDS.contacts.entity, row);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await readRaw('contacts', row.id)).toEqual([]);
  });
});
