import { Readable } from 'node:stream';
import type Router from '@koa/router';
import {
  ADMIN_LISTS,
  API_PREFIX,
  CSV_EXPORT_SUFFIX,
  csvFileName,
  EXPORT_LINK_SUFFIX,
  OWNER_MINE,
  referenceFieldOf,
  sortParam,
} from '@sourcing/shared';
import type { Context, Middleware } from 'koa';
import type { AppDeps } from '../../app-deps';
import { AdminEntity } from '../../auth/schema';
import { requireRole, type AdminState } from '../../auth/require-admin';
import { heldQuery, roleOrSignedLink } from '../../http/signed-downloads';
import { HttpError, NOT_FOUND } from '../../http/errors';
import type { LinkSigner } from '../attachment-files';
import { chosenCsvColumns, COLUMNS_MESSAGE, CSV_BOM, csvLine, hasOwnerColumn, type StaffEmails } from './csv';
import { validate, type InputState } from '../../http/validate';
import { listQuerySchemaOf, type ParsedListQuery } from './list-query';
import type { RecordKind } from '../record-kind';
import { allRecords, findRecord, listDefinitionOf, listRecords } from './record-list';
import { UUID } from './cursor';
import { createExportLinks } from './export-links';
import { unreadAmong } from '../read-state/read-state';
import { repliedAmong } from '../../mail/inbound/customer-replied';

/**
 * Absolute signed attachment links for the signed-in admin, on PUBLIC_URL when set, else on the
 * origin the admin used. They work only while the admin's session does.
 */
export function linkSigner(deps: Pick<AppDeps, 'config' | 'uploads'>, ctx: Context & { state: AdminState }): LinkSigner {
  const origin = apiOrigin(deps, ctx);
  const holder = { adminId: ctx.state.admin.id, sessionId: ctx.state.sessionId };
  return (storedName) => `${origin}${deps.uploads.links.signedPath(storedName, holder)}`;
}

const CSV_CHUNK_CHARS = 64 * 1024;

/** The CSV names files and links to none: signing a link per file of 1M rows would be wasted work. */
const UNSIGNED: LinkSigner = () => '';

/** The API origin links point at: PUBLIC_URL when set, else the origin the admin used. */
function apiOrigin(deps: Pick<AppDeps, 'config'>, ctx: Context): string {
  // Koa 3's ctx.origin is the Origin header; this is the URL the admin reached us on.
  return deps.config.publicUrl ?? `${ctx.protocol}://${ctx.host}`;
}

/** Every staff account's e-mail by id (a disabled account still owns its records): the Owner column. */
async function staffEmails(deps: Pick<AppDeps, 'db'>): Promise<StaffEmails> {
  const admins = await deps.db.reads.getRepository(AdminEntity).find({ select: { id: true, email: true } });
  return new Map(admins.map(({ id, email }) => [id, email]));
}

type ListState = AdminState & InputState<never, ParsedListQuery>;

const OWNER_NEEDS_ADMIN = 'owner=mine needs a signed-in admin';

/** `owner=mine` is the signed-in admin; a signed link carries the id itself (see exportQuery). */
const resolveOwnerMine: Middleware<ListState> = async (ctx, next) => {
  const { filters } = ctx.state.input.query;
  if (filters.owner === OWNER_MINE) {
    if (!ctx.state.admin) throw new HttpError(400, OWNER_NEEDS_ADMIN, { owner: OWNER_NEEDS_ADMIN });
    filters.owner = ctx.state.admin.id;
  }
  await next();
};

/** The query a signed export link carries: the admin's as given, with `owner=mine` replaced by their id, and its holder. */
function exportQuery(ctx: Context & { state: ListState }): URLSearchParams {
  const params = new URLSearchParams(ctx.querystring);
  if (params.get('owner') === OWNER_MINE && ctx.state.input.query.filters.owner) {
    params.set('owner', ctx.state.input.query.filters.owner);
  }
  return heldQuery(ctx, params);
}

/**
 * GET <list>, GET <list>/export-link, GET <list>/export.csv and GET <list>/:id of a kind: reads, for
 * every staff role; the export also opens with the short-lived signed link export-link gives, so
 * a browser or the desktop app downloads it straight to disk (docs/api.md#csv-export).
 */
