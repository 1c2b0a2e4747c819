import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { In } from 'typeorm';
import type { Database } from '../db/database';
import { UPLOADED_FILE, type UploadedFileRow } from '../db/entities/uploaded-file';
import { STORED_NAME, type UploadStore } from './upload-store';

/**
 * Older than any request still running on any replica (requests time out after two minutes):
 * only such files are taken for leftovers, so a submission in progress is never touched.
 */
export const LEFTOVER_MIN_AGE_MS = 60 * 60 * 1000;
const BATCH = 500;

export interface RemovedLeftovers {
  /** Temporary files of uploads that never finished. */
  incoming: number;
  /** Stored files no record points to (the process died between keeping a file and committing its record). */
  orphans: number;
}

/** Files of `dir` (whose names pass `wanted`) last written before `cutoff`. */
async function filesOlderThan(dir: string, cutoff: number, wanted: (name: string) => boolean): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const old: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile() || !wanted(entry.name)) continue;
    const info = await stat(join(dir, entry.name)).catch(() => null);
    if (info && info.mtimeMs < cutoff) old.push(entry.name);
  }
  return old;
}

/** Run at start: removes what a crash (kill -9, power loss) left in UPLOADS_DIR. */
export async function removeUploadLeftovers(
  db: Pick<Database, 'reads'>,
  store: Pick<UploadStore, 'dir' | 'incomingDir'>,
  now: Date,
): Promise<RemovedLeftovers> {
  const cutoff = now.getTime() - LEFTOVER_MIN_AGE_MS;
  const incoming = await filesOlderThan(store.incomingDir, cutoff, () => true);
  await Promise.all(incoming.map((name) => rm(join(store.incomingDir, name), { force: true })));

  const candidates = await filesOlderThan(store.dir, cutoff, (name) => STORED_NAME.test(name));
  const repo = db.reads.getRepository<UploadedFileRow>(UPLOADED_FILE);
  let orphans = 0;
  for (let at = 0; at < candidates.length; at += BATCH) {
    const batch = candidates.slice(at, at + BATCH);
    const rows = await repo.find({ select: { storedName: true }, where: { storedName: In(batch) } });
    const known = new Set(rows.map((f) => f.storedName));
    const unknown = batch.filter((name) => !known.has(name));
    await Promise.all(unknown.map((name) => rm(join(store.dir, name), { force: true })));
    orphans += unknown.length;
  }
  return { incoming: incoming.length, orphans };
}
