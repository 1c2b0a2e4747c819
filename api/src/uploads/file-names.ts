import { nameForType } from '@sourcing/shared';

/** Characters that reorder text on screen ('invoice\u202Efdp.exe' shows as 'invoiceexe.pdf'). */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The visitor's file name as we show it and send it in Content-Disposition: without folders,
 * control characters or bidirectional overrides; '' when no name is left ('..', '.', '/', '').
 */
export function cleanFileName(name: string): string {
  const base = name.replace(/\\/g, '/').split('/').pop() ?? '';
  const cleaned = base
    // eslint-disable-next-line no-control-regex -- control characters are what this removes
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .replace(BIDI_CONTROLS, '')
    .trim()
    .slice(0, 200);
  return /^\.*$/.test(cleaned) ? '' : cleaned;
}

/** A stored file's name as a label, also for files kept before names were cleaned at upload. */
export const shownFileName = (name: string) => cleanFileName(name) || 'file';

/** The name a stored file is served and saved under: its label, ending in the extension of the type its bytes showed. */
export const servedFileName = (name: string, mimeType: string) => nameForType(shownFileName(name), mimeType);
