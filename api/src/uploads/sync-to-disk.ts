import { open } from 'node:fs/promises';

/**
 * fsync, so what we acknowledge survives a power cut or an operating-system crash, not only a
 * killed process (docs/operations.md#durability): a file's bytes, and a folder's entries (the name
 * a file was renamed to, or created under).
 */
export interface DiskSync {
  file(path: string): Promise<void>;
  folder(path: string): Promise<void>;
}

async function syncPath(path: string, flags: string) {
  const handle = await open(path, flags);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export const diskSync: DiskSync = {
  // 'r+': Windows refuses to flush a handle opened for reading only.
  file: (path) => syncPath(path, 'r+'),
  // A folder cannot be opened as a file on Windows, where NTFS journals the rename itself.
  folder: (path) => (process.platform === 'win32' ? Promise.resolve() : syncPath(path, 'r')),
};
