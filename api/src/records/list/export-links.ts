import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a signed export link works: the admin's browser opens it at once; a copied link soon stops working. */
export const EXPORT_LINK_TTL_SECONDS = 60;

/** The parameters the signature itself travels in; every other parameter of the query is signed. */
const SIGNATURE_PARAMS = ['expires', 'sig'];

export interface ExportLinks {
  /** `<path>?<the list's query>&expires=<unix s>&sig=<hmac>`: the query passes through whole, so new filters need no change here. */
  signedPath(path: string, query: URLSearchParams): string;
  /** True when `query` carries a live signature over this path and exactly its other parameters. */
  verify(path: string, query: URLSearchParams): boolean;
}

/** The signed text: the path and the query's parameters in a fixed order (a link re-encoded on the way still verifies). */
function canonical(path: string, query: URLSearchParams, expires: number): string {
  const params = [...query].filter(([key]) => !SIGNATURE_PARAMS.includes(key));
  params.sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1));
  return `${path}\n${new URLSearchParams(params).toString()}\n${expires}`;
}

export function createExportLinks(secret: string, now: () => Date, ttlSeconds = EXPORT_LINK_TTL_SECONDS): ExportLinks {
  const key = `exports:${secret}`;
  const signature = (path: string, query: URLSearchParams, expires: number) =>
    createHmac('sha256', key)
      .update(canonical(path, query, expires))
      .digest('base64url');
  return {
    signedPath(path, query) {
      const expires = Math.floor(now().getTime() / 1000) + ttlSeconds;
      const signed = new URLSearchParams([...query].filter(([key]) => !SIGNATURE_PARAMS.includes(key)));
      signed.set('expires', String(expires));
      signed.set('sig', signature(path, query, expires));
      return `${path}?${signed.toString()}`;
    },
    verify(path, query) {
      const expires = query.get('expires');
      const sig = query.get('sig');
      if (!expires || !sig || !/^\d{1,12}$/.test(expires)) return false;
      const at = Number(expires);
      if (at * 1000 < now().getTime()) return false;
      const expected = Buffer.from(signature(path, query, at));
      const given = Buffer.from(sig);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
