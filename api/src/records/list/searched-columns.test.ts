import { searchedKeys } from '@sourcing/shared';
import { describe, expect, it } from 'vitest';
import { SEARCHED } from '../../db/migrations/1795000000020-create-search-indexes';
import { SEARCHED_WITH_REFERENCE } from '../../db/migrations/1795000000300-add-references';
import { ALL_RECORD_KINDS } from '../record-kinds';

describe('searched columns', () => {
  it('are the columns the search indexes were built on, so `q` keeps using them', () => {
    expect(Object.fromEntries(ALL_RECORD_KINDS.map((kind) => [kind.table, searchedKeys(kind.definition)]))).toEqual({
      ...SEARCHED,
      ...SEARCHED_WITH_REFERENCE,
    });
  });
});
