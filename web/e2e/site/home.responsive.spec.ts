import { COMMODITY_GROUPS } from '@sourcing/shared';
import type { Page } from '@playwright/test';
import { expect, isPhone, test } from './site-test';

const commodities = (page: Page) => page.locator('#commodities');

/** Distance of the commodities section's top from the viewport's top, in px. */
const commoditiesTop = (page: Page) =>
  page.evaluate(() => Math.round(document.getElementById('commodities')?.getBoundingClientRect().top ?? Number.NaN));

/** The section's top sits just under the fixed top bar once the smooth scroll has ended. */
const expectScrolledToCommodities = (page: Page) =>
  expect
    .poll(async () => {
      const top = await commoditiesTop(page);
      return top >= 0 && top < 120;
    })
    .toBe(true);

test('the hero offers Explore Commodities (scrolls to the section) and Contact Sales', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Global Commodities Sourcing' })).toBeVisible();
  await page.getByRole('link', { name: 'Explore Commodities' }).click();
  await expectScrolledToCommodities(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('link', { name: 'Contact Sales' }).click();
  await expect(page).toHaveURL(/\/contact$/);
});

test('the commodities section shows both groups with every commodity, origin, flag and grade', async ({ page }) => {
  await page.goto('/');
  for (const group of COMMODITY_GROUPS) {
    const section = commodities(page).getByRole('region', { name: group.name });
    await expect(section.getByRole('heading', { level: 3, name: group.name })).toBeVisible();
    await expect(section.locator('.commodity-card')).toHaveCount(group.items.length);
    for (const item of group.items) {
      const card = section.locator('.commodity-card', { has: page.getByRole('link', { name: item.name, exact: true }) });
      await expect(card.locator('img')).toHaveAttribute('src', /\/assets\/.+\.svg$/);
      const chips = card.locator('.commodity-card__countries li');
      await expect(chips).toHaveText(item.countries.map((c) => c.name));
      await expect(chips.locator('svg')).toHaveCount(item.countries.length);
      const grades = (item.grades ?? []).map((g) => (typeof g === 'string' ? g : `${g.grade} (${g.country})`));
      await expect(card.locator('.commodity-card__grades li')).toHaveText(grades);
      await expect(card.getByText('Quality', { exact: true })).toHaveCount(grades.length ? 1 : 0);
    }
  }
});

test('the commodity grid has 1, 2 or 3 columns by width', async ({ page }) => {
  await page.goto('/');
  const columns = () =>
    commodities(page)
      .locator('.card-grid')
      .first()
      .evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(' ').length);
  expect(await columns()).toBe(isPhone(page) ? 1 : 3);
  await page.setViewportSize({ width: 700, height: 800 });
  expect(await columns()).toBe(2);
});

