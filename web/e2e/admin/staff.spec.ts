import { E2E_ADMIN } from '../support/env';
import {
  adminPage,
  bearerOf,
  createStaff,
  expect,
  inquiryValues,
  openAdmin,
  PDF_FILE,
  seedInquiry,
  test,
  uniqueTag,
} from './support';

test('a viewer reads everything and can change nothing: no change buttons, and the server refuses', async ({
  browser,
  request,
}) => {
  const tag = uniqueTag('Viewer');
  await seedInquiry(request, inquiryValues(tag));
  const viewer = await createStaff(request, 'viewer');

  const page = await adminPage(browser, `/admin/inquiries?q=${tag}`, viewer);
  await expect(page.getByRole('link', { name: 'Audit' })).toHaveCount(0);
  await page.getByRole('link', { name: `Jane ${tag}` }).click();
  await expect(page.getByRole('heading', { name: `Jane ${tag}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Erase record' })).toHaveCount(0);
  const id = page.url().split('/').pop()!;

  await page.goto('/admin/settings');
  await expect(page.getByRole('heading', { name: 'Settings Page' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Staff accounts' })).toHaveCount(0);

  const headers = await bearerOf(request, viewer);
  expect((await request.delete(`/api/inquiry/inquiries/${id}`, { headers })).status()).toBe(403);
  expect((await request.get('/api/admin/staff', { headers })).status()).toBe(403);
  expect((await request.get(`/api/inquiry/inquiries/${id}`, { headers })).status()).toBe(200);
  await page.context().close();
});

test('an owner erases a record: it leaves the list, its file is gone, the audit trail names only kind and id', async ({
  page,
  request,
}) => {
  const tag = uniqueTag('Erase');
  await seedInquiry(request, inquiryValues(tag), PDF_FILE);
  await openAdmin(page, `/admin/inquiries?q=${tag}`);
  await page.getByRole('link', { name: `Jane ${tag}` }).click();
  const fileUrl = await page.locator(`iframe[title="${PDF_FILE.name}"]`).getAttribute('src');
  expect((await request.get(fileUrl!)).status()).toBe(200);
  const id = page.url().split('/').pop()!;

  await page.getByRole('button', { name: 'Erase record' }).click();
  await page.getByRole('button', { name: 'Erase for good' }).click();
  await expect(page.getByText('Record erased')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin/inquiries\\?q=${tag}$`));
  await expect(page.locator('table.records-table tbody tr')).toHaveCount(0);
  expect((await request.get(fileUrl!)).status()).toBe(404);

  // Back on the erased record's address (as the browser's back button does): while its detail is
  // asked for again, nothing of it shows from before, then it is not found.
  let answerDetail!: () => void;
  const detailHeld = new Promise<void>((resolve) => (answerDetail = resolve));
  await page.route(`**/api/inquiry/inquiries/${id}`, async (route) => {
    await detailHeld;
    await route.continue();
  });
  await page.evaluate((path) => {
    history.pushState(null, '', path);
    dispatchEvent(new PopStateEvent('popstate'));
  }, `/admin/inquiries/${id}`);
  await expect(page.getByText('Loading...')).toBeVisible();
  await expect(page.getByRole('heading', { name: `Jane ${tag}` })).toHaveCount(0);
  answerDetail();
  await expect(page.getByText('Error: Not found')).toBeVisible();
  await page.unrouteAll();

  await page.getByRole('link', { name: 'Audit' }).click();
  await page.getByLabel('Action').selectOption('record-erased');
  const entry = page.getByRole('row').filter({ hasText: id });
  await expect(entry).toContainText(`inquiry ${id}`);
  await expect(entry).toContainText(E2E_ADMIN.email);
  await expect(page.getByText(tag)).toHaveCount(0);
});
