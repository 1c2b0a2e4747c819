import type { Page } from '@playwright/test';
import { E2E_ADMIN } from '../support/env';
import {
  adminPage,
  createAdmin,
  createStaff,
  expect,
  inquiryValues,
  openAdmin,
  openRecord,
  openSeededInquiry,
  seedContact,
  seedInquiry,
  seedSupplierOffer,
  supplierValues,
  test,
  uniqueTag,
} from './support';

const table = (page: Page) => page.locator('table.records-table');

test.describe('sales desk', () => {
  test("two admins see each other's status and owner changes live, saying who made them", async ({ browser, request }) => {
    const tag = uniqueTag('Desk');
    const values = inquiryValues(tag);
    await seedInquiry(request, values);
    const second = createAdmin(tag);
    const first = await adminPage(browser, `/admin/inquiries?q=${tag}`);
    const other = await adminPage(browser, `/admin/inquiries?q=${tag}`, second);
    await openRecord(other, values.fullName);
    const status = other.getByRole('combobox', { name: 'Status', exact: true });
    await expect(status).toHaveValue('New');

    await first.getByRole('combobox', { name: `Status of ${values.fullName}` }).selectOption('Quoted');
    await expect(status).toHaveValue('Quoted', { timeout: 1500 });
    await expect(other.getByText(`${E2E_ADMIN.email} moved ${values.fullName} to Quoted`)).toBeVisible();
    await expect(other.getByRole('list', { name: 'Timeline' })).toContainText(
      `${E2E_ADMIN.email} changed the status from New to Quoted`,
    );

    await other.getByRole('combobox', { name: 'Owner', exact: true }).selectOption({ label: second.email });
    const row = table(first).locator('tbody tr').first();
    await expect(row.locator('td').last()).toHaveText(second.email, { timeout: 1500 });
    await expect(first.getByText(`${second.email} assigned ${values.fullName} to ${second.email}`)).toBeVisible();
    await first.context().close();
    await other.context().close();
  });

  test('a bulk status change from the list; Spam leaves the default view for its tab', async ({ page, request }) => {
    const tag = uniqueTag('Bulk');
    for (const i of [1, 2, 3])
      await seedContact(request, { name: `Bulk ${tag} ${i}`, email: `b${i}@example.com`, message: 'hi' });
    await openAdmin(page, `/admin/contact-queries?q=${tag}`);
    await expect(table(page).locator('tbody tr')).toHaveCount(3);
    await expect(page.getByRole('button', { name: /^Answered \d+$/ })).toBeVisible();

    await page.getByRole('checkbox', { name: 'Select all shown' }).check();
    await expect(page.getByText('3 selected')).toBeVisible();
    await page.getByRole('combobox', { name: 'Set status of selected' }).selectOption('Answered');
    await expect(page.getByText('3 records changed')).toBeVisible();
    for (const i of [1, 2, 3]) {
      await expect(page.getByRole('combobox', { name: `Status of Bulk ${tag} ${i}` })).toHaveValue('Answered');
    }

    await page.getByRole('checkbox', { name: `Select Bulk ${tag} 1` }).check();
    await page.getByRole('combobox', { name: 'Set status of selected' }).selectOption('Spam');
    await expect(table(page).locator('tbody tr')).toHaveCount(2);
    await page.getByRole('button', { name: /^Spam \d+$/ }).click();
    await expect(page).toHaveURL(/status=Spam/);
    await expect(table(page).locator('tbody tr')).toHaveCount(1);
    await expect(table(page)).toContainText(`Bulk ${tag} 1`);
  });

  test('a status picked while the one before is being saved is saved after it: the last choice wins', async ({ page }) => {
    await openSeededInquiry(page, uniqueTag('Queue'));
    const status = page.getByRole('combobox', { name: 'Status', exact: true });
    await expect(status).toHaveValue('New');

    // The first change is held on its way until the second choice is made.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const changes: string[] = [];
    await page.route('**/api/**', async (route) => {
      if (route.request().method() !== 'PATCH') return route.continue();
      const { status: chosen } = route.request().postDataJSON() as { status: string };
      changes.push(chosen);
      if (changes.length === 1) await held;
      await route.continue();
    });
    const first = page.waitForRequest((r) => r.method() === 'PATCH');
    await status.selectOption('In progress');
    await first;
    await expect(status).toHaveAttribute('aria-busy', 'true');
    await status.selectOption('New');
    await status.selectOption('Quoted');
    await expect(status).toHaveValue('Quoted');
    const second = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.ok() && changes.length === 2);
    release();
    await second;
    await expect(status).not.toHaveAttribute('aria-busy', 'true');
    await expect(status).toHaveValue('Quoted');
    expect(changes).toEqual(['In progress', 'Quoted']);
    await expect(page.getByRole('list', { name: 'Timeline' })).toContainText(
      `${E2E_ADMIN.email} changed the status from In progress to Quoted`,
    );
  });

  test('a note added on the detail view shows in its timeline', async ({ page, request }) => {
    const tag = uniqueTag('Note');
    const values = supplierValues(tag);
    await seedSupplierOffer(request, values);
    await openAdmin(page, `/admin/supplier-inquiries?q=${tag}`);
    await openRecord(page, values.fullName);
    const timeline = page.getByRole('list', { name: 'Timeline' });
    await expect(timeline.locator('li')).toHaveText([/^Received/, new RegExp(`^Confirmation e-mailed to ${values.email}`)]);
    await page.getByLabel('Add a note').fill('Called them: price firm until Friday');
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(timeline.locator('li')).toHaveCount(3);
    await expect(timeline.locator('li').last()).toContainText(`${E2E_ADMIN.email} added a note`);
    await expect(timeline.locator('li').last()).toContainText('Called them: price firm until Friday');
    await expect(page.getByLabel('Add a note')).toHaveValue('');
  });

  test('"Assign to me" on a record and on the selected rows; a record given by a colleague is e-mailed to its new owner', async ({
    browser,
    request,
  }) => {
    const tag = uniqueTag('Mine');
    const [one, two, three] = ['a', 'b', 'c'].map((n) => inquiryValues(`${tag}${n}`));
    for (const values of [one, two, three]) await seedInquiry(request, values);
    const agent = await createStaff(request, 'agent');

    // Given to the agent by a colleague: the agent is e-mailed, and the timeline says so.
    const desk = await adminPage(browser, `/admin/inquiries?q=${tag}a`);
    await openRecord(desk, one.fullName);
    await desk.getByRole('combobox', { name: 'Owner', exact: true }).selectOption({ label: agent.email });
    await expect(desk.getByRole('list', { name: 'Timeline' })).toContainText(`Assignment notice e-mailed to ${agent.email}`);
    await desk.context().close();

    // Taken on the detail view: the owner is the agent at once, the focus stays on it, and no mail goes.
    const page = await adminPage(browser, `/admin/inquiries?q=${tag}`, agent);
    await openRecord(page, two.fullName);
    const owner = page.getByRole('combobox', { name: 'Owner', exact: true });
    await expect(owner.locator('option:checked')).toHaveText('Unassigned');
    await page.getByRole('button', { name: 'Assign to me' }).click();
    await expect(owner.locator('option:checked')).toHaveText(agent.email);
    await expect(owner).toBeFocused();
    await expect(page.getByRole('button', { name: 'Assign to me' })).toHaveCount(0);
    const timeline = page.getByRole('list', { name: 'Timeline' });
    await expect(timeline).toContainText(`${agent.email} assigned it to ${agent.email}`);
    await expect(timeline).not.toContainText('Assignment notice');

    // Taken from the list: every selected row.
    await page.goBack();
    const rows = table(page).locator('tbody tr');
    await expect(rows).toHaveCount(3);
    await page.getByRole('checkbox', { name: 'Select all shown' }).check();
    await page.getByRole('region', { name: 'Change selected' }).getByRole('button', { name: 'Assign to me' }).click();
    await expect(page.getByText('3 records changed')).toBeVisible();
    for (const row of await rows.all()) await expect(row.locator('td').last()).toHaveText(agent.email);
    await page.context().close();
  });
});
