import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { createFileLinks, type FileLinks } from './signed-links';
import { diskSync, type DiskSync } from './sync-to-disk';

/** Stored names are generated: a UUID and the extension of the detected type, nothing else. */
export const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{2,5}$/;

export interface UploadStore {
  /** UPLOADS_DIR: stored files, under their stored names. */
  dir: string;
  /** Where files are written while a request is checked. */
  incomingDir: string;
  links: FileLinks;
  /** Absolute path of an accepted file, or null for a name we never generate. */
  pathOf(storedName: string): string | null;
  /** Moves a checked incoming file, its bytes on disk first, to its stored name. */
  keep(incomingPath: string, extension: string): Promise<string>;
  /** Puts the names of the files kept so far on disk: after it, a power cut loses none of them. */
  syncKept(): Promise<void>;
  remove(storedNames: string[]): Promise<void>;
  discardIncoming(paths: string[]): Promise<void>;
}

/** Where a stored file is under UPLOADS_DIR `dir`; null for a name we never generate. */
export const storedFilePath = (dir: string, storedName: string) => (STORED_NAME.test(storedName) ? join(dir, storedName) : null);

/** Files under UPLOADS_DIR (outside any static folder), served only through the uploads route. */
export function createUploadStore(dir: string, secret: string, now: () => Date, sync: DiskSync = diskSync): UploadStore {
  const incomingDir = join(dir, '.incoming');
  mkdirSync(incomingDir, { recursive: true });
  const pathOf = (storedName: string) => storedFilePath(dir, storedName);
  /** Incoming paths moved to a stored name, until their request discards its incoming files: nothing is left there to remove. */
  const moved = new Set<string>();
  return {
    dir,
    incomingDir,
    links: createFileLinks(secret, now),
    pathOf,
    async keep(incomingPath, extension) {
      const storedName = `${randomUUID()}${extension}`;
      await sync.file(incomingPath);
      await rename(incomingPath, join(dir, storedName));
      moved.add(incomingPath);
      return storedName;
    },
    syncKept: () => sync.folder(dir),
    async remove(storedNames) {
      const paths = storedNames.map(pathOf).filter((p): p is string => p !== null);
      await Promise.all(paths.map((p) => rm(p, { force: true })));
    },
    async discardIncoming(paths) {
      const left = paths.filter((p) => !moved.delete(p));
      await Promise.all(left.map((p) => rm(p, { force: true })));
    },
  };
}
