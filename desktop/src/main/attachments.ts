/**
 * 'View' on an attachment: download it with the admin's credentials into a temporary folder under
 * its original (sanitised) name and open it with the system's viewer.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { extensionOf, isOpenableFileName, type ApiErrorBody, type AttachmentToOpen } from '@sourcing/shared';

const FALLBACK_NAME = 'attachment';
const MAX_NAME_LENGTH = 180;
/** Device names Windows refuses as file names, whatever the extension. */
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])$/i;

/**
 * A file name safe on Windows, macOS and Linux that keeps what the admin recognises: no folders,
 * no characters the file systems refuse, no leading dots (hidden files), at most 180 characters
 * with the extension kept.
 */
export function sanitizeFileName(original: string): string {
  const lastSegment = original.split(/[/\\]/).pop() ?? '';
  let name = lastSegment
    .normalize('NFC')
    .replace(/\s+/g, ' ')
    // eslint-disable-next-line no-control-regex -- control characters are what this replaces
    .replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '_')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  if (!name) return FALLBACK_NAME;
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const extension = dot > 0 ? name.slice(dot) : '';
  if (WINDOWS_RESERVED.test(stem)) name = `_${name}`;
  if (name.length > MAX_NAME_LENGTH) {
    const kept = extension.length < 20 ? extension : '';
    name = name.slice(0, MAX_NAME_LENGTH - kept.length).trimEnd() + kept;
  }
  return name;
}

export const ATTACHMENT_ERRORS = {
  otherServer: 'This attachment is not on the configured server.',
  noServer: 'Set the server address first.',
  notOpenable: (name: string) =>
    `${name} is not opened from the app: only documents, pictures, PDFs and text files are, and ${extensionOf(name) || 'a file without an extension'} is none of them.`,
} as const;

/** The absolute download URL: the API gives it relative to its origin, and it must stay on that origin. */
export function attachmentDownloadUrl(url: string, serverOrigin: string | null): string {
  if (!serverOrigin) throw new Error(ATTACHMENT_ERRORS.noServer);
  let resolved: URL;
  try {
    resolved = new URL(url, serverOrigin);
  } catch {
    throw new Error(ATTACHMENT_ERRORS.otherServer);
  }
  if (resolved.origin !== serverOrigin) throw new Error(ATTACHMENT_ERRORS.otherServer);
  return resolved.toString();
}

async function failureMessage(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as ApiErrorBody | null;
  const reason = body?.error || response.statusText || `HTTP ${response.status}`;
  return `The file could not be downloaded: ${reason}`;
}

/** Opens a download from the server: the body to stream, or an error with the reason the admin should read. */
export async function fetchDownload(fetch: (url: string) => Promise<Response>, url: string): Promise<Readable> {
  let response: Response;
  try {
    response = await fetch(url);
  } catch {
    throw new Error('The file could not be downloaded: the server is not reachable.');
  }
  if (!response.ok || !response.body) throw new Error(await failureMessage(response));
  return Readable.fromWeb(response.body);
}

export interface AttachmentDownloaderOptions {
  /** Fetch that carries the admin's credentials (Electron's session.fetch with the app's cookies). */
  fetch: (url: string) => Promise<Response>;
  /** Folder that holds downloaded attachments; emptied when the app starts. */
  folder: string;
  serverOrigin: () => string | null;
  /** Electron's shell.openPath: resolves to '' on success, else the reason. */
  openPath: (path: string) => Promise<string>;
}

export function createAttachmentOpener(options: AttachmentDownloaderOptions) {
  /** Downloads into a fresh sub-folder (two files may share a name) and returns the saved path. */
  async function download(file: AttachmentToOpen): Promise<string> {
    const body = await fetchDownload(options.fetch, attachmentDownloadUrl(file.url, options.serverOrigin()));
    await mkdir(options.folder, { recursive: true });
    const target = join(await mkdtemp(join(options.folder, 'file-')), sanitizeFileName(file.fileName));
    await pipeline(body, createWriteStream(target, { flags: 'wx' }));
    return target;
  }

  return {
    download,
    /**
     * `apiBaseUrl` is the server the admin UI believes it talks to: it must be the configured one.
     * Only a file whose name ends in an uploadable type's extension is handed to the system, so a
     * name that would run (`.bat`, `.command`, `.desktop`...) is never opened, whatever the server sent.
     */
    async open(file: AttachmentToOpen & { apiBaseUrl: string }): Promise<string> {
      if (file.apiBaseUrl !== options.serverOrigin()) throw new Error(ATTACHMENT_ERRORS.otherServer);
      const name = sanitizeFileName(file.fileName);
      if (!isOpenableFileName(name)) throw new Error(ATTACHMENT_ERRORS.notOpenable(name));
      const saved = await download(file);
      const problem = await options.openPath(saved);
      if (problem) throw new Error(`The file was downloaded but could not be opened: ${problem}`);
      return saved;
    },
    /** Removes what earlier sessions downloaded. */
    async clear(): Promise<void> {
      await rm(options.folder, { recursive: true, force: true });
    },
  };
}
