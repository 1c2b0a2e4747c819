import AxeBuilder from '@axe-core/playwright';
import { test as signedOut } from '@playwright/test';
import { expect, inquiryValues, openAdmin, openRecord, seedContact, seedInquiry, test, uniqueTag } from './support';

signedOut.describe('accessibility (axe-core)', () => {
  signedOut('the login page has no violations, with and without an error', async ({ page }) => {
    await page.goto('/admin/login');
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  });
});

test.describe('accessibility (axe-core)', () => {
  test('the dashboard has no violations', async ({ page }) => {
    await openAdmin(page);
    await expect(page.locator('.trend-chart svg')).toBeVisible();
    await expect(page.locator('.stat-card')).toHaveCount(5);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  });

  test('a record with its reason dialog open has no violations, with and without its error', async ({ page, request }) => {
    const buyer = inquiryValues(uniqueTag('Axe'));
    await seedInquiry(request, buyer);
    await openAdmin(page, `/admin/inquiries?q=${encodeURIComponent(buyer.fullName)}`);
    await openRecord(page, buyer.fullName);
    await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('Lost');
    const dialog = page.getByRole('dialog', { name: `Set ${buyer.fullName} to Lost` });
    await expect(dialog.getByRole('radio').first()).toBeFocused();
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await dialog.getByRole('button', { name: 'Set to Lost' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Choose a reason');
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  });

  test('a list and the outbox have no violations, with their rows shown', async ({ page }) => {
    const name = `A11y ${uniqueTag('List')}`;
    await seedContact(page.request, {
      name,
      email: 'a11y-list@example.com',
      message: 'Do you ship copper cathode to Rotterdam?',
    });
    await openAdmin(page, '/admin/contact-queries');
    await expect(page.getByRole('heading', { name: 'Contact Queries', level: 2 })).toBeVisible();
    await expect(page.getByRole('link', { name })).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    // The outbox, holding the message's confirmation.
    await page.getByRole('link', { name: 'Outbox' }).click();
    await expect(page.getByRole('region', { name: 'Outbox mails' }).getByRole('row')).not.toHaveCount(0);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  });

  test('the staff accounts, one’s own account and the audit trail have no violations', async ({ page }) => {
    await openAdmin(page, '/admin/settings');
    await expect(page.getByRole('region', { name: 'Staff accounts' }).getByRole('row')).not.toHaveCount(0);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await page.goto('/admin/account');
    await expect(page.getByRole('region', { name: 'Sessions' }).getByRole('row')).not.toHaveCount(0);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await page.getByRole('link', { name: 'Audit' }).click();
    await expect(page.getByRole('region', { name: 'Audit entries' }).getByRole('row')).not.toHaveCount(0);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  });
});
