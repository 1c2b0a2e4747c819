/** The filter bar above a list, its URL, the text of an empty result, and the column chooser (docs/admin.md#filters). */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { INQUIRIES } from '../../src/admin/lists/list-definitions';
import { adminPage, createStaff, expect, inquiryValues, openAdmin, PNG_FILE, seedInquiry, test, uniqueTag } from './support';

const rows = (page: Page) => page.locator('table.records-table tbody tr');
const filters = (page: Page) => page.getByRole('group', { name: 'Filters' });
const paramsOf = (page: Page) => new URL(page.url()).searchParams;

test.describe('list filters', () => {
  test('filters narrow the list, live in the URL (reload, Back, Forward, a shared link), and "Clear filters" empties them', async ({
    page,
    request,
    browser,
  }) => {
    const tag = uniqueTag('Flt');
    await seedInquiry(
      request,
      inquiryValues(tag, { fullName: `Trader ${tag}`, userType: 'Trader', dispatchMode: 'CIF', destinationCountry: 'India' }),
      PNG_FILE,
    );
    await seedInquiry(
      request,
      inquiryValues(tag, { fullName: `User ${tag}`, userType: 'End User', dispatchMode: 'FOB', destinationCountry: 'Kenya' }),
    );
    await openAdmin(page, `/admin/inquiries?q=${tag}`);
    await expect(rows(page)).toHaveCount(2);

    await filters(page).getByLabel('User Type').selectOption({ label: 'Trader / Agent' });
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(`Trader ${tag}`);
    expect(paramsOf(page).get('userType')).toBe('Trader');

    await filters(page).getByLabel('Has attachment').selectOption('no');
    const empty = `No buyer inquiries match “${tag}” with user type: Trader / Agent, has attachment: no.`;
    await expect(page.getByText(empty, { exact: true })).toBeVisible();

    await page.reload();
    await expect(page.getByText(empty, { exact: true })).toBeVisible();
    await expect(filters(page).getByLabel('User Type')).toHaveValue('Trader');
    await expect(filters(page).getByLabel('Has attachment')).toHaveValue('no');

    await page.goBack();
    await expect(rows(page)).toHaveCount(1);
    await expect(filters(page).getByLabel('Has attachment')).toHaveValue('');
    await page.goForward();
    await expect(page.getByText(empty, { exact: true })).toBeVisible();

    await filters(page).getByRole('button', { name: 'Clear filters' }).click();
    await expect(filters(page).getByLabel('User Type')).toHaveValue('');
    await expect(page.getByRole('searchbox', { name: `Search ${INQUIRIES.title}` })).toHaveValue('');
    expect([...paramsOf(page).keys()]).toEqual([]);
    await expect(filters(page).getByRole('button', { name: 'Clear filters' })).toHaveCount(0);

    // The search typed again at once after the clear applies (it is not lost to the debounce).
    await page.getByRole('searchbox', { name: `Search ${INQUIRIES.title}` }).fill(tag);
    await expect.poll(() => paramsOf(page).get('q')).toBe(tag);
    await expect(rows(page)).toHaveCount(2);
    // A typed filter (with suggestions) applies on Enter, ignoring case; the owner filter says "mine".
    await filters(page).getByLabel('Destination Country').fill('kenya');
    await filters(page).getByLabel('Destination Country').press('Enter');
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(`User ${tag}`);
    await filters(page).getByLabel('Owner').selectOption({ label: 'Mine' });
    await expect(
      page.getByText(`No buyer inquiries match “${tag}” with destination country: kenya, owner: mine.`, { exact: true }),
    ).toBeVisible();

    // The link, opened by a colleague, shows the same.
    const shared = new URL(page.url());
    const other = await adminPage(browser, shared.pathname + shared.search);
    await expect(other.getByText(/^No buyer inquiries match .* owner: mine\.$/)).toBeVisible();
    await other.context().close();
  });

  test('"Export CSV" exports what the filters show', async ({ page, request }) => {
    const tag = uniqueTag('FltCsv');
    await seedInquiry(request, inquiryValues(tag, { fullName: `Cif ${tag}`, dispatchMode: 'CIF' }));
    await seedInquiry(request, inquiryValues(tag, { fullName: `Fob ${tag}`, dispatchMode: 'FOB' }));
    await openAdmin(page, `/admin/inquiries?q=${tag}&dispatchMode=CIF`);
    await expect(rows(page)).toHaveCount(1);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(new URL(file.url()).searchParams.get('dispatchMode')).toBe('CIF');
    const csv = (await readFile(await file.path())).toString('utf8');
    expect(csv).toContain(`Cif ${tag}`);
    expect(csv).not.toContain(`Fob ${tag}`);
  });

  test('a wide list has a column chooser remembered for the admin, and keeps its first column in view', async ({
    browser,
    request,
  }) => {
    // An account of its own: the column choice is the staff member's, kept on the server, and other tests run meanwhile.
    const agent = await createStaff(request, 'agent');
    const tag = uniqueTag('Cols');
    await seedInquiry(request, inquiryValues(tag));
    const page = await adminPage(browser, `/admin/inquiries?q=${tag}`, agent);
    await expect(rows(page)).toHaveCount(1);
    const header = page.locator('table.records-table thead th');
    await expect(header.filter({ hasText: /^Purity$/ })).toHaveCount(1);

    await page.getByText('Columns', { exact: true }).click();
    const chooser = page.getByRole('group', { name: 'Shown columns' });
    await expect(chooser.getByLabel('Full Name')).toBeDisabled();
    await chooser.getByLabel('Purity', { exact: true }).uncheck();
    await chooser.getByLabel('GST Number').uncheck();
    await expect(header.filter({ hasText: /^Purity$/ })).toHaveCount(0);
    await expect(header.filter({ hasText: /^GST Number$/ })).toHaveCount(0);

    await page.reload();
    await expect(rows(page)).toHaveCount(1);
    await expect(header.filter({ hasText: /^Purity$/ })).toHaveCount(0);
    await page.getByText('Columns', { exact: true }).click();
    await page.getByRole('group', { name: 'Shown columns' }).getByLabel('GST Number').check();
    await page.getByText('Columns', { exact: true }).click();

    await page.getByText('Columns', { exact: true }).click();
    await page.getByRole('group', { name: 'Shown columns' }).getByLabel('Purity', { exact: true }).check();
    await expect(header.filter({ hasText: /^Purity$/ })).toHaveCount(1);
    await page.getByText('Columns', { exact: true }).click();

    // Scrolled sideways, S.No and the name stay where they were.
    const name = rows(page).first().locator('td').nth(1);
    const before = await name.boundingBox();
    await page.locator('.table-scroll').evaluate((el) => (el.scrollLeft = 800));
    await expect.poll(() => page.locator('.table-scroll').evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    expect((await name.boundingBox())!.x).toBeCloseTo(before!.x, 0);
  });

  test('a column unticked while the saved choice is still loading stays unticked when it arrives', async ({
    browser,
    request,
  }) => {
    const agent = await createStaff(request, 'agent');
    const tag = uniqueTag('ColsLate');
    await seedInquiry(request, inquiryValues(tag));
    const page = await adminPage(browser, `/admin/inquiries?q=${tag}`, agent);
    const choicesPath = '/api/admin/column-choices';
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route(`**${choicesPath}`, async (route) => {
      // Read from the server now (nothing hidden yet), handed to the page after the click.
      const saved = await route.fetch();
      await answered;
      await route.fulfill({ response: saved });
    });
    const asked = page.waitForRequest((request) => new URL(request.url()).pathname === choicesPath);
    await page.reload();
    await expect(rows(page)).toHaveCount(1);
    await asked;

    const header = page.locator('table.records-table thead th');
    await page.getByText('Columns', { exact: true }).click();
    const purity = page.getByRole('group', { name: 'Shown columns' }).getByLabel('Purity', { exact: true });
    await purity.uncheck();
    await expect(header.filter({ hasText: /^Purity$/ })).toHaveCount(0);

    // The saved choice (nothing hidden) arrives after the click: it does not put the column back.
    answer();
    await page.waitForFunction(
      (path) => performance.getEntriesByType('resource').some((entry) => new URL(entry.name).pathname === path),
      choicesPath,
    );
    await expect(purity).not.toBeChecked();
    await expect(header.filter({ hasText: /^Purity$/ })).toHaveCount(0);
    await page.unroute(`**${choicesPath}`);
    await page.reload();
    await expect(rows(page)).toHaveCount(1);
    await expect(header.filter({ hasText: /^Purity$/ })).toHaveCount(0);
  });
});
