import type { Page } from '@playwright/test';
import { outcomeReasonsOf } from '@sourcing/shared';
import { E2E_ADMIN } from '../support/env';
import { expect, inquiryValues, openAdmin, openRecord, openSeededInquiry, seedInquiry, test, uniqueTag } from './support';

/** The desk panel's read field (Reason, Source) of the record shown. */
const deskFact = (page: Page, name: string) =>
  page
    .locator('.desk-panel .desk-field')
    .filter({ has: page.getByRole('term').getByText(name, { exact: true }) })
    .getByRole('definition');

test.describe('outcome reasons', () => {
  test('setting a record to Lost asks why; the reason shows beside its status and on its timeline; Cancel changes nothing', async ({
    page,
  }) => {
    const buyer = await openSeededInquiry(page, uniqueTag('Reason'));
    const status = page.getByRole('combobox', { name: 'Status', exact: true });
    await expect(deskFact(page, 'Source')).toHaveText('Site form');
    await expect(deskFact(page, 'Reason')).toHaveCount(0);

    await status.selectOption('Lost');
    const dialog = page.getByRole('dialog', { name: `Set ${buyer.fullName} to Lost` });
    // Every reason of the definition, none chosen yet, the focus on the first.
    const reasons = dialog.getByRole('group', { name: 'Why Lost?' }).getByRole('radio');
    const lostReasons = outcomeReasonsOf('inquiries', 'Lost') ?? [];
    for (const [i, reason] of lostReasons.entries()) await expect(reasons.nth(i)).toHaveAccessibleName(reason);
    await expect(reasons).toHaveCount(lostReasons.length);
    await expect(reasons.first()).toBeFocused();
    await expect(dialog.getByRole('radio', { checked: true })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Set to Lost' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Choose a reason');
    await dialog.getByRole('radio', { name: 'Price too high' }).check();
    const saved = page.waitForResponse((r) => r.request().method() === 'PATCH');
    await dialog.getByRole('button', { name: 'Set to Lost' }).click();
    expect((await saved).status()).toBe(200);
    await expect(dialog).toHaveCount(0);
    await expect(status).toHaveValue('Lost');
    await expect(status).toBeFocused();
    await expect(deskFact(page, 'Reason')).toHaveText('Price too high');
    await expect(page.getByRole('list', { name: 'Timeline' })).toContainText(
      `${E2E_ADMIN.email} changed the status from New to Lost: Price too high`,
    );

    // Cancel: no change is sent, the status and its reason stay.
    let patched = false;
    page.on('request', (r) => (patched ||= r.method() === 'PATCH'));
    await status.selectOption('Won');
    const won = page.getByRole('dialog', { name: `Set ${buyer.fullName} to Won` });
    await won.getByRole('radio', { name: 'Best price' }).check();
    await won.getByRole('button', { name: 'Cancel' }).click();
    await expect(won).toHaveCount(0);
    await expect(status).toHaveValue('Lost');
    await expect(deskFact(page, 'Reason')).toHaveText('Price too high');
    expect(patched).toBe(false);

    // Moving on clears the reason.
    await status.selectOption('Quoted');
    await expect(page.getByRole('list', { name: 'Timeline' })).toContainText('changed the status from Lost to Quoted');
    await expect(deskFact(page, 'Reason')).toHaveCount(0);
  });

  test('a bulk change to Won asks one reason for all the selected records', async ({ page, request }) => {
    const tag = uniqueTag('BulkReason');
    const buyers = [1, 2].map((n) => inquiryValues(`${tag}${n}`));
    for (const buyer of buyers) await seedInquiry(request, buyer);
    await openAdmin(page, `/admin/inquiries?q=${tag}`);
    await expect(page.locator('table.records-table tbody tr')).toHaveCount(2);
    await page.getByRole('checkbox', { name: 'Select all shown' }).check();
    await page.getByRole('combobox', { name: 'Set status of selected' }).selectOption('Won');
    const dialog = page.getByRole('dialog', { name: 'Set 2 records to Won' });
    await dialog.getByRole('radio', { name: 'Existing relationship' }).check();
    await dialog.getByRole('button', { name: 'Set to Won' }).click();
    await expect(page.getByText('2 records changed')).toBeVisible();

    await openRecord(page, buyers[0].fullName);
    await expect(page.getByRole('combobox', { name: 'Status', exact: true })).toHaveValue('Won');
    await expect(deskFact(page, 'Reason')).toHaveText('Existing relationship');
  });
});
