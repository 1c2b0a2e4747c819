import { expect, seriousAxeViolations, SITE_ORIGIN, test } from './site-test';

/** docs/site.md#page-metadata-and-seo: each page's own title, description and canonical URL (home is the root). */
const PAGES = [
  { path: '/', title: 'Global Commodities Sourcing | Indus Global Sourcing', canonical: '/', h1: 'Global Commodities Sourcing' },
  { path: '/about', title: 'About Us | Indus Global Sourcing', canonical: '/about', h1: 'About Indus Global Sourcing' },
  { path: '/contact', title: 'Contact Us | Indus Global Sourcing', canonical: '/contact', h1: 'Get in Touch' },
  { path: '/no-such-page', title: 'Page Not Found | Indus Global Sourcing', canonical: '/404', h1: '404' },
];

for (const { path, title, canonical, h1 } of PAGES) {
  test(`${path} has its heading, title, description, canonical URL and no serious accessibility issue`, async ({ page }) => {
    // Without motion every card is in place at once, so axe sees the page as it settles.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
    await expect(page).toHaveTitle(title);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${SITE_ORIGIN}${canonical}`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{40,}/);
    await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()}`);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
}

test('an unknown path answers 404 with the not-found page and a way home', async ({ page }) => {
  const response = await page.goto('/commodities/unknown');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
  await expect(page.getByText('Oops! Page not found.')).toBeVisible();
  await page.getByRole('link', { name: 'Go Back Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Global Commodities Sourcing' })).toBeVisible();
});

test('navigating between pages updates the title and canonical URL', async ({ page }) => {
  await page.goto('/about');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).click();
  await expect(page).toHaveTitle('Contact Us | Indus Global Sourcing');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${SITE_ORIGIN}/contact`);
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
});

test('About shows the mission, values and innovation cards, both promoters and a Contact Us link', async ({ page }) => {
  await page.goto('/about');
  for (const card of ['Our Mission', 'Our Values', 'Innovation']) {
    await expect(page.getByRole('heading', { level: 3, name: card })).toBeVisible();
  }
  await expect(page.getByRole('heading', { level: 2, name: 'Meet Our Promoters' })).toBeVisible();
  const promoters = page.locator('.promoter');
  await expect(promoters).toHaveCount(2);
  await expect(promoters.nth(0)).toContainText('construction-equipment finance');
  await expect(promoters.nth(1)).toContainText('fintech and banking expert');
  await page.getByRole('link', { name: 'Contact Us' }).click();
  await expect(page).toHaveURL(/\/contact$/);
});
