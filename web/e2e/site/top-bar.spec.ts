import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './site-test';

test.describe('top bar on a desktop', () => {
  test('highlights the link of the current page only', async ({ page }) => {
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [path, label] of [
      ['/', 'Home'],
      ['/about', 'About Us'],
      ['/contact', 'Contact'],
    ] as const) {
      await page.goto(path);
      await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('aria-current', 'page');
      await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    }
  });

  test('Get Quote opens a dropdown whose options close it and navigate', async ({ page }) => {
    await page.goto('/about');
    const toggle = page.getByRole('button', { name: 'Get Quote' });
    const option = page.getByRole('link', { name: 'Commodity Form' });
    await expect(option).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('link', { name: 'Supply Hub Form' })).toBeVisible();
    await toggle.click();
    await expect(option).toBeHidden();

    await toggle.click();
    await page.keyboard.press('Escape');
    await expect(option).toBeHidden();

    await toggle.click();
    await option.click();
    await expect(page).toHaveURL(/\/commodity-inquiry$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Commodity Inquiry Form' })).toBeVisible();
    await expect(option).toBeHidden();

    await toggle.click();
    await page.getByRole('link', { name: 'Supply Hub Form' }).click();
    await expect(page).toHaveURL(/\/supplier-inquiry$/);
    await expect(page.getByRole('link', { name: 'Supply Hub Form' })).toBeHidden();
  });

  test("the logo link's name holds the words it shows, on home and on the forms (axe label-content-name-mismatch)", async ({
    page,
  }) => {
    for (const path of ['/', '/commodity-inquiry', '/supplier-inquiry']) {
      await page.goto(path);
      const brand = page.getByRole('link', { name: 'Indus Global Sourcing Simplified, home' });
      await expect(brand).toBeVisible();
      const results = await new AxeBuilder({ page }).include('.topbar').withRules(['label-content-name-mismatch']).analyze();
      expect(results.violations).toEqual([]);
      // The rule looked at the logo link (it would pass a page it skipped).
      const checked = results.passes.find((rule) => rule.id === 'label-content-name-mismatch')?.nodes ?? [];
      expect(checked.map((node) => node.target.join(' '))).toContain('.topbar__brand');
    }
  });

  test('the logo leads home and the mobile menu button is not shown', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
    await page.getByRole('link', { name: 'Indus Global Sourcing Simplified, home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a route change scrolls to the top', async ({ page }) => {
    await page.goto('/about');
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('top bar on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('a collapsible menu replaces the desktop links and closes when a link is chosen', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const open = page.getByRole('button', { name: 'Open menu' });
    await open.click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();

    await open.click();
    await menu.getByRole('link', { name: 'About Us' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(menu).toBeHidden();

    await open.click();
    await menu.getByRole('link', { name: 'Supply Hub Form' }).click();
    await expect(page).toHaveURL(/\/supplier-inquiry$/);
    await expect(menu).toBeHidden();

    await open.click();
    await menu.getByRole('link', { name: 'Commodity Form' }).click();
    await expect(page).toHaveURL(/\/commodity-inquiry$/);
    await expect(menu).toBeHidden();
  });
});
