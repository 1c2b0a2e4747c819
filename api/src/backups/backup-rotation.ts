import { readdir, rm, stat } from 'node:fs/promises';
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

/**
 * The finished backups of a folder with their sizes, newest first, for display: one gone meanwhile
 * is left out, and a folder that cannot be read shows none (the failed backups say why).
 */
export async function describeArchives(dir: string): Promise<{ name: string; bytes: number }[]> {
  const described = await Promise.all(
    (await listArchives(dir).catch(() => [])).map(async (name) => {
      const info = await stat(join(dir, name)).catch(() => null);
      return info ? { name, bytes: info.size } : null;
    }),
  );
  return described.filter((archive) => archive !== null);
}

/** Unfinished files of a backup that died (a killed process): a running backup writes its own continuously. */
const LEFTOVER = /^(sourcing-backup-.*\.tar\.partial|\.sourcing-backup-.*\.database)$/;
const LEFTOVER_MIN_AGE_MS = 60 * 60_000;

/** Removes what a backup killed mid-way left in the folder (untouched for an hour). */
export async function removeLeftovers(dir: string): Promise<void> {
  const names = (await readdir(dir).catch(() => [])).filter((name) => LEFTOVER.test(name));
  const cutoff = Date.now() - LEFTOVER_MIN_AGE_MS;
  for (const name of names) {
    const info = await stat(join(dir, name)).catch(() => null);
    if (info && info.mtimeMs < cutoff) await rm(join(dir, name), { force: true });
  }
}
