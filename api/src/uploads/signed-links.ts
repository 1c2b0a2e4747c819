import { createHmac, timingSafeEqual } from 'node:crypto';
import { API_PATHS, API_PREFIX } from '@sourcing/shared';

/** How long a signed attachment link works: long enough to open it, short enough not to leak. */
export const SIGNED_LINK_TTL_SECONDS = 15 * 60;

export interface FileLinks {
  /** `/api/uploads/<storedName>?expires=<unix s>&sig=<hmac>` */
  signedPath(storedName: string): string;
  verify(storedName: string, expires: string | undefined, sig: string | undefined): boolean;
}

export function createFileLinks(secret: string, now: () => Date, ttlSeconds = SIGNED_LINK_TTL_SECONDS): FileLinks {
  const key = `uploads:${secret}`;
  const signature = (storedName: string, expires: number) =>
    createHmac('sha256', key).update(`${storedName}\n${expires}`).digest('base64url');
  return {
    signedPath(storedName) {
      const expires = Math.floor(now().getTime() / 1000) + ttlSeconds;
      const query = new URLSearchParams({ expires: String(expires), sig: signature(storedName, expires) });
      return `${API_PREFIX}${API_PATHS.uploads}/${encodeURIComponent(storedName)}?${query.toString()}`;
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
