import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { backdateRecord } from '@sourcing/api/test/server-database';
import { defaultResponseTargetSettings } from '@sourcing/shared';
import { E2E_ADMIN, E2E_DATA_DIR } from '../support/env';
import { bearerOf, expect, openAdmin, seedContact, test, uniqueTag } from './support';

const ZONE = 'Asia/Kolkata';
const HOUR = 3_600_000;
const card = (page: Page) => page.getByRole('region', { name: 'Response targets' });
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/** The calendar day `daysAgo` days before today in the desk's zone, as YYYY-MM-DD. */
const dayInZone = (daysAgo: number) => new Date(Date.now() - daysAgo * 24 * HOUR).toLocaleDateString('en-CA', { timeZone: ZONE });

/** Sets the contact messages' target, a desk open round the clock and the holidays through the Settings form, as an owner. */
async function saveSettings(page: Page, holidays: string[]) {
  await openAdmin(page, '/admin/settings');
  const form = card(page);
  await form.getByLabel('Contact Queries').fill('60');
  await form.getByLabel('Time zone').fill(ZONE);
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) {
    await form.getByLabel(day, { exact: true }).fill('00:00-24:00');
  }
  await form.getByLabel(/^Holidays/).fill(holidays.join('\n'));
  await form.getByLabel('Warn this many minutes before the target').fill('30');
  await form.getByRole('button', { name: 'Save response targets' }).click();
  await expect(toast(page, 'Response targets saved')).toBeVisible();
}

test.describe('response targets', () => {
  test.afterEach(async ({ request }) => {
    // The other tests' records have no target.
    const headers = await bearerOf(request, E2E_ADMIN);
    expect(
      (await request.put('/api/admin/response-targets', { data: defaultResponseTargetSettings(ZONE), headers })).status(),
    ).toBe(200);
  });

  test('a record crosses its target only when the calendar says so: closed hours do not count, open ones do', async ({
    page,
  }) => {
    // Today and the two days before are holidays: a record that came two hours ago has used none of its hour.
    await saveSettings(page, [dayInZone(0), dayInZone(1), dayInZone(2)]);
    const tag = uniqueTag('Target');
    const name = `Target ${tag}`;
    const reference = await seedContact(page.request, { name, email: `${tag.toLowerCase()}@example.com`, message: 'Any news?' });
    backdateRecord(E2E_DATA_DIR, 'contact_messages', reference, 2 * HOUR);

    await openAdmin(page, `/admin/contact-queries?q=${tag}`);
    const row = page.locator('table.records-table').getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Response due');
    await openAdmin(page, `/admin/contact-queries?q=${tag}&response=at-risk`);
    await expect(page.getByText(`No contact messages match “${tag}” with response: at risk.`)).toBeVisible();

    // The At risk view counts what it shows, as the status tabs do, and the count follows live.
    await openAdmin(page, `/admin/contact-queries?q=${tag}`);
    const atRisk = page.getByRole('navigation', { name: 'Follow-up views' }).getByRole('link', { name: /^At risk/ });
    await expect(atRisk).toHaveText(/^At risk \d+$/);
    const before = Number((await atRisk.textContent())!.replace(/\D/g, ''));

    // Without the holidays the desk was open all along: the hour ran out an hour ago.
    const openAllWeek = defaultResponseTargetSettings(ZONE);
    openAllWeek.targets.contacts = 60;
    for (const day of Object.keys(openAllWeek.calendar.week) as (keyof typeof openAllWeek.calendar.week)[]) {
      openAllWeek.calendar.week[day] = [{ open: '00:00', close: '24:00' }];
    }
    const headers = await bearerOf(page.request, E2E_ADMIN);
    expect((await page.request.put('/api/admin/response-targets', { data: openAllWeek, headers })).status()).toBe(200);
    await expect(toast(page, `Response target missed: ${name}`)).toBeVisible();
    await expect(atRisk).toHaveText(`At risk ${before + 1}`);

    await atRisk.click();
    await expect(page).toHaveURL(/\?response=at-risk$/);
    await openAdmin(page, `/admin/contact-queries?q=${tag}&response=at-risk`);
    await expect(row).toContainText('Response missed');
    await row.getByRole('link', { name }).click();
    const target = page.getByRole('region', { name: 'Response target' });
    await expect(target).toContainText('First response due by');
    await expect(target.getByText('Missed', { exact: true })).toBeVisible();
  });

  test('the settings form shows what was saved and refuses what is not opening hours', async ({ page }) => {
    await saveSettings(page, ['2030-12-25']);
    await page.reload();
    const form = card(page);
    await expect(form.getByLabel('Contact Queries')).toHaveValue('60');
    await expect(form.getByLabel('Time zone')).toHaveValue(ZONE);
    await expect(form.getByLabel('Sunday', { exact: true })).toHaveValue('00:00-24:00');
    await expect(form.getByLabel(/^Holidays/)).toHaveValue('2030-12-25');

    // The weekdays are a grid, a row each: the day's name, then its hours in one column; the
    // holidays have a fieldset of their own; the fields look like the Settings page's others.
    const rows = await Promise.all(
      ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map(async (day) => {
        const input = (await form.getByLabel(day, { exact: true }).boundingBox())!;
        const name = (await form.getByText(day, { exact: true }).boundingBox())!;
        return { input, name };
      }),
    );
    for (const [i, { input, name }] of rows.entries()) {
      expect(input.x).toBe(rows[0].input.x);
      expect(name.x).toBeLessThan(input.x);
      expect(Math.abs(name.y + name.height / 2 - (input.y + input.height / 2))).toBeLessThan(4);
      if (i > 0) expect(input.y).toBeGreaterThan(rows[i - 1].input.y + rows[i - 1].input.height);
    }
    await expect(form.getByRole('group', { name: 'Holidays' }).getByLabel(/^Holidays/)).toBeVisible();
    const looks = (label: string | RegExp) =>
      form.getByLabel(label).evaluate((field) => {
        const style = getComputedStyle(field);
        return `${style.borderTopWidth} ${style.borderTopColor} ${style.borderTopLeftRadius} ${style.paddingLeft} ${style.fontSize}`;
      });
    const fieldStyle = await looks('Time zone');
    for (const label of ['Contact Queries', 'Monday', /^Holidays/, 'Warn this many minutes before the target']) {
      expect(await looks(label)).toBe(fieldStyle);
    }
    expect(
      (await new AxeBuilder({ page }).include('#response-targets-title').include('.response-target-form').analyze()).violations,
    ).toEqual([]);

    await form.getByLabel('Monday', { exact: true }).fill('nine to five');
    await form.getByRole('button', { name: 'Save response targets' }).click();
    await expect(toast(page, 'Write opening hours as 09:00-17:00, several separated by commas')).toBeVisible();
    await expect(form.getByLabel('Monday', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await form.getByLabel('Monday', { exact: true }).fill('17:00-09:00');
    await form.getByRole('button', { name: 'Save response targets' }).click();
    await expect(toast(page, 'A closing time must come after its opening time')).toBeVisible();
  });
});
