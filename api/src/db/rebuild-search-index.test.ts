import { searchedKeys, SUPPLIER_OFFER } from '@sourcing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordRow, seedRows } from '../test/factories';
import { indexedSearchColumns } from '../test/search-index';
import { call, startTestServer, TEST_ENGINES, type TestServer } from '../test/support';
import { rebuildSearchIndex } from './rebuild-search-index';

describe.each(TEST_ENGINES)('rebuildSearchIndex on %s', (engine) => {
  let server: TestServer;
  const rebuild = async (columns: readonly string[]) => {
    await server.deps.db.transaction(({ manager }) => rebuildSearchIndex(manager.queryRunner!, 'supplier_inquiries', columns));
  };
  const found = async (q: string) => {
    const res = await call(server, `/api/supplier/supplierInquires?q=${q}`, { headers: server.adminHeaders() });
    return res.body.data.map((r: { companyName: string }) => r.companyName);
  };

  beforeAll(async () => {
    server = await startTestServer({ engine });
    await seedRows(server.deps.db, 'supplierInquiries', [
      recordRow('supplierInquiries', new Date('2026-01-05T00:00:00Z'), {
        companyName: 'Zinc Kiln Works',
        productName: 'Zinc Ingot',
      }),
    ]);
  });
  afterAll(() => server?.close());

  it('builds the index on exactly the columns given, in their order, over the rows already there', async () => {
    await rebuild(['productName', 'reference']);
    expect(await indexedSearchColumns(server.deps.db, 'supplier_inquiries')).toEqual(['productName', 'reference']);
    expect(await found('zinc%20ingot')).toEqual(['Zinc Kiln Works']);

    await rebuild(searchedKeys(SUPPLIER_OFFER));
    expect(await indexedSearchColumns(server.deps.db, 'supplier_inquiries')).toEqual(searchedKeys(SUPPLIER_OFFER));
    expect(await found('kiln%20works')).toEqual(['Zinc Kiln Works']);
  });

  it('fills the search of rows stored later from their new columns', async () => {
    await rebuild(['productName', 'reference']);
    await seedRows(server.deps.db, 'supplierInquiries', [
      recordRow('supplierInquiries', new Date('2026-01-06T00:00:00Z'), { companyName: 'Tin Forge', productName: 'Tin Bar' }),
    ]);
    expect(await found('tin%20bar')).toEqual(['Tin Forge']);
    // The company is not among the indexed columns now. SQLite searches only what its FTS table
    // holds; PostgreSQL's index merely speeds up the expression the list queries, so it still finds.
    expect(await found('tin%20forge')).toEqual(engine === 'sqlite' ? [] : ['Tin Forge']);
    await rebuild(searchedKeys(SUPPLIER_OFFER));
    expect(await found('tin%20forge')).toEqual(['Tin Forge']);
  });
});
