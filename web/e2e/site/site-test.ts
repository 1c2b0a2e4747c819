/**
 * The public site's Playwright `test`: every page runs offline (map tiles are answered with an
 * error, so the map must cope) and each test fails if the page asked any other host for anything,
 * or logged a script error (a failed hydration of the prerendered HTML shows up there).
 */
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { API_PATHS, API_PREFIX, type ListPage, type SessionResponse } from '@sourcing/shared';
import { DEFAULT_SITE_ORIGIN, normaliseOrigin } from '../../src/site/site-origin';
import { E2E_ADMIN, E2E_BASE_URL } from '../support/env';

/** The tile host is the one third party the site may use (docs/site.md#third-parties). */
const TILE_REQUEST = /tile\.openstreetmap\.org|\{s\}|tiles?\./;

/** Resource load failures (aborted tiles, the 404 page itself) are not script errors. */
const isResourceFailure = (text: string) => text.startsWith('Failed to load resource');

export const test = base.extend<{ foreignRequests: string[]; scriptErrors: string[] }>({
  scriptErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error' && !isResourceFailure(message.text())) errors.push(message.text());
      });
      await use(errors);
      expect(errors, 'script errors in the page').toEqual([]);
    },
    { auto: true },
  ],
  foreignRequests: [
    async ({ page }, use) => {
      const foreign: string[] = [];
      const appOrigin = new URL(E2E_BASE_URL).origin;
      await page.route(TILE_REQUEST, (route) => route.abort('blockedbyclient'));
      page.on('request', (request) => {
        const url = request.url();
        if (url.startsWith('data:') || url.startsWith('blob:') || TILE_REQUEST.test(url)) return;
        if (new URL(url).origin !== appOrigin) foreign.push(url);
      });
      await use(foreign);
      expect(foreign, 'requests to hosts other than the app').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** The origin the build baked into canonical URLs (PUBLIC_URL at build time, else the default). */
export const SITE_ORIGIN = normaliseOrigin(process.env.PUBLIC_URL ?? DEFAULT_SITE_ORIGIN);

export const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

/**
 * Serious or critical axe-core violations on the page as it is now. `label-content-name-mismatch`
 * (a control's name must contain its visible text, WCAG 2.5.3) is one of axe's experimental rules,
 * off unless asked for.
 */
export async function seriousAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

/** A list the admin sees, read through the API as the admin would. */
export async function adminList<T>(request: import('@playwright/test').APIRequestContext, path: string, q: string) {
  const login = await request.post(`${E2E_BASE_URL}${API_PREFIX}${API_PATHS.adminLogin}`, { data: E2E_ADMIN });
  expect(login.ok()).toBe(true);
  const { accessToken } = (await login.json()) as SessionResponse;
  const response = await request.get(`${E2E_BASE_URL}${API_PREFIX}${path}?q=${encodeURIComponent(q)}`, {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as ListPage<T>).data;
}

export function uniqueEmail(who: string, project: string): string {
  return `${who}.${project}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}
