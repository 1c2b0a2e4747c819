import type Router from '@koa/router';
import {
  API_PATHS,
  API_PREFIX,
  PERSON_ERASE_SUFFIX,
  PERSON_EXPORT_LINK_SUFFIX,
  PERSON_EXPORT_SUFFIX,
  personQuerySchema,
  personZipName,
  type PersonErased,
  type PersonLookup,
} from '@sourcing/shared';
import type { Context } from 'koa';
import type { z } from 'zod';
import type { AppDeps } from '../app-deps';
import { requireRole, type AdminState } from '../auth/require-admin';
import { heldQuery, roleOrSignedLink } from '../http/signed-downloads';
import { validate, type InputState } from '../http/validate';
import { recordsErased } from '../records/erasure/erasure-routes';
import { createExportLinks } from '../records/list/export-links';
import { erasePerson, lookUpPerson, personArchive, recordsOfAddress } from './person-data';

type PersonState = AdminState & InputState<never, z.output<typeof personQuerySchema>>;

/**
 * A person's rights, for owners (docs/api.md#a-persons-data): GET /admin/people?email= looks the
 * address up; GET /admin/people/export-link hands out a short-lived signed link to the ZIP of their
 * data, GET /admin/people/export.zip streams it; POST /admin/people/erase erases every record of
 * the address. The audit trail names kinds and ids, never the address.
 */
export function registerPersonRoutes(router: Router, deps: AppDeps) {
  const owner = requireRole(deps.tokens, 'owner');
  const base = API_PATHS.adminPeople;
  const query = validate({ query: personQuerySchema, message: 'Enter one email address' });
  const links = createExportLinks(deps.config.jwtSecret, deps.now);
  const zipPath = `${API_PREFIX}${base}${PERSON_EXPORT_SUFFIX}`;

  router.get<PersonState>(base, owner, query, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = (await lookUpPerson(deps, ctx.state.input.query.email)) satisfies PersonLookup;
  });

  router.get<PersonState>(`${base}${PERSON_EXPORT_LINK_SUFFIX}`, owner, query, async (ctx) => {
    const { email } = ctx.state.input.query;
    const { records } = await recordsOfAddress(deps, email);
    const listed = records.map(({ kind, row }) => ({ kind: kind.definition.kind, id: row.id }));
    await deps.audit(ctx, 'person-exported', null, { summary: `exported ${listed.length} records`, records: listed });
    const origin = deps.config.publicUrl ?? `${ctx.protocol}://${ctx.host}`;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { url: `${origin}${links.signedPath(zipPath, heldQuery(ctx, new URLSearchParams({ email })))}` };
  });

  // Audited when export-link handed the link out; the ZIP itself is streamed as it is written.
  router.get<PersonState>(
    `${base}${PERSON_EXPORT_SUFFIX}`,
    roleOrSignedLink(deps, links, zipPath, 'owner'),
    query,
    async (ctx: Context & { state: PersonState }) => {
      const { email } = ctx.state.input.query;
      const { zip } = await personArchive(deps, email);
      ctx.attachment(personZipName(email));
      ctx.type = 'application/zip';
      ctx.set('Cache-Control', 'no-store');
      ctx.body = zip;
    },
  );

  router.post<AdminState & InputState<z.output<typeof personQuerySchema>>>(
    `${base}${PERSON_ERASE_SUFFIX}`,
    owner,
    validate({ body: personQuerySchema, message: 'Enter one email address' }),
    async (ctx) => {
      const erased = await erasePerson(deps, ctx, ctx.state.input.body.email);
      ctx.body = { message: recordsErased(erased), erased } satisfies PersonErased;
    },
  );
}
