import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, open, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import { CLI_ACTOR, createAudit } from '../audit/audit';
import { SECRET_FILES, type SecretVariable, type StorageConfig } from '../config';
import type { Engine } from '../db/engine';
import { openDatabase } from '../db/open-database';
import { diskSync } from '../uploads/sync-to-disk';
import { readArchive } from './backup-archive';
import {
  DATABASE_ENTRY,
  MANIFEST_ENTRY,
  SECRETS_PREFIX,
  UPLOADS_PREFIX,
  type ArchivedFile,
  type Manifest,
} from './backup-manifest';
import { checkArchive, knownMigrations } from './check-archive';
import { BackupError, type DatabaseFacts } from './database-copy';
import { postgresTarget, readPostgresFacts, restorePostgres } from './postgres-backup';
import { readSqliteFacts, sqliteFile } from './sqlite-backup';

export interface RestoredBackup {
  manifest: Manifest;
  /** Rows per table, as restored (equal to the manifest's). */
  counts: Record<string, number>;
  /** The migrations run after restoring: those the backup's database had not run yet. */
  migrationsRun: string[];
  /** What the operator must know: secrets to set, files that were erased while the backup ran. */
  notes: string[];
}

const ENGINE_NAMES: Record<Engine, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };
const SECRETS = Object.keys(SECRET_FILES) as SecretVariable[];

/** A file anywhere under `dir` (the first one found), or null when it holds none (or does not exist). */
async function anyFileUnder(dir: string): Promise<string | null> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const file = entries.find((entry) => !entry.isDirectory());
  return file ? join(file.parentPath, file.name) : null;
}

/** Refuses a target that holds anything: a restore never mixes with, or overwrites, data. */
async function checkTargetIsEmpty(storage: StorageConfig, manifest: Manifest): Promise<void> {
  for (const dir of new Set([storage.dataDir, storage.uploadsDir])) {
    const file = await anyFileUnder(dir);
    if (file) {
      throw new BackupError(
        `The target is not empty: ${dir} holds ${relative(dir, file)}. Restore into an empty DATA_DIR and UPLOADS_DIR. Nothing was restored.`,
      );
    }
  }
  if (!storage.databaseUrl) return;
  const target = await postgresTarget(storage.databaseUrl);
  if (!target.schema) {
    throw new BackupError(
      `The schema DATABASE_URL works in does not exist: create it, empty, first (the backup holds schema "${manifest.postgresSchema}"). Nothing was restored.`,
    );
  }
  if (target.objects > 0) {
    throw new BackupError(
      `The target is not empty: schema "${target.schema}" holds tables or functions. Restore into an empty database or schema. Nothing was restored.`,
    );
  }
  if (target.schema !== manifest.postgresSchema) {
    throw new BackupError(
      `This backup holds schema "${manifest.postgresSchema}" and DATABASE_URL works in "${target.schema}": restore it into a schema of the same name (search_path in DATABASE_URL). Nothing was restored.`,
    );
  }
}

/** Copies an entry to a new file, hashing it as it goes; the file is on disk when this resolves. */
async function writeEntry(stream: AsyncIterable<Buffer>, path: string): Promise<string> {
  await mkdir(dirname(path), { recursive: true });
  const hash = createHash('sha256');
  const handle = await open(path, 'wx', 0o600);
  try {
    for await (const chunk of stream) {
      hash.update(chunk);
      await handle.write(chunk);
    }
    await handle.sync();
  } finally {
    await handle.close();
  }
  return hash.digest('hex');
}

function notesOf(storage: StorageConfig, manifest: Manifest): string[] {
  const notes: string[] = [];
  for (const variable of SECRETS) {
    const setHere = storage.secretsFromEnvironment[variable];
    if (manifest.secrets[variable] === 'environment' && !setHere) {
      notes.push(
        `${variable} was set by the environment where this backup was taken and is not set here: set the same value before starting the server (docs/operations.md#backups).`,
      );
    } else if (manifest.secrets[variable] === 'environment') {
      notes.push(`${variable} was set by the environment where this backup was taken: it must be the same value here.`);
    } else if (manifest.secrets[variable] === 'archive' && setHere) {
      notes.push(`${variable} is set here, so the server uses it instead of the restored ${SECRET_FILES[variable]}.`);
    }
  }
  if (manifest.missingUploads.length) {
    notes.push(
      `${manifest.missingUploads.length} file(s) the database lists were erased while the backup was taken: their records were erased after it began; erase them again.`,
    );
  }
  return notes;
}

