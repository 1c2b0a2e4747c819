import type { EntitySchemaColumnOptions } from 'typeorm';
import { EntitySchema } from 'typeorm';
import { columnTypes, type Engine } from '../db/engine';
import type { AnyRow, RecordKind } from './record-kind';

/** The JSON column holding a record's files ({ storedName, originalName, mimeType, size }[]). */
export const FILES_COLUMN = 'attachments';

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
  return new EntitySchema<AnyRow>({ name: kind.entity, tableName: kind.table, columns });
}
