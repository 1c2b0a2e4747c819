import type { Page } from '@playwright/test';
import { ADMIN_LISTS, composeSupplierOffer, fieldsShownIn, SUPPLIER_OFFER, wireName } from '@sourcing/shared';
import { noMatchText } from '../../src/admin/filters/list-search';
import {
  CONTACTS,
  INQUIRIES,
  LIST_DEFINITIONS,
  SUBSCRIBERS,
  SUPPLIER_INQUIRIES,
  type ListDefinition,
} from '../../src/admin/lists/list-definitions';
import {
  expect,
  inquiryValues,
  openAdmin,
  PDF_FILE,
  PNG_FILE,
  seedContact,
  seedInquiry,
  seedSubscriber,
  seedSupplierOffer,
  supplierValues,
  test,
  uniqueTag,
} from './support';

const table = (page: Page) => page.locator('table.records-table');

async function expectHeaders(page: Page, definition: ListDefinition) {
  await expect(table(page).locator('thead th')).toHaveText(['S.No', ...definition.columns.map((c) => c.header)]);
}

/** The cells of one table row as header -> text. */
async function rowValues(page: Page, definition: ListDefinition, rowIndex = 0): Promise<Record<string, string>> {
  const cells = await table(page).locator('tbody tr').nth(rowIndex).locator('td').allInnerTexts();
  const headers = ['S.No', ...definition.columns.map((c) => c.header)];
  return Object.fromEntries(headers.map((h, i) => [h, cells[i]?.trim() ?? '']));
}

/** Dates are shown in the viewer's locale: the text equals the browser's toLocaleString of the ISO time. */
async function expectLocaleDates(page: Page) {
  const times = table(page).locator('tbody tr').first().locator('time');
  const count = await times.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const [iso, text] = await times.nth(i).evaluate((el) => [el.getAttribute('datetime')!, el.textContent]);
    expect(text).toBe(await page.evaluate((t) => new Date(t).toLocaleString(), iso));
  }
}

