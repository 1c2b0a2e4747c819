/** A record's page fits a phone's width whatever its dropdowns hold (docs/admin.md#detail-view). */
import { createLongAddressedStaff, expect, openAdmin, seedContact, test, uniqueTag } from './support';

test('a long staff address among the owners does not widen a record’s page past a phone’s screen', async ({ page, request }) => {
  const email = await createLongAddressedStaff(request);
  const tag = uniqueTag('Wide');
  const name = `Wendy ${tag}`;
  await seedContact(request, { name, email: 'wendy@example.com', message: 'Do you ship to Kandla?' });
  await page.setViewportSize({ width: 375, height: 740 });
  await openAdmin(page, `/admin/contact-queries?q=${tag}`);
  await page.getByRole('link', { name }).first().click();
  await expect(page.getByRole('combobox', { name: 'Owner', exact: true })).toContainText(email);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
