import type { RecordKind } from '@sourcing/shared';
import { EntitySchema } from 'typeorm';
import { columnTypes, type Engine } from '../../db/engine';

/** One row of record_terms (migration 1795000000750): a name or a word a matched record deals in. */
export interface RecordTermRow {
  recordKind: RecordKind;
  recordId: string;
  /** 'name': a whole commodity or product name; 'word': one word of it. */
  source: 'name' | 'word';
  term: string;
}

/** One row of record_links: staff linked a buyer inquiry with a supplier offer. */
export interface RecordLinkRow {
  inquiryId: string;
  offerId: string;
  actorId: string | null;
  createdAt: Date;
}

export const RECORD_TERM = 'RecordTerm';
export const RECORD_LINK = 'RecordLink';

export function matchingEntities(engine: Engine) {
  const types = columnTypes(engine);
  return [
    new EntitySchema<RecordTermRow>({
      name: RECORD_TERM,
      tableName: 'record_terms',
      columns: {
        recordKind: { type: 'varchar', length: 32, primary: true },
        recordId: { type: types.id, primary: true },
        source: { type: 'varchar', length: 8, primary: true },
        term: { type: 'text', primary: true },
      },
    }),
    new EntitySchema<RecordLinkRow>({
      name: RECORD_LINK,
      tableName: 'record_links',
      columns: {
        inquiryId: { type: types.id, primary: true },
        offerId: { type: types.id, primary: true },
        actorId: { type: 'varchar', length: 36, nullable: true },
        createdAt: { type: types.timestamp },
      },
    }),
  ];
}
