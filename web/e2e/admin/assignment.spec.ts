/** Automatic assignment (docs/admin.md#automatic-assignment): the owner's rule, who is available, and a new record given out live. */
import type { APIRequestContext } from '@playwright/test';
import type { StaffAccount } from '@sourcing/shared';
import { E2E_ADMIN } from '../support/env';
import { adminPage, bearerOf, createStaff, expect, openAdmin, seedContact, test, uniqueTag } from './support';

/** Marks staff accounts available or away, as an owner does on the Settings page. */
async function markAvailable(request: APIRequestContext, ids: string[], available: boolean) {
  const headers = await bearerOf(request, E2E_ADMIN);
  for (const id of ids) {
    const marked = await request.patch(`/api/admin/staff/${id}`, { data: { available }, headers });
    expect(marked.status(), await marked.text()).toBe(200);
  }
}

test.describe('automatic assignment', () => {
  test('an owner marks an agent available and turns it on for contact messages: the next one is theirs, and they are told live', async ({
    page,
    browser,
    request,
  }) => {
    const agent = await createStaff(request, 'agent');
    await openAdmin(page, '/admin/settings');
    const available = page.getByRole('checkbox', { name: `${agent.email} is available for new records` });
    await available.click();
    await expect(page.getByText('Marked available', { exact: true })).toBeVisible();
    await expect(available).toBeChecked();

    const contacts = page.getByRole('group', { name: 'Contact Queries' });
    await contacts.getByLabel('Assign new records automatically').check();
    await contacts.getByLabel('Open records per person').fill('5');
    await contacts.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Assignment rule saved', { exact: true })).toBeVisible();
    await page.reload();
    await expect(
      page.getByRole('group', { name: 'Contact Queries' }).getByLabel('Assign new records automatically'),
    ).toBeChecked();
    await expect(page.getByRole('group', { name: 'Contact Queries' }).getByLabel('Open records per person')).toHaveValue('5');

    // This worker's server runs its tests one at a time: the rule is put back before the next one.
    try {
      const desk = await adminPage(browser, '/admin/contact-queries', agent);
      const name = `Auto ${uniqueTag('Asg')}`;
      await seedContact(request, { name, email: 'auto@example.com', message: 'Who answers this?' });
      await expect(desk.getByText(`Automatic assignment assigned ${name} to ${agent.email}`)).toBeVisible();
      const row = desk.locator('table.records-table tbody tr', { hasText: name });
      await expect(row.locator('td').last()).toHaveText(agent.email);
      await row.getByRole('link', { name }).click();
      await expect(desk.getByRole('list', { name: 'Timeline' })).toContainText(
        `Automatic assignment assigned it to ${agent.email}`,
      );
      await expect(desk.getByRole('list', { name: 'Timeline' })).toContainText(`Assignment notice e-mailed to ${agent.email}`);

      // Away: the agent unticks it on their own account page, and the owner's list shows it.
      await desk.goto('/admin/account');
      await desk.getByLabel('Available for new records').uncheck();
      await expect(desk.getByText('Marked away', { exact: true })).toBeVisible();
      await desk.reload();
      await expect(desk.getByLabel('Available for new records')).not.toBeChecked();
      await page.reload();
      await expect(page.getByRole('checkbox', { name: `${agent.email} is available for new records` })).not.toBeChecked();
      await desk.context().close();
    } finally {
      const headers = await bearerOf(request, E2E_ADMIN);
      const off = await request.put('/api/admin/assignment-rules/contacts', {
        data: { automatic: false, openCap: null },
        headers,
      });
      expect(off.status()).toBe(200);
    }
  });
});

test('round robin spreads 100 new contact messages across the 4 available agents within one each, passing over the agent away', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const headers = await bearerOf(request, E2E_ADMIN);
  const staffNow = async () => (await (await request.get('/api/admin/staff', { headers })).json()) as StaffAccount[];
  // Whoever other tests left available is away during this one, and available again after it.
  const availableBefore = (await staffNow()).filter((account) => account.available).map((account) => account.id);
  const created = [];
  for (let i = 0; i < 5; i += 1) created.push(await createStaff(request, 'agent'));
  const accounts = await staffNow();
  const [away, ...available] = created.map((agent) => accounts.find((account) => account.email === agent.email)!);
  await markAvailable(request, availableBefore, false);
  await markAvailable(
    request,
    available.map((account) => account.id),
    true,
  );

  await openAdmin(page, '/admin/settings');
  const contacts = page.getByRole('group', { name: 'Contact Queries' });
  await contacts.getByLabel('Assign new records automatically').check();
  await contacts.getByLabel('Open records per person').fill('');
  await contacts.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Assignment rule saved', { exact: true })).toBeVisible();
  try {
    const tag = uniqueTag('Rr');
    for (let i = 0; i < 100; i += 1) {
      await seedContact(request, { name: `${tag} ${i}`, email: `rr${i}@example.com`, message: 'Who answers this one?' });
    }

    // What each sees in the list: "Showing n of <their share>", searched for this test's records and filtered by owner.
    const shareOf = async (ownerId: string) => {
      await openAdmin(page, `/admin/contact-queries?q=${tag}&owner=${ownerId}`);
      const summary = page.getByRole('status').filter({ hasText: /^Showing \d+ of \d+$|^No / });
      await expect(summary).toBeVisible();
      const text = (await summary.textContent()) ?? '';
      return Number(/of (\d+)$/.exec(text)?.[1] ?? 0);
    };
    const shares = [];
    for (const account of available) shares.push(await shareOf(account.id));
    expect(shares.reduce((sum, share) => sum + share, 0)).toBe(100);
    expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
    expect(await shareOf(away.id)).toBe(0);
    expect(await shareOf('unassigned')).toBe(0);
  } finally {
    const off = await request.put('/api/admin/assignment-rules/contacts', { data: { automatic: false, openCap: null }, headers });
    expect(off.status()).toBe(200);
    await markAvailable(
      request,
      available.map((account) => account.id),
      false,
    );
    await markAvailable(request, availableBefore, true);
  }
});
