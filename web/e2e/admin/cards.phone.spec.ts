import { expect, inquiryValues, openAdmin, seedInquiry, test, uniqueTag } from './support';

/** Runs in the phone project only (375 px): cards are the phone layout. */
test('on a phone an inquiry card lists only the fields that have a value', async ({ page, request }) => {
  const tag = uniqueTag('Sparse');
  const empty = {
    designation: '',
    gstNumber: '',
    selectedCommodities: ['Coal'],
    otherCommodity: '',
    purity: '',
    techSpecs: '',
    packagingType: '',
    packagingSize: '',
    specialPackaging: '',
  };
  await seedInquiry(request, inquiryValues(tag, empty));
  await openAdmin(page, `/admin/inquiries?q=${tag}`);
  const card = page.locator('.record-card');
  await expect(card).toHaveCount(1);
  const labels = await card.locator('.card-field dt').allInnerTexts();
  for (const label of [
    'Designation',
    'GST Number',
    'Other Commodity',
    'Purity',
    'Technical Specs',
    'Packaging Type',
    'Attachment',
  ]) {
    expect(labels).not.toContain(label);
  }
  const filled = ['Full Name', 'Email', 'Address', 'Country', 'Commodities', 'Quantity', 'Created At'];
  expect(labels).toEqual(expect.arrayContaining(filled));
  for (const value of await card.locator('.card-field dd').allInnerTexts()) expect(value.trim()).not.toBe('');
});
