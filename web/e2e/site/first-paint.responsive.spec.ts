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
