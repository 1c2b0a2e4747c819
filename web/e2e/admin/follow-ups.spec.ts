import type { Page } from '@playwright/test';
import { ADMIN_LISTS, type ContactMessageRecord, type ListPage } from '@sourcing/shared';
import { E2E_ADMIN } from '../support/env';
import { adminPage, bearerOf, createStaff, expect, openAdmin, openSeededInquiry, seedContact, test, uniqueTag } from './support';

const table = (page: Page) => page.locator('table.records-table');
const panel = (page: Page) => page.getByRole('region', { name: 'Follow-up' });

/** A time `seconds` from now as a datetime-local value in the browser's own time zone (seconds kept). */
const localTime = (page: Page, seconds: number) =>
  page.evaluate((offset) => {
    const time = new Date(Date.now() + offset * 1000);
    const pad = (n: number) => String(n).padStart(2, '0');
    const day = `${time.getFullYear()}-${pad(time.getMonth() + 1)}-${pad(time.getDate())}`;
    return `${day}T${pad(time.getHours())}:${pad(time.getMinutes())}:${pad(time.getSeconds())}`;
  }, seconds);

/** Seeds a buyer inquiry and opens it from its list, taken by the signed-in admin (the follow-up views are the admin's own). */
async function openOwnInquiry(page: Page, tag: string) {
  const values = await openSeededInquiry(page, tag);
  await page.getByRole('button', { name: 'Assign to me' }).click();
  await expect(page.getByRole('combobox', { name: 'Owner', exact: true }).locator('option:checked')).toHaveText(E2E_ADMIN.email);
  return values;
}