export function registerAdminList(router: Router, deps: AppDeps, kind: RecordKind) {
  const def = listDefinitionOf(kind);
  const path = ADMIN_LISTS[def.name].path;
  const viewer = requireRole(deps.tokens, 'viewer');
  const listQuery = validate({ query: listQuerySchemaOf(kind.definition) });
  const exportLinks = createExportLinks(deps.config.jwtSecret, deps.now);
  const exportPath = `${API_PREFIX}${path}${CSV_EXPORT_SUFFIX}`;
  // A signed link (handed out by export-link to a viewer) stands in for the token, while its holder's session lives.
  const viewerOrSignedLink = roleOrSignedLink(deps, exportLinks, exportPath, 'viewer');

  router.get<ListState>(path, viewer, listQuery, resolveOwnerMine, async (ctx) => {
    const { query } = ctx.state.input;
    ctx.set('Cache-Control', 'no-store');
    const page = await listRecords(deps, def, query, linkSigner(deps, ctx));
    const ids = page.data.map((record) => String(record._id));
    const [unreadIds, repliedIds] = await Promise.all([
      unreadAmong(deps, ctx.state.admin.id, kind, page.data),
      referenceFieldOf(kind.definition) ? repliedAmong(deps.db, kind.definition.kind, ids) : [],
    ]);
    ctx.body = { ...page, unreadIds, repliedIds };
  });

  // Validating here too means a malformed query is refused to the admin, not in a download.
  // The search's words are not kept: they may name a person, and the audit trail outlives erasures.
  const auditExport = (ctx: Context & { state: ListState }) => {
    const { q, since, sort, status, filters } = ctx.state.input.query;
    return deps.audit(
      ctx,
      'export',
      { kind: kind.definition.kind },
      { list: def.name, filters: { search: q !== '', since, sort: sortParam(sort), status, ...filters } },
    );
  };

  /** The columns the export writes (its `columns` parameter, see csv.ts): 400 when it names another list's. */
  const exportColumns = (ctx: Context) => {
    const columns = chosenCsvColumns(def.csvColumns, new URLSearchParams(ctx.querystring).get('columns'));
    if (!columns) throw new HttpError(400, COLUMNS_MESSAGE, { columns: COLUMNS_MESSAGE });
    return columns;
  };

  router.get<ListState>(`${path}${EXPORT_LINK_SUFFIX}`, viewer, listQuery, resolveOwnerMine, async (ctx) => {
    exportColumns(ctx);
    await auditExport(ctx);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { url: `${apiOrigin(deps, ctx)}${exportLinks.signedPath(exportPath, exportQuery(ctx))}` };
  });

  router.get<ListState>(`${path}${CSV_EXPORT_SUFFIX}`, viewerOrSignedLink, listQuery, resolveOwnerMine, async (ctx) => {
    const columns = exportColumns(ctx);
    // A signed link was audited when export-link handed it out; an admin's token is audited here.
    if (ctx.state.admin) await auditExport(ctx);
    const { q, since, sort, status, filters } = ctx.state.input.query;
    const staff = hasOwnerColumn(columns) ? await staffEmails(deps) : new Map<string, string>();
    const records = allRecords(deps, def, { q, since, sort, status, filters }, UNSIGNED);
    const logger = deps.logger;
    // Lines go out in chunks of about 64 KB: one stream write per row would cost more than the row.
    async function* chunks() {
      let chunk = CSV_BOM + csvLine(['S.No', ...columns.map((c) => c.header)]);
      let number = 0;
      try {
        for await (const record of records) {
          number += 1;
          chunk += csvLine([number, ...columns.map((c) => c.cell(record, staff))]);
          if (chunk.length >= CSV_CHUNK_CHARS) {
            yield chunk;
            chunk = '';
          }
        }
        yield chunk;
      } catch (error) {
        logger.error('csv export failed', { list: def.name, error: error instanceof Error ? error.message : String(error) });
        throw error;
      }
    }
    ctx.attachment(csvFileName(def.name, q, deps.now()));
    ctx.type = 'text/csv; charset=utf-8';
    ctx.set('Cache-Control', 'no-store');
    ctx.body = Readable.from(chunks(), { objectMode: false });
  });

  router.get(`${path}/:id`, viewer, async (ctx) => {
    const { id } = ctx.params;
    const record = UUID.test(id) ? await findRecord(deps, def, id, linkSigner(deps, ctx)) : null;
    if (!record) throw new HttpError(404, NOT_FOUND);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = record;
  });
}
