import { ADMIN_ROUTE_OF, type RecordKind } from '@sourcing/shared';
import type { Config } from '../config';

/** The site's address as mails link to it. */
export const siteUrl = (config: Pick<Config, 'publicUrl' | 'port'>) => config.publicUrl ?? `http://localhost:${config.port}`;

/** A record's page in the admin, as staff mails link to it. */
export const adminRecordLink = (config: Pick<Config, 'publicUrl' | 'port'>, kind: RecordKind, id: string) =>
  `${siteUrl(config)}${ADMIN_ROUTE_OF[kind]}/${id}`;
