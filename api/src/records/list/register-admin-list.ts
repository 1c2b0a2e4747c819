import { Readable } from 'node:stream';
import type Router from '@koa/router';
import { ADMIN_LISTS, CSV_EXPORT_SUFFIX } from '@sourcing/shared';
import type { Context } from 'koa';
import type { AppDeps } from '../../app-deps';
import { requireAdmin, type AdminState } from '../../auth/require-admin';
import { HttpError, NOT_FOUND } from '../../http/errors';
import type { LinkSigner } from '../attachment-files';
import { CSV_BOM, csvLine } from './csv';
import { validate, type InputState } from '../../http/validate';
import { listQuerySchemaOf, type ParsedListQuery } from './list-query';
import type { RecordKind } from '../record-kind';
import { allRecords, findRecord, listDefinitionOf, listRecords } from './record-list';
import { UUID } from './cursor';

/** Absolute signed attachment links, on PUBLIC_URL when set, else on the origin the admin used. */
export function linkSigner(deps: Pick<AppDeps, 'config' | 'uploads'>, ctx: Context): LinkSigner {
  // Koa 3's ctx.origin is the Origin header; this is the URL the admin reached us on.
  const origin = deps.config.publicUrl ?? `${ctx.protocol}://${ctx.host}`;
  return (storedName) => `${origin}${deps.uploads.links.signedPath(storedName)}`;
}

/** GET <list>, GET <list>/export.csv and GET <list>/:id of a kind, all for signed-in admins only. */
export function registerAdminList(router: Router, deps: AppDeps, kind: RecordKind) {
  const def = listDefinitionOf(kind);
  const path = ADMIN_LISTS[def.name].path;
  const admin = requireAdmin(deps.tokens);
  const listQuery = validate({ query: listQuerySchemaOf(def.statuses) });

  type ListState = AdminState & InputState<never, ParsedListQuery>;

  router.get<ListState>(path, admin, listQuery, async (ctx) => {
    const { query } = ctx.state.input;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await listRecords(deps, def, query, linkSigner(deps, ctx));
  });

  router.get<ListState>(`${path}${CSV_EXPORT_SUFFIX}`, admin, listQuery, (ctx) => {
    const { q, since, sort, status } = ctx.state.input.query;
    const records = allRecords(deps, def, { q, since, sort, status }, linkSigner(deps, ctx));
    const columns = def.csvColumns;
    const logger = deps.logger;
    async function* lines() {
      yield CSV_BOM + csvLine(['S.No', ...columns.map((c) => c.header)]);
      let number = 0;
      try {
        for await (const record of records) {
          number += 1;
          yield csvLine([number, ...columns.map((c) => c.cell(record))]);
        }
      } catch (error) {
        logger.error('csv export failed', { list: def.name, error: error instanceof Error ? error.message : String(error) });
        throw error;
      }
    }
    const day = deps.now().toISOString().slice(0, 10);
    ctx.attachment(`${def.name}-${day}.csv`);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.set('Cache-Control', 'no-store');
    ctx.body = Readable.from(lines());
  });

  router.get(`${path}/:id`, admin, async (ctx) => {
    const { id } = ctx.params;
    const record = UUID.test(id) ? await findRecord(deps, def, id, linkSigner(deps, ctx)) : null;
    if (!record) throw new HttpError(404, NOT_FOUND);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = record;
  });
}