test('a commodity card opens the inquiry form with that commodity ticked', async ({ page }) => {
  await page.goto('/');
  const card = page.locator('.commodity-card', { has: page.getByRole('link', { name: 'Iron Ore', exact: true }) });
  await card.click();
  await expect(page).toHaveURL(/\/commodity-inquiry$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Commodity Inquiry Form' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Iron ore (Fe 62+)' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Copper Cathode' })).not.toBeChecked();
});

test('Commodities from another page goes home and lands at the commodities section', async ({ page }) => {
  await page.goto('/about');
  if (isPhone(page)) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Commodities' }).click();
  } else {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Commodities' }).click();
  }
  // Clicked before the app has loaded, the prerendered link's own href (/#commodities) lands there too.
  await expect(page).toHaveURL(/\/(#commodities)?$/);
  await expectScrolledToCommodities(page);
  // The scroll request is cleared, so a reload starts at the top like any visit.
  expect(await page.evaluate(() => (history.state as { usr?: unknown } | null)?.usr ?? null)).toBeNull();
});

test('the footer Commodities link scrolls there from home', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Commodities' }).click();
  await expectScrolledToCommodities(page);
});

test('how it works has three steps and why choose us the four selling points', async ({ page }) => {
  await page.goto('/');
  const steps = page.getByRole('region', { name: 'Sourcing in three steps' }).getByRole('heading', { level: 3 });
  await expect(steps).toHaveText(['Send your requirement', 'We source & verify', 'Delivery & support']);
  const points = page.getByRole('region', { name: 'A partner you can audit' }).getByRole('heading', { level: 3 });
  await expect(points).toHaveText(['Trusted Global Network', 'Verified Compliance', 'Transparent Pricing', 'End-to-End Support']);
});

/** docs/site.md#global-reach-map: the six markers and what each popup says. */
const MARKERS = [
  ['Democratic Republic of Congo', 'Copper and cobalt'],
  ['Zambia', 'Copper'],
  ['Sri Lanka', 'Gems'],
  ['Spain', 'Olive oil'],
  ['Indonesia', 'Coal and timber'],
  ['South Africa', 'Coal and minerals'],
] as const;

test('the Global Reach map shows six markers whose popups give flag, country and focus, without tiles', async ({ page }) => {
  await page.goto('/');
  const map = page.locator('.global-reach__map');
  await map.scrollIntoViewIfNeeded();
  await expect(map.locator('.leaflet-container')).toHaveCSS('height', '600px');
  const markers = map.locator('.leaflet-marker-icon');
  await expect(markers).toHaveCount(6);
  // Leaflet's own marker picture, bundled (inlined or as an asset), never fetched from a CDN.
  await expect(markers.first()).toHaveAttribute('src', /^data:image\/png|^\/assets\/marker-icon/);
  for (const [country, focus] of MARKERS) {
    // Keyboard opens them wherever the map has panned (each popup pans the map to fit).
    const marker = map.getByRole('button', { name: country });
    await marker.focus();
    await page.keyboard.press('Enter');
    // The previous popup fades out while this one opens.
    const popup = map.locator('.leaflet-popup-content').filter({ has: page.getByText(country, { exact: true }) });
    await expect(popup.locator('.reach-popup__country')).toHaveText(country);
    await expect(popup.locator('.reach-popup__focus')).toHaveText(focus);
    await expect(popup.locator('svg.reach-popup__flag')).toBeVisible();
    await expect(map.locator('.leaflet-popup-content')).toHaveCount(1);
  }
  await map.getByRole('button', { name: /close popup/i }).click();
  await expect(map.locator('.leaflet-popup-content')).toHaveCount(0);
});

test('the map starts centred on 10/20 at zoom 2 with scroll-wheel zoom off', async ({ page }) => {
  await page.goto('/');
  const map = page.locator('.global-reach__map');
  await map.scrollIntoViewIfNeeded();
  await expect(map.locator('.leaflet-marker-icon')).toHaveCount(6);
  const zoomBefore = await map.locator('.leaflet-proxy').getAttribute('style');
  const box = (await map.boundingBox())!;
  const scrollBefore = await page.evaluate(() => window.scrollY);
  await page.mouse.move(box.x + box.width / 2, box.y + 200);
  await page.mouse.wheel(0, -400);
  // The wheel scrolled the page, so the map did not take it (a zooming map would have stopped the scroll).
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(scrollBefore);
  expect(await map.locator('.leaflet-proxy').getAttribute('style')).toBe(zoomBefore);
  await expect(page.locator('.leaflet-control-zoom-in')).toBeVisible();
});

test('Industries We Serve shows its six cards', async ({ page }) => {
  await page.goto('/');
  const industries = page.getByRole('region', { name: 'Industries We Serve' }).getByRole('heading', { level: 3 });
  await expect(industries).toHaveText([
    'Manufacturing',
    'Agriculture',
    'Energy & Fuel',
    'Jewelry & Gemstones',
    'Construction',
    'Trade & Logistics',
  ]);
});

test.describe('with motion', () => {
  test.use({ reducedMotion: 'no-preference' });
  test('cards below the fold fade in once, 800 ms each with a 100 ms stagger', async ({ page }) => {
    await page.goto('/');
    const industries = page.getByRole('region', { name: 'Industries We Serve' }).locator('.feature-card');
    await expect(industries.first()).toHaveAttribute('data-reveal', 'hidden');
    await industries.first().scrollIntoViewIfNeeded();
    await expect(industries.nth(0)).toHaveAttribute('data-reveal', 'shown');
    await expect(industries.nth(0)).toHaveCSS('transition-duration', /0\.8s/);
    await expect(industries.nth(1)).toHaveCSS('transition-delay', /0\.1s/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(industries.nth(0)).toHaveAttribute('data-reveal', 'shown');
  });
});

test.describe('with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });
  test('nothing animates: no hidden cards and a still sphere', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('.sphere')).toHaveCSS('animation-name', 'none');
    await expect(page.locator('[data-reveal="hidden"]')).toHaveCount(0);
  });
});
