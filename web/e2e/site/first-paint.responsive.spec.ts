/**
 * The prerendered page paints before its script is even requested (on a slow phone the script's
 * download and parsing never hold back the first paint), and the controls that need the script
 * wait for it, so no click or keystroke made earlier is lost.
 */
import type { Page } from '@playwright/test';
import { expect, isPhone, test } from './site-test';

const PUBLIC_PAGES = [
  '/',
  '/about',
  '/contact',
  '/commodity-inquiry',
  '/supplier-inquiry',
  '/embed/commodity-inquiry',
  '/embed/supplier-inquiry',
  '/no-such-page',
];

/** The chunk that hydrates the page (src/site/start.tsx). */
const APP_SCRIPT = /\/assets\/start-[\w-]+\.js$/;

for (const path of PUBLIC_PAGES) {
  test(`${path} paints before it asks for its script`, async ({ page }) => {
    await page.goto(path);
    const timings = await page.waitForFunction((pattern) => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      const script = performance.getEntriesByType('resource').find((r) => new RegExp(pattern).test(r.name));
      return paint && script ? { paint: paint.startTime, scriptRequested: script.startTime } : null;
    }, APP_SCRIPT.source);
    const { paint, scriptRequested } = (await timings.jsonValue())!;
    expect(paint).toBeLessThanOrEqual(scriptRequested);
  });
}

/** Holds the app script until `release()`. */
async function holdAppScript(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(APP_SCRIPT, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('until its script runs, a form and the top bar take no input; then they do', async ({ page }) => {
  const release = await holdAppScript(page);
  await page.goto('/commodity-inquiry');
  await expect(page.getByRole('heading', { level: 1, name: 'Commodity Inquiry Form' })).toBeVisible();
  const fullName = page.getByLabel(/^Full Name/);
  const submit = page.getByRole('button', { name: 'Submit Inquiry' });
  const menu = isPhone(page) ? page.getByRole('button', { name: 'Open menu' }) : page.getByRole('button', { name: 'Get Quote' });
  for (const control of [fullName, page.getByRole('checkbox', { name: 'Coal', exact: true }), submit, menu]) {
    await expect(control).toBeDisabled();
  }

  release();
  await expect(submit).toBeEnabled();
  await expect(menu).toBeEnabled();
  await fullName.fill('Typed After Start');
  await expect(fullName).toHaveValue('Typed After Start');
});

test('until its script runs, the newsletter and the contact button wait too', async ({ page }) => {
  const release = await holdAppScript(page);
  await page.goto('/contact');
  const footer = page.getByRole('contentinfo');
  const email = footer.getByRole('textbox', { name: 'Email address' });
  const sendMessage = page.getByRole('button', { name: 'Send a Message' });
  await expect(email).toBeDisabled();
  await expect(footer.getByRole('button', { name: 'Join Now' })).toBeDisabled();
  await expect(sendMessage).toBeDisabled();

  release();
  await sendMessage.click();
  await expect(page.getByRole('dialog', { name: 'Send us a message' })).toBeVisible();
  await expect(email).toBeEnabled();
});

test("an in-page link followed while the page's own module loads keeps its place: the page is hydrated, never rendered again", async ({
  page,
}) => {
  // The home page's own chunk (src/site/pages/home/HomePage.tsx) is held until the link is followed.
  const homePageScript = /\/assets\/HomePage-[\w-]+\.js$/;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(homePageScript, async (route) => {
    await released;
    await route.continue();
  });
  // Counts the times the prerendered commodities section leaves the document (a render from scratch).
  await page.addInitScript(() => {
    const counter = window as unknown as { sectionRemovals: number };
    counter.sectionRemovals = 0;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.removedNodes) {
          if (node instanceof Element && (node.id === 'commodities' || node.querySelector('#commodities')))
            counter.sectionRemovals++;
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  // Every other script has arrived and run: the app has started and waits only for the page's chunk.
  const pendingScripts = new Set<string>();
  page.on('request', (r) => {
    if (r.resourceType() === 'script' && !homePageScript.test(r.url())) pendingScripts.add(r.url());
  });
  page.on('requestfinished', (r) => pendingScripts.delete(r.url()));
  const appScript = page.waitForResponse(APP_SCRIPT);
  await page.goto('/');
  await appScript;
  await expect.poll(() => pendingScripts.size).toBe(0);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

  await page.getByRole('link', { name: 'Explore Commodities' }).click();
  release();
  await page.waitForResponse(homePageScript);
  await expect(page.getByRole('button', { name: 'Join Now' })).toBeEnabled();
  await expect
    .poll(() =>
      page.evaluate(() => Math.round(document.getElementById('commodities')?.getBoundingClientRect().top ?? Number.NaN)),
    )
    .toBeLessThan(120);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  expect(await page.evaluate(() => (window as unknown as { sectionRemovals: number }).sectionRemovals)).toBe(0);
});
