/** The two database engines: embedded SQLite (default) and PostgreSQL (DATABASE_URL). */
export type Engine = 'sqlite' | 'postgres';

/** SQLite's database file, under DATA_DIR. */
export const SQLITE_FILE_NAME = 'sourcing.sqlite';

/** Column types that differ per engine; everything else is `text`. */
export function columnTypes(engine: Engine) {
  return engine === 'postgres'
    ? ({ id: 'uuid', timestamp: 'timestamptz' } as const)
    : ({ id: 'varchar', timestamp: 'datetime' } as const);
}

/**
 * A time as a raw-SQL parameter: PostgreSQL takes the Date; SQLite compares text, so it gets
 * the UTC 'YYYY-MM-DD HH:MM:SS.SSS' form TypeORM stores for `datetime` columns.
 */
export function dbTime(engine: Engine, date: Date): Date | string {
  return engine === 'postgres' ? date : date.toISOString().replace('T', ' ').replace('Z', '');
}

/** A time read by a raw query (Date from pg, text from SQLite) as a Date. */
export function timeFromDb(value: Date | string): Date {
  if (value instanceof Date) return value;
  return new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value.replace(' ', 'T')}Z`);
}
