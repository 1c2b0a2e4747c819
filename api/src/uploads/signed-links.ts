import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';
import { API_PATHS, API_PREFIX } from '@sourcing/shared';

/** How long a signed attachment link works: long enough to open it, short enough not to leak. */
export const SIGNED_LINK_TTL_SECONDS = 15 * 60;

export interface FileLinks {
  /** `/api/uploads/<storedName>?expires=<unix s>&sig=<hmac>` */
  signedPath(storedName: string): string;
  verify(storedName: string, expires: string | undefined, sig: string | undefined): boolean;
}

export function createFileLinks(secret: string, now: () => Date, ttlSeconds = SIGNED_LINK_TTL_SECONDS): FileLinks {
  // A key object made once: a string key is turned into one on every signature (a list page signs one link per file).
  const key = createSecretKey(Buffer.from(`uploads:${secret}`));
  const signature = (storedName: string, expires: number) =>
    createHmac('sha256', key).update(`${storedName}\n${expires}`).digest('base64url');
  const prefix = `${API_PREFIX}${API_PATHS.uploads}/`;
  return {
    signedPath(storedName) {
      const expires = Math.floor(now().getTime() / 1000) + ttlSeconds;
      // Digits and base64url need no escaping in a query string.
      return `${prefix}${encodeURIComponent(storedName)}?expires=${expires}&sig=${signature(storedName, expires)}`;
    },
    verify(storedName, expires, sig) {
      if (!expires || !sig || !/^\d{1,12}$/.test(expires)) return false;
      const at = Number(expires);
      if (at * 1000 < now().getTime()) return false;
      const expected = Buffer.from(signature(storedName, at));
      const given = Buffer.from(sig);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
