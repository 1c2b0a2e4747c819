import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { extract, pack, type Pack } from 'tar-stream';
import { diskSync } from '../uploads/sync-to-disk';
import type { ArchivedFile } from './backup-manifest';

/**
 * The tar file of a backup, written and read as streams: no file, however large, is held in
 * memory. tar-stream (mafintosh's, the streaming core of tar-fs) writes each entry from a stream
 * of known size and reads entries one after another; a header whose checksum fails is an error.
 */

const ENTRY_MODE = 0o600;

/** Copies `source` into the next entry of `tar`, hashing it on the way. */
function addEntry(tar: Pack, name: string, bytes: number, source: Readable, mtime: Date): Promise<ArchivedFile> {
  const hash = createHash('sha256');
  return new Promise((resolve, reject) => {
    const sink = tar.entry({ name, size: bytes, mode: ENTRY_MODE, mtime }, (error) =>
      error ? reject(error) : resolve({ path: name, bytes, sha256: hash.digest('hex') }),
    );
    source.on('data', (chunk: Buffer) => hash.update(chunk));
    source.once('error', (error) => {
      sink.destroy(error);
      reject(error);
    });
    source.pipe(sink);
  });
}

export interface ArchiveWriter {
  /** Adds a file under `name`, or answers null when it is gone (an upload erased meanwhile). */
  addFile(name: string, path: string): Promise<ArchivedFile | null>;
  addBytes(name: string, bytes: Buffer): Promise<ArchivedFile>;
}

/**
 * Writes a tar file to `path` with the entries `fill` adds, answering what `fill` answers. The file
 * is fsynced before this resolves; on failure it is removed.
 */
export async function writeArchive<T>(path: string, mtime: Date, fill: (writer: ArchiveWriter) => Promise<T>): Promise<T> {
  const tar = pack();
  const out = createWriteStream(path, { flags: 'wx', mode: ENTRY_MODE });
  // A write that fails (a full disk) stops the tar's flow: the entry being added would wait forever.
  const broken = new Promise<never>((_, reject) => {
    out.once('error', reject);
    tar.once('error', reject);
  });
  const written = Promise.race([new Promise<void>((resolve) => out.once('finish', resolve)), broken]);
  broken.catch(() => undefined);
  written.catch(() => undefined);
  const orBroken = <E>(entry: Promise<E>) => Promise.race([entry, broken]);
  tar.pipe(out);
  const writer: ArchiveWriter = {
    async addFile(name, filePath) {
      const handle = await open(filePath, 'r').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
      if (!handle) return null;
      try {
        const { size } = await handle.stat();
        // From the handle opened above: a file erased meanwhile is still read whole.
        return await orBroken(addEntry(tar, name, size, handle.createReadStream({ autoClose: false }), mtime));
      } finally {
        await handle.close();
      }
    },
    addBytes(name, bytes) {
      const hash = createHash('sha256').update(bytes).digest('hex');
      return orBroken(
        new Promise((resolve, reject) =>
          tar.entry({ name, size: bytes.length, mode: ENTRY_MODE, mtime }, bytes, (error) =>
            error ? reject(error) : resolve({ path: name, bytes: bytes.length, sha256: hash }),
          ),
        ),
      );
    },
  };
  try {
    const filled = await fill(writer);
    tar.finalize();
    await written;
    await diskSync.file(path);
    return filled;
  } catch (error) {
    tar.destroy();
    out.destroy();
    await rm(path, { force: true });
    throw error;
  }
}

/** One entry as it is read: its name, its type, and its bytes, to drain or copy. */
export interface ArchiveEntry {
  name: string;
  type: string;
  bytes: number;
  stream: AsyncIterable<Buffer>;
}

/** Reads a tar file's entries in order. A truncated or garbled archive throws. */
export async function* readArchive(path: string): AsyncGenerator<ArchiveEntry> {
  const input = createReadStream(path);
  const entries = extract();
  input.once('error', (error) => entries.destroy(error));
  input.pipe(entries);
  try {
    for await (const entry of entries) {
      const { name, type, size } = entry.header;
      // tar-stream's entries are streamx streams of Buffers (its types say unknown).
      yield { name, type, bytes: size, stream: entry as AsyncIterable<Buffer> };
      // Whatever the reader left of the entry is skipped.
      entry.resume();
    }
  } finally {
    input.destroy();
    entries.destroy();
  }
}

/** Drains an entry, answering its SHA-256 and length (and its bytes when `keep` is set, for small entries). */
export async function hashEntry(
  stream: AsyncIterable<Buffer>,
  keep = false,
): Promise<{ sha256: string; bytes: number; body: Buffer | null }> {
  const hash = createHash('sha256');
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of stream) {
    hash.update(chunk);
    bytes += chunk.length;
    if (keep) chunks.push(chunk);
  }
  return { sha256: hash.digest('hex'), bytes, body: keep ? Buffer.concat(chunks) : null };
}
