import Koa from 'koa';
import { API_PREFIX } from '@sourcing/shared';
import type { AppDeps } from './app-deps';
import { bodyParser } from './http/body';
import { corsForOrigins } from './http/cors';
import { errorHandler, HttpError, NOT_FOUND } from './http/errors';
import { requestLog } from './http/request-log';
import { logResponseErrors } from './http/response-errors';
import { refuseAmbiguousPaths } from './http/request-path';
import { securityHeaders } from './http/security-headers';
import { createApiRouter } from './routes/api-router';
import { serveWeb } from './web-serving/serve-web';

export type { AppDeps } from './app-deps';

export function createApp(deps: AppDeps) {
  const { config } = deps;
  // ctx.ip is the last TRUST_PROXY_HOPS entry of X-Forwarded-For: the address the outermost proxy
  // saw, never one the client wrote into the header itself.
  const app = new Koa({ proxy: config.trustProxyHops > 0, maxIpsCount: config.trustProxyHops });
  const api = createApiRouter(deps);
  app.on('error', logResponseErrors(deps.logger));

  app.use(requestLog(deps.logger));
  app.use(errorHandler(deps.logger));
  app.use(securityHeaders({ embedOrigins: config.embedOrigins, imageOrigins: config.tileOrigins }));
  app.use(refuseAmbiguousPaths());
  app.use(corsForOrigins(config.corsOrigins));
  app.use(bodyParser());
  app.use(api.routes());
  // No route answered: a known path with another method is 405 (with Allow), anything else 404.
  app.use(async (ctx, next) => {
    if (ctx.path !== API_PREFIX && !ctx.path.startsWith(`${API_PREFIX}/`)) {
      await next();
      return;
    }
    const allowed = new Set(api.match(ctx.path, ctx.method).path.flatMap((layer) => layer.methods));
    if (allowed.size === 0) throw new HttpError(404, NOT_FOUND);
    ctx.set('Allow', [...allowed].join(', '));
    throw new HttpError(405, 'Method not allowed');
  });
  app.use(serveWeb(config.webDistDir));
  app.use(() => {
    throw new HttpError(404, NOT_FOUND);
  });
  return Object.assign(app, { apiRouter: api });
}