test.describe('admin lists', () => {
  test('inquiries: the columns and values of docs/admin.md#all-inquiries, the attachment opens in a new tab', async ({
    page,
    request,
    context,
  }) => {
    const tag = uniqueTag('Inq');
    const values = inquiryValues(tag);
    await seedInquiry(request, values, PNG_FILE);
    await openAdmin(page, `/admin/inquiries?q=${tag}`);
    await expect(page.getByRole('heading', { name: 'All Inquiries' })).toBeVisible();
    await expectHeaders(page, INQUIRIES);
    await expect(table(page).locator('tbody tr')).toHaveCount(1);
    expect(await rowValues(page, INQUIRIES)).toMatchObject({
      'S.No': '1',
      'Full Name': values.fullName,
      'Company Name': values.companyName,
      Designation: values.designation,
      'GST Number': values.gstNumber,
      'Phone Number': values.phoneNumber,
      Email: values.email,
      // The one address text ('1 Harbour Road, Mumbai, India'), each part once.
      Address: '1 Harbour Road, Mumbai',
      Country: 'India',
      'User Type': values.userType,
      Commodities: values.selectedCommodities.join(', '),
      'Other Commodity': values.otherCommodity,
      Quantity: values.quantity,
      Unit: values.unit,
      'Technical Specs': values.techSpecs,
      'Packaging Type': values.packagingType,
      'Destination Country': values.destinationCountry,
      'Destination Port': values.destinationPort,
      'Dispatch Mode': values.dispatchMode,
      'Payment Terms': values.paymentTerms,
      Comments: values.additionalComments,
      Attachment: `View ${PNG_FILE.name}`,
    });
    await expectLocaleDates(page);

    const popup = context.waitForEvent('page');
    const fileResponse = context.waitForEvent('response', (r) => r.url().includes('/api/uploads/'));
    await table(page).getByRole('link', { name: 'View' }).click();
    const tab = await popup;
    const response = await fileResponse;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('image/png');
    expect(tab.url()).toBe(response.url());
  });

  test('inquiries without a file show a dash', async ({ page, request }) => {
    const tag = uniqueTag('NoFile');
    await seedInquiry(request, inquiryValues(tag));
    await openAdmin(page, `/admin/inquiries?q=${tag}`);
    await expect(table(page).locator('tbody tr')).toHaveCount(1);
    expect((await rowValues(page, INQUIRIES)).Attachment).toBe('-');
  });

  test('supplier submissions: the columns and values of docs/admin.md#supplier-product-submissions, numbered file links', async ({
    page,
    request,
  }) => {
    const tag = uniqueTag('Sup');
    const values = supplierValues(tag);
    await seedSupplierOffer(request, values, [PNG_FILE, PDF_FILE]);
    await openAdmin(page, `/admin/supplier-inquiries?q=${tag}`);
    await expect(page.getByRole('heading', { name: 'Supplier Product Submissions' })).toBeVisible();
    await expectHeaders(page, SUPPLIER_INQUIRIES);
    await expect(table(page).locator('tbody tr')).toHaveCount(1);
    expect(await rowValues(page, SUPPLIER_INQUIRIES)).toMatchObject({
      'Full Name': values.fullName,
      'Company Name': values.companyName,
      'Product Name': values.productName,
      'Product Category': values.productCategory,
      'Supply Capacity': `${values.supplyCapacity} MT/month`,
      Unit: 'MT',
      'Min Order Quantity': `${values.minOrderQuantity} MT`,
      'Price Per Unit': `USD ${values.pricePerUnit} per MT`,
      Currency: 'USD',
      Incoterm: 'FOB',
      'Origin Country': values.originCountry,
      'Port Of Loading': values.portOfLoading,
      'Export Capability': 'Yes',
      'Export Markets': values.exportMarkets,
      Certifications: values.certifications.join(', '),
      'Private Labeling': 'No',
    });
    // Every text field shows what was sent under its label, a field added to the definition since included.
    const sent: Record<string, unknown> = composeSupplierOffer(values);
    const row = await rowValues(page, SUPPLIER_INQUIRIES);
    for (const field of fieldsShownIn(SUPPLIER_OFFER, 'list').filter((f) => f.kind === 'text' || f.kind === 'longText')) {
      const text = String(sent[wireName(field)]);
      expect(row[field.label], field.key).toBe(field.display ? field.display(text) : text);
    }
    const links = table(page)
      .locator('tbody tr')
      .first()
      .getByRole('link', { name: /^View \d$/ });
    await expect(links).toHaveText(['View 1', 'View 2']);
    // Each link is followed by its file's name, which also describes it to assistive technology.
    await expect(links.nth(0)).toHaveAccessibleDescription(PNG_FILE.name);
    await expect(links.nth(1)).toHaveAccessibleDescription(PDF_FILE.name);
    const attachments = (await rowValues(page, SUPPLIER_INQUIRIES)).Attachments.split('\n');
    expect(attachments).toEqual([`View 1 ${PNG_FILE.name}`, `View 2 ${PDF_FILE.name}`]);
    await expectLocaleDates(page);
  });

  test('contact queries: the columns of docs/admin.md#contact-queries, message line breaks kept', async ({ page, request }) => {
    const tag = uniqueTag('Con');
    const email = `${tag.toLowerCase()}@mail.example.com`;
    await seedContact(request, { name: `Omar ${tag}`, email, message: 'First line\nSecond line' });
    await openAdmin(page, `/admin/contact-queries?q=${tag}`);
    await expectHeaders(page, CONTACTS);
    await expect(table(page).locator('tbody tr')).toHaveCount(1);
    expect(await rowValues(page, CONTACTS)).toMatchObject({
      'S.No': '1',
      Name: `Omar ${tag}`,
      Email: email,
      Message: 'First line\nSecond line',
    });
    await expectLocaleDates(page);
  });

  test('subscribers: the columns and values of docs/admin.md#subscribers-list', async ({ page, request }) => {
    const email = `${uniqueTag('sub')}@news.example.com`;
    await seedSubscriber(request, email);
    await openAdmin(page, `/admin/subscribers?q=${email}`);
    await expect(page.getByRole('heading', { name: 'Subscribers List' })).toBeVisible();
    await expectHeaders(page, SUBSCRIBERS);
    expect(await rowValues(page, SUBSCRIBERS)).toMatchObject({ 'S.No': '1', Email: email });
    await expectLocaleDates(page);
  });

  for (const definition of LIST_DEFINITIONS) {
    const listUrl = `**/api${ADMIN_LISTS[definition.name].path}?*`;

    test(`${definition.title}: loading, empty and error texts`, async ({ page }) => {
      await openAdmin(page);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(listUrl, async (route) => {
        await held;
        await route.continue();
      });
      const q = uniqueTag('nothing-matches-');
      // Searched, an empty list says what was looked for.
      const emptyText = noMatchText(definition.name, definition.noun, { q, status: null, filters: {} });
      await page.goto(`/admin/${definition.route}?q=${q}`);
      await expect(page.getByText(definition.loadingText)).toBeVisible();
      release();
      await expect(page.getByText(emptyText, { exact: true })).toBeVisible();

      await page.unroute(listUrl);
      await page.route(listUrl, (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Database unavailable' }) }),
      );
      await page.reload();
      await expect(page.getByRole('alert')).toHaveText(definition.errorText('Database unavailable'));

      // Retry loads the list again, without reloading the app.
      await page.unroute(listUrl);
      await page.getByRole('button', { name: 'Retry' }).click();
      await expect(page.getByText(emptyText, { exact: true })).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(0);
    });
  }

  test('subscribers show the error text only', async ({ page }) => {
    await openAdmin(page);
    await page.route('**/api/subscribers?*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Database unavailable' }) }),
    );
    await page.getByRole('link', { name: 'Subscribers' }).click();
    await expect(page.getByRole('alert')).toHaveText('Database unavailable');
  });

  test('search narrows the list on the server and is kept in the URL', async ({ page, request }) => {
    // The page's clock runs as usual, and the test can run it ahead past the search debounce.
    await page.clock.install();
    const tag = uniqueTag('Srch');
    await seedContact(request, { name: `Alpha ${tag}`, email: 'alpha@example.com', message: 'copper please' });
    await seedContact(request, { name: `Beta ${tag}`, email: 'beta@example.com', message: 'cobalt please' });
    await openAdmin(page, `/admin/contact-queries?q=${tag}`);
    await expect(table(page).locator('tbody tr')).toHaveCount(2);
    // Newest first.
    await expect(table(page).locator('tbody tr').first()).toContainText(`Beta ${tag}`);

    const requests: string[] = [];
    page.on('request', (r) => r.url().includes('/api/contact?') && requests.push(new URL(r.url()).searchParams.get('q') ?? ''));
    const search = page.getByRole('searchbox', { name: 'Search Contact Queries' });
    await search.fill('');
    await search.pressSequentially(`Alpha ${tag}`, { delay: 20 });
    await expect(table(page).locator('tbody tr')).toHaveCount(1);
    await expect(table(page)).toContainText(`Alpha ${tag}`);
    await expect(page).toHaveURL(new RegExp(`q=Alpha(\\+|%20)${tag}`));
    // Debounced: one request for the settled text, not one per key.
    expect(requests.filter((q) => q.startsWith('Alpha')).length).toBeLessThanOrEqual(2);

    await page.reload();
    await expect(search).toHaveValue(`Alpha ${tag}`);
    await expect(table(page).locator('tbody tr')).toHaveCount(1);

    // The sidebar link shows the whole list again, and the search box follows the URL.
    await page.getByRole('link', { name: /^Contact Queries/ }).click();
    await expect(search).toHaveValue('');
    await page.clock.runFor(1000); // past the debounce: the stale search text must not come back

    await expect(page).toHaveURL(/\/admin\/contact-queries$/);
  });

  test('further pages load with the cursor as "Load more" comes into view', async ({ page, request }) => {
    const tag = uniqueTag('page');
    for (const n of [1, 2, 3, 4, 5]) await seedSubscriber(request, `${tag}-${n}@pages.example.com`);
    // Two rows a page, through the real API and its cursor.
    await page.route('**/api/subscribers?*', (route) => {
      const url = new URL(route.request().url());
      if (url.searchParams.get('limit') === '50') url.searchParams.set('limit', '2');
      return route.continue({ url: url.toString() });
    });
    const cursors: string[] = [];
    page.on('request', (r) => {
      const cursor = new URL(r.url()).searchParams.get('cursor');
      if (r.url().includes('/api/subscribers?') && cursor) cursors.push(cursor);
    });
    await openAdmin(page, `/admin/subscribers?q=${tag}`);
    await expect(table(page).locator('tbody tr')).toHaveCount(5);
    await expect(page.getByText('Showing 5 of 5')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
    expect(cursors.length).toBeGreaterThanOrEqual(2);
    await expect(table(page).locator('tbody tr td:nth-child(2)')).toHaveText(
      [5, 4, 3, 2, 1].map((n) => `${tag}-${n}@pages.example.com`),
    );
  });

  test('the detail view shows every field and previews images and PDFs', async ({ page, request }) => {
    const tag = uniqueTag('Det');
    const values = supplierValues(tag);
    await seedSupplierOffer(request, values, [PNG_FILE, PDF_FILE]);
    await openAdmin(page, `/admin/supplier-inquiries?q=${tag}`);
    await table(page)
      .getByRole('link', { name: `Sam ${tag}` })
      .click();
    await expect(page.getByRole('heading', { name: `Sam ${tag}`, level: 2 })).toBeVisible();
    const fields = page.locator('.detail-fields');
    for (const column of SUPPLIER_INQUIRIES.details) await expect(fields.getByText(column.header, { exact: true })).toBeVisible();
    await expect(fields).toContainText(`USD ${values.pricePerUnit} per MT`);
    await expect(fields).toContainText(values.certifications.join(', '));
    const image = page.getByRole('img', { name: PNG_FILE.name });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    // The PDF is framed from its signed link (whether the API lets it be framed is its CSP's call).
    await expect(page.locator(`iframe[title="${PDF_FILE.name}"]`)).toHaveAttribute('src', /\/api\/uploads\/[^?]+\?.*sig=/);
    await expect(page.getByRole('link', { name: 'Open' })).toHaveCount(2);
    await page.getByRole('link', { name: /Back to Supplier Product Submissions/ }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/supplier-inquiries\\?q=${tag}$`));
    await expect(table(page).locator('tbody tr')).toHaveCount(1);
  });

  // Chromium's PDF viewer, which takes the focus as it loads, is in full Chromium only (not its headless shell).
  test(
    'a PDF preview loading leaves the focus where the keyboard user put it',
    { tag: '@full-chromium' },
    async ({ page, request }) => {
      const tag = uniqueTag('Pdf');
      const values = supplierValues(tag);
      await seedSupplierOffer(request, values, [PDF_FILE]);
      await openAdmin(page, `/admin/supplier-inquiries?q=${tag}`);
      // The PDF is held back until the focus is in the note box; the page notes when the viewer takes the focus.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/uploads/**', async (route) => {
        await held;
        await route.continue();
      });
      await page.evaluate(() => {
        window.addEventListener('blur', () => {
          if (document.activeElement instanceof HTMLIFrameElement) document.body.dataset.viewerTookFocus = 'yes';
        });
      });
      await table(page)
        .getByRole('link', { name: `Sam ${tag}` })
        .click();
      await page.mouse.move(0, 0);
      const note = page.getByLabel('Add a note');
      await note.focus();
      release();
      await expect(page.locator('body')).toHaveAttribute('data-viewer-took-focus', 'yes', { timeout: 15_000 });
      await expect(note).toBeFocused();
      await page.keyboard.type('Price firm until Friday');
      await expect(note).toHaveValue('Price firm until Friday');
      await expect(page.locator(`iframe[title="${PDF_FILE.name}"]`)).toHaveAttribute('tabindex', '-1');
    },
  );
});
