import { searchedKeys } from '@sourcing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexedSearchColumns } from '../../test/search-index';
import { startTestServer, TEST_ENGINES, type TestServer } from '../../test/support';
import { ALL_RECORD_KINDS } from '../record-kinds';

/**
 * `q` searches every text and list field of a definition (searchedKeys), served by an index the
 * migrations built (docs/operations.md#search-indexes). A field added to a definition without a
 * migration rebuilding the index fails here: the index of the migrated database lacks it.
 */
describe.each(TEST_ENGINES)('searched columns on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(() => server?.close());

  it.each(ALL_RECORD_KINDS.map((kind) => [kind.table, kind] as const))(
    '%s: the search index covers the definition’s searched fields, in their order',
    async (table, kind) => {
      expect(await indexedSearchColumns(server.deps.db, table)).toEqual(searchedKeys(kind.definition));
    },
  );
});
