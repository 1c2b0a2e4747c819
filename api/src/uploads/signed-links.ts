import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';
import { API_PATHS, API_PREFIX } from '@sourcing/shared';

/** How long a signed attachment link works: long enough to open it, short enough not to leak. */
export const SIGNED_LINK_TTL_SECONDS = 15 * 60;

/** Whose link it is: it works only while this staff member's session does (docs/sessions.md#signed-links). */
export interface LinkHolder {
  adminId: string;
  sessionId: string | null;
}

export interface FileLinks {
  /** `/api/uploads/<storedName>?expires=<unix s>&by=<admin>&session=<session>&sig=<hmac>` */
  signedPath(storedName: string, holder: LinkHolder): string;
  /** The holder of a live, untampered link to this file, else null. */
  verify(storedName: string, query: URLSearchParams): LinkHolder | null;
}

export function createFileLinks(secret: string, now: () => Date, ttlSeconds = SIGNED_LINK_TTL_SECONDS): FileLinks {
  // A key object made once: a string key is turned into one on every signature (a list page signs one link per file).
  const key = createSecretKey(Buffer.from(`uploads:${secret}`));
  const signature = (storedName: string, expires: number, holder: LinkHolder) =>
    createHmac('sha256', key)
      .update(`${storedName}\n${expires}\n${holder.adminId}\n${holder.sessionId ?? ''}`)
      .digest('base64url');
  const prefix = `${API_PREFIX}${API_PATHS.uploads}/`;
  return {
    signedPath(storedName, holder) {
      const expires = Math.floor(now().getTime() / 1000) + ttlSeconds;
      // Digits, uuids and base64url need no escaping in a query string.
      const session = holder.sessionId ?? '';
      const sig = signature(storedName, expires, holder);
      return `${prefix}${encodeURIComponent(storedName)}?expires=${expires}&by=${holder.adminId}&session=${session}&sig=${sig}`;
    },
    verify(storedName, query) {
      const [expires, adminId, session, sig] = ['expires', 'by', 'session', 'sig'].map((name) => query.get(name));
      if (!expires || !sig || !adminId || session === null || !/^\d{1,12}$/.test(expires)) return null;
      const at = Number(expires);
      if (at * 1000 < now().getTime()) return null;
      const holder = { adminId, sessionId: session || null };
      const expected = Buffer.from(signature(storedName, at, holder));
      const given = Buffer.from(sig);
      return expected.length === given.length && timingSafeEqual(expected, given) ? holder : null;
    },
  };
}
