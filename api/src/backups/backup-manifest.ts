import { z } from 'zod';
import { SECRET_FILES, type SecretVariable } from '../config';
import { STORED_NAME } from '../uploads/upload-store';

/**
 * What a backup archive holds (docs/operations.md#backups): one tar file whose last entry is
 * `manifest.json`, describing every other entry with its SHA-256.
 */
export const MANIFEST_ENTRY = 'manifest.json';
export const FORMAT = 'sourcing-backup';
export const FORMAT_VERSION = 1;

/** The database copy: SQLite's file made by its online backup API, or pg_dump's custom format. */
export const DATABASE_ENTRY = { sqlite: 'database/sourcing.sqlite', postgres: 'database/sourcing.dump' } as const;
export const UPLOADS_PREFIX = 'uploads/';
export const SECRETS_PREFIX = 'secrets/';

export const secretEntry = (variable: SecretVariable) => `${SECRETS_PREFIX}${SECRET_FILES[variable]}`;

/** Every name an archive may hold: nothing it names can land outside DATA_DIR and UPLOADS_DIR. */
export function isArchiveEntryName(name: string): boolean {
  if (name === DATABASE_ENTRY.sqlite || name === DATABASE_ENTRY.postgres) return true;
  if (name.startsWith(UPLOADS_PREFIX)) return STORED_NAME.test(name.slice(UPLOADS_PREFIX.length));
  return Object.keys(SECRET_FILES).some((variable) => name === secretEntry(variable as SecretVariable));
}

const archivedFile = z.object({
  path: z.string().refine(isArchiveEntryName, 'not a name a backup holds'),
  bytes: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type ArchivedFile = z.output<typeof archivedFile>;

/**
 * Where each secret the data needs is: in the archive, set by the environment (then it must be
 * kept apart), or nowhere yet (the server never started on this data).
 */
const secretSource = z.enum(['archive', 'environment', 'none']);

export const manifestSchema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.number().int(),
  productVersion: z.string(),
  createdAt: z.string(),
  engine: z.enum(['sqlite', 'postgres']),
  /** PostgreSQL: the schema the dump holds. */
  postgresSchema: z.string().nullable(),
  /** The migrations the database had run, in order; the last is its migration level. */
  migrations: z.array(z.string()),
  /** Rows per table of the database copy. */
  counts: z.record(z.string(), z.number().int().min(0)),
  files: z.array(archivedFile),
  secrets: z.object({ JWT_SECRET: secretSource, ALTCHA_HMAC_KEY: secretSource }),
  /** Files the copy's upload index lists that were gone from UPLOADS_DIR when the backup read it (erased meanwhile). */
  missingUploads: z.array(z.string()),
});
export type Manifest = z.output<typeof manifestSchema>;

/** The newest migration a manifest's database had run: its migration level. */
export const migrationLevel = (migrations: readonly string[]) => migrations.at(-1) ?? 'none';