const sameCounts = (a: Record<string, number>, b: Record<string, number>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([table, n]) => b[table] === n);

/**
 * Restores a backup into an empty DATA_DIR and UPLOADS_DIR (and, on PostgreSQL, the empty schema
 * DATABASE_URL works in): checks the whole archive first (checksums, migration level, the engine,
 * an empty target) and touches nothing if anything is wrong; then writes every file, restores the
 * database, checks its row counts against the manifest, runs the migrations the backup's database
 * had not run, and notes the restore in the audit trail. On a failure midway, what it wrote is removed.
 */
export async function restoreBackup(storage: StorageConfig, archive: string, now: () => Date): Promise<RestoredBackup> {
  const manifest = await checkArchive(archive);
  const engine: Engine = storage.databaseUrl ? 'postgres' : 'sqlite';
  if (manifest.engine !== engine) {
    throw new BackupError(
      `This backup holds a ${ENGINE_NAMES[manifest.engine]} database and the target is ${ENGINE_NAMES[engine]} ` +
        `(DATABASE_URL is ${storage.databaseUrl ? '' : 'not '}set): restore it with the engine it came from. Nothing was restored.`,
    );
  }
  await checkTargetIsEmpty(storage, manifest);

  const expected = new Map<string, ArchivedFile>(manifest.files.map((file) => [file.path, file]));
  const scratch = await mkdtemp(join(tmpdir(), 'sourcing-restore-'));
  const destinationOf = (name: string) => {
    if (name === DATABASE_ENTRY.sqlite) return sqliteFile(storage.dataDir);
    if (name === DATABASE_ENTRY.postgres) return join(scratch, basename(name));
    if (name.startsWith(UPLOADS_PREFIX)) return join(storage.uploadsDir, name.slice(UPLOADS_PREFIX.length));
    return join(storage.dataDir, name.slice(SECRETS_PREFIX.length));
  };
  const written: string[] = [];
  let facts: DatabaseFacts;
  try {
    for await (const entry of readArchive(archive)) {
      if (entry.name === MANIFEST_ENTRY) continue;
      const destination = destinationOf(entry.name);
      written.push(destination);
      if ((await writeEntry(entry.stream, destination)) !== expected.get(entry.name)?.sha256) {
        throw new BackupError(
          `The archive changed while it was being restored (${entry.name}): what was restored is removed again.`,
        );
      }
    }
    await Promise.all(
      [...new Set([storage.dataDir, storage.uploadsDir])].map((dir) => diskSync.folder(dir).catch(() => undefined)),
    );
    if (storage.databaseUrl) await restorePostgres(storage.databaseUrl, destinationOf(DATABASE_ENTRY.postgres));
    facts = storage.databaseUrl ? await readPostgresFacts(storage.databaseUrl) : readSqliteFacts(sqliteFile(storage.dataDir));
    if (!sameCounts(facts.counts, manifest.counts)) {
      throw new BackupError(
        `The restored database's row counts differ from the backup's (${JSON.stringify(facts.counts)} against ${JSON.stringify(manifest.counts)}).`,
      );
    }
  } catch (error) {
    await Promise.all(written.map((path) => rm(path, { force: true })));
    throw error;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }

  const migrationsRun = knownMigrations().filter((name) => !manifest.migrations.includes(name));
  const db = await openDatabase(storage);
  try {
    await db.migrate();
    await createAudit(db, now)(
      CLI_ACTOR,
      'backup-restored',
      { kind: 'backup', id: basename(archive).slice(0, 64) },
      {
        summary: `restored the backup of ${manifest.createdAt}`,
        takenAt: manifest.createdAt,
        migrationsRun,
      },
    );
  } finally {
    await db.close();
  }
  return { manifest, counts: facts.counts, migrationsRun, notes: notesOf(storage, manifest) };
}
