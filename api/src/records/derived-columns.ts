import { foldText, searchedKeys, sortKeyFields, sortKeyOf, type FieldDefinition, type RecordDefinition } from '@sourcing/shared';
import { sortKeyColumn } from '../db/sort-key-columns';
import type { StoredFile } from '../db/entities/stored-file';
import { FILES_COLUMN, SEARCH_TEXT_COLUMN } from './record-entity';

/** Between two fields of the searched text: no search text holds it (it is a control character), so no match spans two fields. */
export const FIELD_SEPARATOR = '\u001f';

/** A stored field as text: lists comma-joined, files by their original names. */
function storedText(field: FieldDefinition, row: Record<string, unknown>): string {
  if (field.kind === 'files')
    return ((row[FILES_COLUMN] as StoredFile[] | undefined) ?? []).map((f) => f.originalName).join(', ');
  const value = row[field.key];
  if (Array.isArray(value)) return value.join(', ');
  return typeof value === 'string' ? value : '';
}

/**
 * What the admin's search and sort read of a record, computed in JavaScript when it is stored so
 * both engines compare the same texts (docs/operations.md#search-indexes): the searched fields
 * folded and joined, and each sorted text field's key (of the text the list shows). A record's
 * fields never change once stored, so neither do these.
 */
export function derivedColumns(definition: RecordDefinition, row: Record<string, unknown>): Record<string, string> {
  const fields = new Map(definition.fields.map((f) => [f.key, f]));
  const searched = searchedKeys(definition).map((key) => storedText(fields.get(key)!, row));
  const columns: Record<string, string> = { [SEARCH_TEXT_COLUMN]: foldText(searched.join(FIELD_SEPARATOR)) };
  for (const field of sortKeyFields(definition)) {
    const text = storedText(field, row);
    columns[sortKeyColumn(field.key)] = sortKeyOf(field.display ? field.display(text) : text);
  }
  return columns;
}

/** A row to insert with its derived columns. */
export const withDerivedColumns = <Row extends Record<string, unknown>>(definition: RecordDefinition, row: Row): Row => ({
  ...row,
  ...derivedColumns(definition, row),
});
