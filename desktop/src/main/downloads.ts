/**
 * Saving a download the admin asked for (a CSV export on its signed link): ask where, then stream
 * the response to disk as it arrives, bytes as sent (the UTF-8 BOM included), so an export of any
 * size never sits in memory. The file appears under its name only once complete.
 */
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { AttachmentToOpen } from '@sourcing/shared';
import { ATTACHMENT_ERRORS, attachmentDownloadUrl, fetchDownload, sanitizeFileName } from './attachments';

export interface DownloadSaverOptions {
  /** Fetch that carries the admin's credentials (Electron's session.fetch). */
  fetch: (url: string) => Promise<Response>;
  serverOrigin: () => string | null;
  /** Asks the admin where to save (Electron's dialog.showSaveDialog): the chosen path, or undefined when cancelled. */
  chooseSavePath: (suggestedName: string) => Promise<string | undefined>;
}

export function createDownloadSaver(options: DownloadSaverOptions) {
  /** Resolves true once saved, false when the admin cancelled the dialog. */
  return async function save(file: AttachmentToOpen & { apiBaseUrl: string }): Promise<boolean> {
    if (file.apiBaseUrl !== options.serverOrigin()) throw new Error(ATTACHMENT_ERRORS.otherServer);
    const url = attachmentDownloadUrl(file.url, options.serverOrigin());
    const target = await options.chooseSavePath(sanitizeFileName(file.fileName));
    if (!target) return false;
    const body = await fetchDownload(options.fetch, url);
    const partial = `${target}.part`;
    try {
      await pipeline(body, createWriteStream(partial));
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return true;
  };
}
