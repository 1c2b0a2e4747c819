import type { Locator, Page } from '@playwright/test';
import { ROLE_LABELS, ROLES, type Role } from '@sourcing/shared';
import { E2E_ADMIN } from '../support/env';
import {
  adminPage,
  createStaff,
  expect,
  inquiryValues,
  openRecord,
  seedInquiry,
  seedSupplierOffer,
  supplierValues,
  test,
  uniqueTag,
} from './support';

/** What each role may do (docs/admin.md#staff-and-roles): work records from agent up, manage from owner. */
const MAY: Record<Role, { work: boolean; manage: boolean }> = {
  viewer: { work: false, manage: false },
  agent: { work: true, manage: false },
  owner: { work: true, manage: true },
};

/** A control the role may use is offered; one it may not use is not on the page at all. */
async function offered(control: Locator, may: boolean) {
  if (may) await expect(control).toBeVisible();
  else await expect(control).toHaveCount(0);
}

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Admin navigation' });

for (const role of ROLES) {
  test(`${role}: every change control is offered only if the role may use it (list, bulk bar, record, matches, mails, dashboard, settings)`, async ({
    browser,
    request,
  }) => {
    const { work, manage } = MAY[role];
    const tag = uniqueTag(`Role${role}`);
    const commodity = `Hafnium ${tag}`;
    const buyer = inquiryValues(tag, { selectedCommodities: ['Others'], otherCommodity: commodity });
    const offer = supplierValues(tag, { productName: commodity });
    await seedSupplierOffer(request, offer);
    await seedInquiry(request, buyer);
    const account = role === 'owner' ? E2E_ADMIN : await createStaff(request, role);

    const page = await adminPage(browser, `/admin/inquiries?q=${tag}`, account);
    for (const link of ['Outbox', 'Audit', 'Settings']) await offered(sidebar(page).getByRole('link', { name: link }), manage);

    // The list: the row's status select, the row and 'Select all shown' checkboxes, the bulk bar.
    const row = page.locator('table.records-table tbody tr').filter({ hasText: buyer.fullName });
    await expect(row).toBeVisible();
    await offered(row.getByRole('combobox', { name: `Status of ${buyer.fullName}` }), work);
    if (!work) await expect(row.locator('td').nth(-2)).toHaveText('New');
    await offered(page.getByRole('checkbox', { name: 'Select all shown' }), work);
    await offered(row.getByRole('checkbox', { name: `Select ${buyer.fullName}` }), work);
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible();
    if (work) {
      await row.getByRole('checkbox', { name: `Select ${buyer.fullName}` }).check();
      const bar = page.getByRole('region', { name: 'Change selected' });
      await expect(bar.getByRole('combobox', { name: 'Set status of selected' })).toBeVisible();
      await expect(bar.getByRole('combobox', { name: 'Set owner of selected' })).toBeVisible();
      await bar.getByRole('button', { name: 'Clear selection' }).click();
    }
    await expect(page.getByRole('region', { name: 'Change selected' })).toHaveCount(0);

    // The record: status and owner, the note box, the reply box, the match links, erasure.
    await openRecord(page, buyer.fullName);
    await offered(page.getByRole('combobox', { name: 'Status', exact: true }), work);
    await offered(page.getByRole('combobox', { name: 'Owner', exact: true }), work);
    if (!work) {
      const desk = page.locator('.desk-panel');
      // What a viewer reads: the status and owner, and where the record came from (docs/admin.md#record-sources).
      await expect(desk.getByRole('term')).toHaveText(['Status', 'Owner', 'Source']);
      await expect(desk.getByRole('definition')).toHaveText(['New', 'Unassigned', 'Site form']);
    }
    await expect(page.getByRole('list', { name: 'Timeline' })).toBeVisible();
    await offered(page.getByRole('textbox', { name: 'Add a note' }), work);
    await offered(page.getByRole('button', { name: 'Add note' }), work);
    const mails = page.getByRole('region', { name: 'Mails' });
    await expect(mails.getByRole('row', { name: new RegExp(`We received your inquiry`) })).toBeVisible();
    await offered(mails.getByRole('textbox', { name: 'Reply to the sender' }), work);
    await offered(mails.getByRole('textbox', { name: 'Subject' }), work);
    await offered(mails.getByRole('textbox', { name: 'Cc' }), work);
    await offered(mails.getByRole('button', { name: 'Send reply' }), work);
    if (work) {
      // The reply answers the thread's latest mail, the confirmation: its subject holds the reference.
      await expect(mails.getByRole('textbox', { name: 'Subject' })).toHaveValue(
        /^Re: We received your inquiry — INQ-[0-9A-Z]{6}$/,
      );
    }
    const matches = page.getByRole('list', { name: 'Matching supplier offers' });
    await expect(matches.getByRole('link', { name: offer.fullName })).toBeVisible();
    await offered(matches.getByRole('button', { name: `Link ${offer.fullName}` }), work);
    await offered(page.getByRole('button', { name: 'Erase record' }), manage);

    // The dashboard: the Backups panel for owners (it is drawn with the stat cards, or not at all).
    await page.goto('/admin');
    await expect(page.locator('.stat-card').first()).toBeVisible();
    await offered(page.getByRole('region', { name: 'Backups' }), manage);

    // Settings: everyone's own account; the roles, staff accounts and canned replies for owners.
    await page.goto('/admin/settings');
    await expect(page.getByRole('heading', { name: 'Settings Page' })).toBeVisible();
    const own = page.getByRole('region', { name: 'Your account' });
    await expect(own).toContainText(account.email);
    await expect(own).toContainText(ROLE_LABELS[role]);
    await own.getByRole('link', { name: 'Change your name, password, two-step verification or sessions' }).click();
    await expect(page).toHaveURL(/\/admin\/account$/);
    await expect(page.getByRole('heading', { name: 'Your account' }).first()).toBeVisible();
    await page.goto('/admin/settings');
    await offered(page.getByRole('region', { name: 'Roles' }), manage);
    await offered(page.getByRole('region', { name: 'Staff accounts' }), manage);
    await offered(page.getByRole('button', { name: 'Send invitation' }), manage);
    await offered(page.getByRole('region', { name: 'Canned replies' }), manage);
    // Nothing offered was refused: no 403 toast on the way.
    await expect(page.getByText('Your role does not allow this')).toHaveCount(0);
    await page.context().close();
  });
}
