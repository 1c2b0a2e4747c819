import { expectFitsScreen } from '../support/screen-width';
import { expect, openAdmin, seedContact, test, uniqueTag } from './support';

/** Runs at 1280 px (desktop project) and 375 px (phone project). */
test('lists are a table on wide screens and cards on phones; the sidebar collapses behind a toggle', async ({
  page,
  request,
}) => {
  const tag = uniqueTag('Card');
  await seedContact(request, { name: `Card ${tag}`, email: 'card@example.com', message: 'Line one\nLine two' });
  await openAdmin(page, `/admin/contact-queries?q=${tag}`);
  const phone = page.viewportSize()!.width < 768;
  const toggle = page.getByRole('button', { name: 'Open menu' });
  const sidebarLink = page.getByRole('link', { name: 'Subscribers' });

  if (phone) {
    const card = page.locator('.record-card');
    await expect(card).toHaveCount(1);
    await expect(page.locator('table.records-table')).toHaveCount(0);
    await expect(card.getByRole('heading', { name: `1. Card ${tag}` })).toBeVisible();
    for (const [label, value] of [
      ['Name', `Card ${tag}`],
      ['Email', 'card@example.com'],
      ['Message', 'Line one\nLine two'],
    ]) {
      const field = card.locator('.card-field', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) });
      expect((await field.locator('dd').innerText()).trim()).toBe(value);
    }
    await expect(card.locator('.card-field dt')).toHaveText(['Name', 'Email', 'Message', 'Received At', 'Reference']);
    // Nothing overflows the phone's width.
    await expectFitsScreen(page);

    await expect(sidebarLink).toBeHidden();
    await toggle.click();
    await expect(sidebarLink).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(sidebarLink).toBeHidden();
    await toggle.click();
    await sidebarLink.click();
    await expect(page).toHaveURL(/\/admin\/subscribers$/);
    await expect(sidebarLink).toBeHidden();
  } else {
    await expect(page.locator('table.records-table tbody tr')).toHaveCount(1);
    await expect(page.locator('.record-card')).toHaveCount(0);
    await expect(toggle).toBeHidden();
    await expect(sidebarLink).toBeVisible();
  }
});
