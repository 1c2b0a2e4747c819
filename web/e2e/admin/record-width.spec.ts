/** A record's page fits a phone's width whatever its dropdowns hold (docs/admin.md#detail-view). */
import { expectFitsScreen, PHONE } from '../support/screen-width';
import { createLongAddressedStaff, expect, openAdmin, seedContact, test, uniqueTag } from './support';

test('a long staff address among the owners does not widen a record’s page past a phone’s screen', async ({ page, request }) => {
  const email = await createLongAddressedStaff(request);
  const tag = uniqueTag('Wide');
  const name = `Wendy ${tag}`;
  await seedContact(request, { name, email: 'wendy@example.com', message: 'Do you ship to Kandla?' });
  await page.setViewportSize(PHONE);
  await openAdmin(page, `/admin/contact-queries?q=${tag}`);
  await page.getByRole('link', { name }).first().click();
  await expect(page.getByRole('combobox', { name: 'Owner', exact: true })).toContainText(email);
  await expectFitsScreen(page);
});
