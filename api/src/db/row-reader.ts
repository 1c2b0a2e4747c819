import type { DataSource, EntityMetadata } from 'typeorm';
import type { RowReader } from './database';
import { timeFromDb } from './engine';

type ColumnMetadata = EntityMetadata['columns'][number];

type Convert = (value: unknown) => unknown;

const DATE_TYPES = new Set<unknown>(['datetime', 'timestamptz', 'timestamp with time zone', 'timestamp', Date]);
const TEXT_TYPES = new Set<unknown>(['text', 'varchar', 'uuid', String]);

function converter(dataSource: DataSource, column: ColumnMetadata): Convert | null {
  const byDriver: Convert = (value) => dataSource.driver.prepareHydratedValue(value, column) as unknown;
  if (column.transformer) return byDriver;
  if (column.type === 'simple-json') return (value) => (typeof value === 'string' ? (JSON.parse(value) as unknown) : value);
  if (DATE_TYPES.has(column.type)) return (value) => (value == null ? value : timeFromDb(value as Date | string));
  if (TEXT_TYPES.has(column.type)) return null;
  return byDriver;
}

/**
 * Reads raw rows of an entity's table into what TypeORM's getMany() would give, without its
 * hydration: the SELECT list and a per-column conversion are derived once from the entity's
 * metadata, so a column added to an entity is read without touching this code.
 */
export function createRowReader(dataSource: DataSource, entity: string): RowReader<unknown> {
  // Columns marked `select: false` (what only a query's WHERE or ORDER BY reads) are left out, as TypeORM leaves them.
  const fields = dataSource
    .getMetadata(entity)
    .columns.filter((column) => column.isSelect)
    .map((column) => ({
      property: column.propertyName,
      column: column.databaseName,
      convert: converter(dataSource, column),
    }));
  const selects = new Map<string, string>();
  return {
    columns(alias) {
      let list = selects.get(alias);
      if (!list) {
        list = fields.map((f) => `${alias}."${f.column}" AS "${f.property}"`).join(', ');
        selects.set(alias, list);
      }
      return list;
    },
    read(raw) {
      const row: Record<string, unknown> = {};
      for (const { property, convert } of fields) row[property] = convert ? convert(raw[property]) : raw[property];
      return row;
    },
  };
}
