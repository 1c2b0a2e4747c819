/**
 * The fixed top bar stays on top of everything the page scrolls beneath it (the Global Reach
 * map, its markers and popups) and of the toasts: a click on one of its controls always reaches
 * that control.
 */
import type { Page } from '@playwright/test';
import { expect, isPhone, test } from './site-test';

const PAGES_WITH_TOP_BAR = ['/', '/about', '/contact', '/commodity-inquiry', '/supplier-inquiry', '/no-such-page'];

/**
 * The top bar's controls that the element at their centre is not part of: empty when the bar is
 * on top. With `sweep`, the page is scrolled from top to bottom, half a screen at a time, and the
 * bar checked at every stop.
 */
function coveredTopBarControls(page: Page, { sweep }: { sweep: boolean }) {
  return page.evaluate((sweepPage) => {
    const bar = document.querySelector('.topbar')!;
    const controls = [...bar.querySelectorAll<HTMLElement>('a, button')].filter((c) => c.getClientRects().length > 0);
    const covered = new Set<string>();
    const check = () => {
      for (const control of controls) {
        const box = control.getBoundingClientRect();
        if (box.width === 0) continue;
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        if (hit && control.contains(hit)) continue;
        const name = control.textContent?.trim() || control.getAttribute('aria-label');
        covered.add(`${name} at ${window.scrollY}px, under ${hit?.className}`);
      }
    };
    if (!sweepPage) check();
    else {
      const step = Math.max(100, Math.floor(window.innerHeight / 2));
      for (let y = 0; y <= document.documentElement.scrollHeight; y += step) {
        window.scrollTo({ top: y, behavior: 'instant' });
        check();
      }
    }
    return [...covered];
  }, sweep);
}

/** Scrolls so that `selector`'s top sits `offset` px from the top of the viewport, under the top bar. */
async function scrollUnderTopBar(page: Page, selector: string, offset: number): Promise<void> {
  await page.evaluate(
    ([sel, by]) => {
      const top = document.querySelector(sel)!.getBoundingClientRect().top + window.scrollY;
      window.scrollTo({ top: top - by, behavior: 'instant' });
    },
    [selector, offset] as const,
  );
}

for (const path of PAGES_WITH_TOP_BAR) {
  test(`on ${path} nothing covers the top bar, wherever the page is scrolled`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    if (path === '/') {
      await page.locator('.global-reach__map').scrollIntoViewIfNeeded();
      await expect(page.locator('.leaflet-marker-icon')).toHaveCount(6);
    }
    expect(await coveredTopBarControls(page, { sweep: true })).toEqual([]);
  });
}

test('the Global Reach map, its markers and an open popup stay under the top bar', async ({ page }) => {
  await page.goto('/');
  const map = page.locator('.global-reach__map');
  await map.scrollIntoViewIfNeeded();
  await expect(map.locator('.leaflet-marker-icon')).toHaveCount(6);
  const marker = map.getByRole('button', { name: 'Sri Lanka' });
  await marker.focus();
  await page.keyboard.press('Enter');
  await expect(map.locator('.reach-popup__country')).toHaveText('Sri Lanka');

  // The popup, a marker, then the map's top edge, each just under the top bar's links.
  for (const selector of ['.leaflet-popup', '.leaflet-marker-icon', '.global-reach__map']) {
    await scrollUnderTopBar(page, selector, 30);
    expect(await coveredTopBarControls(page, { sweep: false }), selector).toEqual([]);
  }
  // And a real click on a top bar control reaches it.
  await scrollUnderTopBar(page, '.leaflet-popup', 30);
  if (isPhone(page)) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
  } else {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' }).click();
    await expect(page).toHaveURL(/\/about$/);
  }
});

test('toasts open below the top bar, and the same message twice shows once', async ({ page }) => {
  await page.goto('/commodity-inquiry');
  const submit = page.getByRole('button', { name: 'Submit Inquiry' });
  const message = page.getByText('Please fill all required fields', { exact: true });
  await submit.click();
  await expect(message).toBeVisible();
  await submit.click();
  await expect(page.getByText('Full Name is required')).toBeVisible();
  // The second submit has been handled (its focus request moved to the first invalid field).
  await expect(page.getByLabel(/^Full Name/)).toBeFocused();
  await expect(message).toHaveCount(1);

  const [toastBox, barBox] = await Promise.all([message.boundingBox(), page.locator('.topbar').boundingBox()]);
  expect(toastBox!.y).toBeGreaterThanOrEqual(barBox!.y + barBox!.height);
  expect(await coveredTopBarControls(page, { sweep: false })).toEqual([]);
});
