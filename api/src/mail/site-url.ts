import type { Config } from '../config';

/** The site's address as mails link to it. */
export const siteUrl = (config: Pick<Config, 'publicUrl' | 'port'>) => config.publicUrl ?? `http://localhost:${config.port}`;
