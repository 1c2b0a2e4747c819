import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

/** `sourcing-backup-20261127T101530Z-3f9a.tar`: by name is by time (the suffix parts two of the same second). */
const ARCHIVE_NAME = /^sourcing-backup-\d{8}T\d{6}Z-[0-9a-f]{4}\.tar$/;

export function archiveName(at: Date, suffix: string): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  return `sourcing-backup-${stamp}-${suffix}.tar`;
}

/** The finished backups of a folder, newest first. */
export async function listArchives(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return names
    .filter((name) => ARCHIVE_NAME.test(name))
    .sort()
    .reverse();
}

/** Keeps the newest `keep` backups of the folder and removes the others; answers the names removed. */
export async function rotateArchives(dir: string, keep: number): Promise<string[]> {
  const old = (await listArchives(dir)).slice(keep);
  await Promise.all(old.map((name) => rm(join(dir, name), { force: true })));
  return old;
}