test.describe('follow-ups and snooze', () => {
  test('a follow-up reminds its owner at its time; "My follow-ups today" lists it until it is cleared', async ({ page }) => {
    const tag = uniqueTag('Follow');
    const values = await openOwnInquiry(page, tag);
    await expect(panel(page)).toContainText('No follow-up set');

    await panel(page)
      .getByLabel('Follow up on')
      .fill(await localTime(page, 2));
    await panel(page).getByLabel('Note (optional)').fill('Call about the LC');
    await panel(page).getByRole('button', { name: 'Set follow-up' }).click();
    await expect(page.getByText('Follow-up set', { exact: true })).toBeVisible();
    await expect(panel(page).getByText(/^Follow up on \d/)).toBeVisible();
    await expect(panel(page).getByText('Call about the LC', { exact: true })).toBeVisible();
    // The job checks every 250 ms: the reminder comes live to this page, its owner's.
    await expect(page.getByText(`Follow up: ${values.fullName} — Call about the LC`)).toBeVisible({ timeout: 10_000 });

    await page.getByRole('link', { name: /Back to/ }).click();
    await page.getByRole('navigation', { name: 'Follow-up views' }).getByRole('link', { name: 'My follow-ups today' }).click();
    await expect(page).toHaveURL(/owner=mine&followUp=today/);
    await expect(page.getByRole('link', { name: 'My follow-ups today' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('combobox', { name: 'Follow-ups' })).toHaveValue('today');
    const row = table(page).getByRole('row').filter({ hasText: values.fullName });
    await expect(row).toContainText('Follow up');

    await row.getByRole('link', { name: values.fullName }).click();
    await panel(page).getByRole('button', { name: 'Clear' }).click();
    await expect(page.getByText('Follow-up cleared', { exact: true })).toBeVisible();
    await expect(panel(page)).toContainText('No follow-up set');
    await expect(panel(page).getByLabel('Follow up on')).toBeFocused();
    await page.getByRole('link', { name: /Back to/ }).click();
    await expect(page).toHaveURL(/followUp=today/);
    await expect(table(page).getByRole('row').filter({ hasText: values.fullName })).toHaveCount(0);
  });

  test('a snoozed record leaves the list until its snooze ends; "Only snoozed" shows it', async ({ page }) => {
    const tag = uniqueTag('Snooze');
    const values = await openSeededInquiry(page, tag);
    const snooze = panel(page).getByRole('group', { name: 'Snooze' });

    // The server's word goes under the field.
    const until = snooze.getByLabel('Snooze until');
    await until.fill(await localTime(page, -3600));
    await snooze.getByRole('button', { name: 'Snooze', exact: true }).click();
    await expect(until).toHaveAttribute('aria-invalid', 'true');
    await expect(until).toHaveAccessibleDescription(/Snooze until a time in the future/);

    await snooze.getByRole('button', { name: 'Tomorrow 9:00' }).click();
    await snooze.getByRole('button', { name: 'Snooze', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: /^Snoozed until \d/ })).toBeVisible();
    await expect(until).not.toHaveAttribute('aria-invalid');
    await expect(panel(page)).toContainText('hidden from the working lists until then or until the customer replies');

    await page.getByRole('link', { name: /Back to/ }).click();
    await expect(page.getByText(`No buyer inquiries match “${tag}”.`)).toBeVisible();
    await page.getByRole('combobox', { name: 'Snoozed' }).selectOption('Only snoozed');
    await expect(page).toHaveURL(/snoozed=only/);
    const row = table(page).getByRole('row').filter({ hasText: values.fullName });
    await expect(row).toContainText('Snoozed');

    await row.getByRole('link', { name: values.fullName }).click();
    await panel(page).getByRole('button', { name: 'End snooze' }).click();
    await expect(page.getByText('Snooze ended', { exact: true })).toBeVisible();
    await expect(panel(page)).not.toContainText('Snoozed until');
    await page.getByRole('link', { name: /Back to/ }).click();
    await expect(page.getByText(`No buyer inquiries match “${tag}” with snoozed: only snoozed.`)).toBeVisible();
    await page.getByRole('combobox', { name: 'Snoozed' }).selectOption('Hidden');
    await expect(table(page).getByRole('row').filter({ hasText: values.fullName })).not.toContainText('Snoozed');
  });

  test('a follow-up whose time has passed is listed under "Overdue"', async ({ page }) => {
    const tag = uniqueTag('Overdue');
    const values = await openOwnInquiry(page, tag);
    await panel(page)
      .getByLabel('Follow up on')
      .fill(await localTime(page, -3600));
    await panel(page).getByRole('button', { name: 'Set follow-up' }).click();
    await expect(page.getByText('Follow-up set', { exact: true })).toBeVisible();
    await expect(panel(page).getByText('Due', { exact: true })).toBeVisible();

    await page.getByRole('link', { name: /Back to/ }).click();
    await page
      .getByRole('navigation', { name: 'Follow-up views' })
      .getByRole('link', { name: /^Overdue/ })
      .click();
    await expect(page).toHaveURL(/owner=mine&followUp=overdue/);
    await expect(table(page).getByRole('row').filter({ hasText: values.fullName })).toContainText('Follow up');
  });

  test('a viewer reads the follow-up card without its forms', async ({ browser, page }) => {
    const tag = uniqueTag('Viewer');
    await seedContact(page.request, { name: `Viewer ${tag}`, email: `${tag.toLowerCase()}@example.com`, message: 'Hello' });
    await openAdmin(page, `/admin/contact-queries?q=${tag}`);
    await page.getByRole('link', { name: `Viewer ${tag}` }).click();
    await panel(page)
      .getByLabel('Follow up on')
      .fill(await localTime(page, 3600));
    await panel(page).getByLabel('Note (optional)').fill('Send the brochure');
    await panel(page).getByRole('button', { name: 'Set follow-up' }).click();
    await expect(page.getByText('Follow-up set', { exact: true })).toBeVisible();

    const viewer = await adminPage(browser, `/admin/contact-queries?q=${tag}`, await createStaff(page.request, 'viewer'));
    await viewer.getByRole('link', { name: `Viewer ${tag}` }).click();
    await expect(panel(viewer).getByText('Send the brochure', { exact: true })).toBeVisible();
    await expect(panel(viewer).getByText(/^Follow up on \d/)).toBeVisible();
    await expect(panel(viewer).getByLabel('Follow up on')).toHaveCount(0);
    await expect(panel(viewer).getByRole('button')).toHaveCount(0);
    await viewer.context().close();
  });

  test('"Sort by" orders a list by follow-up, soonest or latest first, records without one last', async ({ page, request }) => {
    const tag = uniqueTag('SortFollow');
    for (const name of ['Later', 'None', 'Sooner']) {
      await seedContact(request, { name: `${name} ${tag}`, email: `${name.toLowerCase()}@example.com`, message: 'hi' });
    }
    const headers = await bearerOf(request, E2E_ADMIN);
    const path = `/api${ADMIN_LISTS.contacts.path}`;
    const listed = (await (await request.get(`${path}?q=${tag}`, { headers })).json()) as ListPage<ContactMessageRecord>;
    const idOf = (name: string) => listed.data.find((r) => r.name === `${name} ${tag}`)!._id;
    const day = 24 * 60 * 60_000;
    for (const [name, days] of [
      ['Sooner', 2],
      ['Later', 5],
    ] as const) {
      const at = new Date(Date.now() + days * day).toISOString();
      expect((await request.put(`${path}/${idOf(name)}/follow-up`, { data: { at }, headers })).status()).toBe(200);
    }
    await openAdmin(page, `/admin/contact-queries?q=${tag}`);
    const names = table(page).locator('tbody tr td:nth-child(2)');
    const inOrder = (...order: string[]) => order.map((name) => new RegExp(`${name} ${tag}`));
    await expect(names).toHaveText(inOrder('Sooner', 'None', 'Later'));
    const sortBy = page.getByRole('combobox', { name: 'Sort by' });
    await expect(sortBy).toHaveValue('newest');

    await sortBy.selectOption({ label: 'Follow-up, soonest first' });
    await expect(page).toHaveURL(/sort=followUpAt/);
    await expect(names).toHaveText(inOrder('Sooner', 'Later', 'None'));
    await sortBy.selectOption({ label: 'Follow-up, latest first' });
    await expect(page).toHaveURL(/sort=-followUpAt/);
    await expect(names).toHaveText(inOrder('Later', 'Sooner', 'None'));
    // A header's order shows in the dropdown too.
    await table(page).getByRole('button', { name: /^Name/ }).click();
    await expect(sortBy.locator('option:checked')).toHaveText('Name, ascending');
  });
});
