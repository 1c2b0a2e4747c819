import { E2E_ADMIN } from '../support/env';
import {
  adminPage,
  expect,
  inquiryValues,
  openAdmin,
  openRecord,
  seedInquiry,
  seedSupplierOffer,
  supplierValues,
  test,
  uniqueTag,
} from './support';

test.describe('matching', () => {
  test('an inquiry shows the offers of its commodity best first; linking one shows on both records and in both timelines', async ({
    browser,
    page,
    request,
  }) => {
    const tag = uniqueTag('Match');
    const commodity = `Scandium ${tag}`;
    const buyer = inquiryValues(tag, { selectedCommodities: ['Others'], otherCommodity: commodity });
    const similar = supplierValues(`${tag}b`, { productName: `${tag} Oxide`, originCountry: 'Chile' });
    const same = supplierValues(`${tag}a`, { productName: commodity, originCountry: 'Norway', pricePerUnit: '1234' });
    // The similar offer is the newer one: a same commodity still ranks first.
    await seedSupplierOffer(request, same);
    await seedSupplierOffer(request, similar);
    await seedInquiry(request, buyer);

    await openAdmin(page, `/admin/inquiries?q=${tag}`);
    await openRecord(page, buyer.fullName);
    const matches = page.getByRole('list', { name: 'Matching supplier offers' });
    const first = matches.getByRole('listitem').first();
    await expect(first).toContainText(same.fullName);
    await expect(first).toContainText('Same commodity');
    await expect(first).toContainText('Norway');
    await expect(first).toContainText('USD 1234 per MT');
    await expect(matches.getByRole('listitem').filter({ hasText: similar.fullName })).toContainText('Similar commodity');

    // A second admin has the offer open: the link reaches it live.
    const offerPath = await first.getByRole('link', { name: same.fullName }).getAttribute('href');
    const other = await adminPage(browser, offerPath!);
    await expect(other.getByText('No buyer inquiry linked yet.')).toBeVisible();

    await page.getByRole('button', { name: `Link ${same.fullName}` }).click();
    await expect(other.getByRole('list', { name: 'Linked buyer inquiries' })).toContainText(buyer.fullName, { timeout: 1500 });
    await other.context().close();
    const linked = page.getByRole('list', { name: 'Linked supplier offers' });
    await expect(linked).toContainText(same.fullName);
    await expect(first).toContainText('Linked');
    const timeline = page.getByRole('list', { name: 'Timeline' });
    await expect(timeline.locator('li').last()).toContainText(`${E2E_ADMIN.email} linked supplier offer ${same.fullName}`);

    await linked.getByRole('link', { name: same.fullName }).click();
    await expect(page.getByRole('heading', { name: same.fullName })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Linked buyer inquiries' })).toContainText(buyer.fullName);
    await expect(page.getByRole('list', { name: 'Matching buyer inquiries' }).getByRole('listitem').first()).toContainText(
      buyer.fullName,
    );
    await expect(page.getByRole('list', { name: 'Timeline' }).locator('li').last()).toContainText(
      `${E2E_ADMIN.email} linked buyer inquiry ${buyer.fullName}`,
    );

    await page.getByRole('button', { name: `Unlink ${buyer.fullName}` }).click();
    await expect(page.getByText('No buyer inquiry linked yet.')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Timeline' }).locator('li').last()).toContainText(
      `${E2E_ADMIN.email} unlinked buyer inquiry ${buyer.fullName}`,
    );
  });
});
