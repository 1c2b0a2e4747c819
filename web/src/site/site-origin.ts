/**
 * The public origin used in canonical URLs, social metadata and the sitemap when the build is
 * not given PUBLIC_URL. Plain module (no Vite APIs) so Node scripts and tests can import it.
 */
export const DEFAULT_SITE_ORIGIN = 'https://www.indusglobalsourcing.com';

/** 'https://host/' -> 'https://host' so paths can be appended with a leading slash. */
export function normaliseOrigin(url: string | undefined): string {
  return (url && url.trim() ? url.trim() : DEFAULT_SITE_ORIGIN).replace(/\/+$/, '');
}
