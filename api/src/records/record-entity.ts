import type { EntitySchemaColumnOptions } from 'typeorm';
import { EntitySchema } from 'typeorm';
import { sortKeyFields } from '@sourcing/shared';
import { columnTypes, type Engine } from '../db/engine';
import { sortKeyColumn } from '../db/sort-key-columns';
import type { AnyRow, RecordKind } from './record-kind';

/** The JSON column holding a record's files ({ storedName, originalName, mimeType, size }[]). */
export const FILES_COLUMN = 'attachments';

/** The column holding a record's searched text, folded (docs/operations.md#search-indexes). */
export const SEARCH_TEXT_COLUMN = 'searchText';

/**
 * The sales desk's columns of a worked kind (migrations 1795000000100; 1795000003200 for follow-ups
 * and snoozing; 1795000003300 for the first response; 1795000003700 for its target; 1795000003400 for outcome reasons; 1795000003500 for sources). The defaults are the table's: an insert
 * without them (a seeded row) gets the first status, version 1, no follow-up, snooze or response, and the
 * source 'form'.
 */
const deskColumns = (
  statuses: readonly string[],
  timestamp: ReturnType<typeof columnTypes>['timestamp'],
): Record<string, EntitySchemaColumnOptions> => ({
  status: { type: 'varchar', length: 20, default: statuses[0] },
  ownerId: { type: 'varchar', length: 36, nullable: true },
  version: { type: 'integer', default: 1 },
  followUpAt: { type: timestamp, nullable: true },
  followUpNote: { type: 'text', nullable: true },
  followUpNotifiedAt: { type: timestamp, nullable: true },
  snoozedUntil: { type: timestamp, nullable: true },
  firstResponseAt: { type: timestamp, nullable: true },
  firstResponderId: { type: 'varchar', length: 36, nullable: true },
  responseDueAt: { type: timestamp, nullable: true },
  responseWarnAt: { type: timestamp, nullable: true },
  responseWarnedAt: { type: timestamp, nullable: true },
  responseMissedAt: { type: timestamp, nullable: true },
  outcomeReason: { type: 'text', nullable: true },
  source: { type: 'varchar', length: 8, default: 'form' },
  sourcePartner: { type: 'text', nullable: true },
});

/** A record table's columns, from its kind's fields: text, JSON lists, one JSON files column, times. */
export function recordEntity(kind: RecordKind, engine: Engine): EntitySchema<AnyRow> {
  const types = columnTypes(engine);
  const columns: Record<string, EntitySchemaColumnOptions> = { id: { type: types.id, primary: true } };
  for (const field of kind.definition.fields) {
    if (field.kind === 'files') columns[FILES_COLUMN] = { type: 'simple-json' };
    else if (field.kind === 'list') columns[field.key] = { type: 'simple-json' };
    else if (field.kind === 'date') columns[field.key] = { type: types.timestamp };
    else columns[field.key] = { type: 'text' };
  }
  if (kind.definition.statuses) Object.assign(columns, deskColumns(kind.definition.statuses, types.timestamp));
  // Written with the record (derived-columns.ts), read only by the list's search and sort: never selected.
  columns[SEARCH_TEXT_COLUMN] = { type: 'text', default: '', select: false };
  for (const field of sortKeyFields(kind.definition))
    columns[sortKeyColumn(field.key)] = { type: 'text', default: '', select: false };
  return new EntitySchema<AnyRow>({ name: kind.entity, tableName: kind.table, columns });
}
