/** Automatic assignment (docs/admin.md#automatic-assignment): the owner's rule, who is available, and a new record given out live. */
import { E2E_ADMIN } from '../support/env';
import { adminPage, bearerOf, createStaff, expect, openAdmin, seedContact, test, uniqueTag } from './support';

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
