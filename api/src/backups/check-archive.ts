import { MIGRATIONS } from '../db/all-migrations';
import { hashEntry, readArchive } from './backup-archive';
import {
  FORMAT,
  FORMAT_VERSION,
  isArchiveEntryName,
  MANIFEST_ENTRY,
  manifestSchema,
  migrationLevel,
  type Manifest,
} from './backup-manifest';
import { BackupError } from './database-copy';

/** The manifest is a few hundred bytes per file; beyond this it is not one we wrote. */
const MANIFEST_MAX_BYTES = 256 * 1024 * 1024;

const damaged = (why: string) => new BackupError(`The archive is damaged (${why}): nothing was restored.`);

/** The migrations this code knows, in order. */
export const knownMigrations = () => MIGRATIONS.map((migration) => String(new migration().name));

/**
 * Reads a whole archive without writing anything: every entry's SHA-256 must match the manifest
 * (the last entry), every file it lists must be there and nothing else, and its database must not
 * have run a migration this code does not know. Answers the manifest; refusals throw BackupError.
 */
export async function checkArchive(path: string): Promise<Manifest> {
  const found = new Map<string, { sha256: string; bytes: number }>();
  let manifestText: Buffer | null = null;
  try {
    for await (const entry of readArchive(path)) {
      if (manifestText) throw damaged(`${entry.name} follows the manifest`);
      if (entry.type !== 'file') throw damaged(`${entry.name} is not a file`);
      if (found.has(entry.name)) throw damaged(`${entry.name} is there twice`);
      if (entry.name === MANIFEST_ENTRY) {
        if (entry.bytes > MANIFEST_MAX_BYTES) throw damaged('its manifest is too large');
        manifestText = (await hashEntry(entry.stream, true)).body;
        continue;
      }
      if (!isArchiveEntryName(entry.name)) throw damaged(`it holds ${entry.name}, which no backup holds`);
      found.set(entry.name, await hashEntry(entry.stream));
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw damaged(error instanceof Error ? error.message : String(error));
  }
  if (!manifestText) throw damaged('it has no manifest');
  let manifest: Manifest;
  try {
    const header = JSON.parse(manifestText.toString()) as { format?: unknown; formatVersion?: unknown };
    if (header.format !== FORMAT) throw new BackupError('This file is not a backup of this product: its manifest is not one.');
    if (header.formatVersion !== FORMAT_VERSION) {
      throw new BackupError(`This backup's format (${String(header.formatVersion)}) is not one this version can restore.`);
    }
    manifest = manifestSchema.parse(header);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw damaged('its manifest cannot be read');
  }
  for (const file of manifest.files) {
    const entry = found.get(file.path);
    if (!entry) throw damaged(`${file.path} is missing`);
    if (entry.bytes !== file.bytes || entry.sha256 !== file.sha256) throw damaged(`${file.path} does not match its checksum`);
    found.delete(file.path);
  }
  const extra = [...found.keys()][0];
  if (extra) throw damaged(`${extra} is not in its manifest`);

  const known = new Set(knownMigrations());
  const unknown = manifest.migrations.filter((name) => !known.has(name));
  if (unknown.length) {
    throw new BackupError(
      `This backup comes from a newer version: its database is at migration ${migrationLevel(manifest.migrations)}, ` +
        `and this version does not know ${unknown.join(', ')} (it knows up to ${migrationLevel([...known])}). ` +
        'Restore it with the version that took it, or a newer one. Nothing was restored.',
    );
  }
  return manifest;
}
