/** A test's own folder under the system's temp folder. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';

/** A fresh folder named `<prefix>XXXXXX`, removed with everything in it when the calling test finishes. */
export async function tempFolder(prefix: string): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), prefix));
  onTestFinished(() => rm(folder, { recursive: true, force: true }));
  return folder;
}
