import { searchedKeys } from '@sourcing/shared';
import { describe, expect, it } from 'vitest';
import { SEARCHED_EVERY_TEXT } from '../../db/migrations/1795000000700-search-every-text-field';
import { ALL_RECORD_KINDS } from '../record-kinds';

describe('searched columns', () => {
  it('are the columns the search indexes were built on, so `q` keeps using them', () => {
    expect(Object.fromEntries(ALL_RECORD_KINDS.map((kind) => [kind.table, searchedKeys(kind.definition)]))).toEqual(
      SEARCHED_EVERY_TEXT,
    );
  });
});
