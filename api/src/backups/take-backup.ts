import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { version as productVersion } from '../../package.json';
import { SECRET_FILES, type SecretVariable, type StorageConfig } from '../config';
import { diskSync } from '../uploads/sync-to-disk';
import { archiveName, rotateArchives } from './backup-rotation';
import {
  FORMAT,
  FORMAT_VERSION,
  MANIFEST_ENTRY,
  secretEntry,
  UPLOADS_PREFIX,
  type ArchivedFile,
  type Manifest,
} from './backup-manifest';
import { writeArchive } from './backup-archive';
import type { DatabaseCopy } from './database-copy';
import { dumpPostgres } from './postgres-backup';
import { copySqlite } from './sqlite-backup';

export interface TakenBackup {
  /** The archive's path and file name. */
  path: string;
  name: string;
  /** Its size, and the entries it holds beside the manifest. */
  bytes: number;
  manifest: Manifest;
  /** Older archives removed from the folder to keep BACKUP_KEEP. */
  rotatedOut: string[];
}

export interface BackupOptions {
  /** The folder the archive is written to. */
  to: string;
  now: Date;
  /** How many archives the folder keeps (the backup's own included); null: none is removed. */
  keep: number | null;
}

const SECRETS = Object.keys(SECRET_FILES) as SecretVariable[];

/**
 * Takes a consistent backup of the running product (docs/operations.md#backups): the database
 * first (SQLite's online backup API or pg_dump), then the files its upload index lists and the
 * secrets generated into DATA_DIR, into one tar file with a manifest of every file's SHA-256.
 * The database goes first because a record's file is on disk before the record commits: every
 * file the copy points to is there (unless erased meanwhile: the manifest lists those).
 */
export async function takeBackup(storage: StorageConfig, options: BackupOptions): Promise<TakenBackup> {
  await mkdir(options.to, { recursive: true });
  const name = archiveName(options.now, randomBytes(2).toString('hex'));
  const path = join(options.to, name);
  const partial = `${path}.partial`;
  const databaseCopy = join(options.to, `.${name}.database`);
  try {
    const copy: DatabaseCopy = storage.databaseUrl
      ? await dumpPostgres(storage.databaseUrl, databaseCopy)
      : await copySqlite(storage.dataDir, databaseCopy);
    const manifest = await writeArchive(partial, options.now, async (archive): Promise<Manifest> => {
      const files: ArchivedFile[] = [];
      const add = (file: ArchivedFile | null) => {
        if (file) files.push(file);
        return file !== null;
      };
      add(await archive.addFile(copy.entry, copy.path));
      const secrets = {} as Manifest['secrets'];
      for (const variable of SECRETS) {
        if (storage.secretsFromEnvironment[variable]) secrets[variable] = 'environment';
        else
          secrets[variable] = add(await archive.addFile(secretEntry(variable), join(storage.dataDir, SECRET_FILES[variable])))
            ? 'archive'
            : 'none';
      }
      const missingUploads: string[] = [];
      for (const storedName of copy.uploads) {
        if (!add(await archive.addFile(`${UPLOADS_PREFIX}${storedName}`, join(storage.uploadsDir, storedName)))) {
          missingUploads.push(storedName);
        }
      }
      const described: Manifest = {
        format: FORMAT,
        formatVersion: FORMAT_VERSION,
        productVersion,
        createdAt: options.now.toISOString(),
        engine: storage.databaseUrl ? 'postgres' : 'sqlite',
        postgresSchema: copy.postgresSchema,
        migrations: copy.migrations,
        counts: copy.counts,
        files,
        secrets,
        missingUploads,
      };
      await archive.addBytes(MANIFEST_ENTRY, Buffer.from(`${JSON.stringify(described, null, 2)}\n`));
      return described;
    });
    await rename(partial, path);
    await diskSync.folder(options.to);
    const { size } = await stat(path);
    const rotatedOut = options.keep === null ? [] : await rotateArchives(options.to, options.keep);
    return { path, name, bytes: size, manifest, rotatedOut };
  } finally {
    await rm(databaseCopy, { force: true });
    await rm(partial, { force: true });
  }
}
