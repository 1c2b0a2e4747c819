import type { Context } from 'koa';
import type { Logger } from './logger';

/** What a response stream fails with when the client went away: a closed page, a cancelled download. */
const CLIENT_WENT_AWAY = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE']);

/**
 * Koa's `error` event: what failed after a response began (a file, a page or a CSV being
 * streamed), which the error middleware can no longer answer. Without a listener Koa prints the
 * bare stack to stderr, for every visitor who leaves before an image has loaded. A client that
 * went away is a debug line; anything else is an error, both in the JSON log.
 */
export function logResponseErrors(logger: Logger) {
  return (error: Error & { code?: string }, ctx?: Pick<Context, 'method' | 'path'>) => {
    const fields = { method: ctx?.method, path: ctx?.path, error: error.message };
    if (error.code && CLIENT_WENT_AWAY.has(error.code))
      logger.debug('client closed the connection before the response ended', fields);
    else logger.error('response failed', { ...fields, error: error.stack ?? error.message });
  };
}
