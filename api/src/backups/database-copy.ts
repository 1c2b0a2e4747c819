/** What a backup learns from its copy of the database, read from the copy itself so it matches it exactly. */
export interface DatabaseFacts {
  /** The migrations the database had run, in the order they ran. */
  migrations: string[];
  /** Rows per table. */
  counts: Record<string, number>;
  /** The stored names of the upload index: the files this copy's records point to. */
  uploads: string[];
}

/** A consistent copy of the live database in a file of its own, and its facts. */
export interface DatabaseCopy extends DatabaseFacts {
  /** Its name in the archive. */
  entry: string;
  path: string;
  /** PostgreSQL: the schema the dump holds. */
  postgresSchema: string | null;
}

/** A backup or restore that cannot go on, said in words for the operator (the command prints it, the schedule records it). */
export class BackupError extends Error {}
