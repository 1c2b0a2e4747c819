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

test('a sender’s long address in the timeline wraps on a phone instead of widening the page', async ({ page, request }) => {
  // No hyphen or other place a line may break: the address alone is wider than a phone's screen.
  const email = `wendy${'x'.repeat(44)}@longaddresses.example.com`;
  const tag = uniqueTag('Long');
  const name = `Wendy ${tag}`;
  await seedContact(request, { name, email, message: 'Do you ship to Kandla?' });
  await page.setViewportSize(PHONE);
  await openAdmin(page, `/admin/contact-queries?q=${tag}`);
  await page.getByRole('link', { name }).first().click();
  await expect(page.getByRole('list', { name: 'Timeline' })).toContainText(`e-mailed to ${email}`);
  await expectFitsScreen(page);
});
