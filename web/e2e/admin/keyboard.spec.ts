import type { Page } from '@playwright/test';
import { E2E_ADMIN } from '../support/env';
import {
  expect,
  inquiryValues,
  openAdmin,
  openRecord,
  openSeededInquiry,
  seedContact,
  seedInquiry,
  test,
  uniqueTag,
} from './support';

/** The desk changes (PATCH of one record, POST of a bulk change) the page sends from now on. */
function deskChanges(page: Page) {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH' || request.url().endsWith('/bulk')) sent.push(request.postData() ?? '');
  });
  return sent;
}

const statusLines = (page: Page) =>
  page.getByRole('list', { name: 'Timeline' }).getByRole('listitem').filter({ hasText: 'changed the status' });

test.describe('keyboard triage', () => {
  test('a status select steps with the arrow keys and saves once, on Enter (answering the reason dialog) or on leaving it; Escape puts it back', async ({
    page,
    request,
  }) => {
    const tag = uniqueTag('Keys');
    const buyer = inquiryValues(tag);
    await seedInquiry(request, buyer);
    await openAdmin(page, `/admin/inquiries?q=${tag}`);
    const sent = deskChanges(page);
    const status = page.getByRole('combobox', { name: `Status of ${buyer.fullName}` });

    await status.focus();
    for (let step = 0; step < 3; step++) await page.keyboard.press('ArrowDown');
    await expect(status).toHaveValue('Won');
    await page.keyboard.press('Escape');
    await expect(status).toHaveValue('New');

    // Won and Lost ask why (docs/admin.md#outcome-reasons): Enter opens the dialog, which takes the
    // focus; Escape closes it and leaves the status as it was, back on the select, with nothing sent.
    for (let step = 0; step < 4; step++) await page.keyboard.press('ArrowDown');
    await expect(status).toHaveValue('Lost');
    await page.keyboard.press('Enter');
    const lost = page.getByRole('dialog', { name: `Set ${buyer.fullName} to Lost` });
    await expect(lost.getByRole('radio', { name: 'Price too high' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(lost).toHaveCount(0);
    await expect(status).toHaveValue('New');
    await expect(status).toBeFocused();

    // Stepped to Won, Enter: the reason is chosen with the arrow keys and Enter sets it, once.
    for (let step = 0; step < 3; step++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const won = page.getByRole('dialog', { name: `Set ${buyer.fullName} to Won` });
    await expect(won.getByRole('radio', { name: 'Best price' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(won.getByRole('radio', { name: 'Quality and specifications' })).toBeChecked();
    const saved = page.waitForResponse((r) => r.request().method() === 'PATCH');
    expect(sent).toEqual([]);
    await page.keyboard.press('Enter');
    expect((await saved).status()).toBe(200);
    expect(sent.map((body) => JSON.parse(body) as unknown)).toEqual([
      { version: 1, status: 'Won', reason: 'Quality and specifications' },
    ]);
    await expect(won).toHaveCount(0);
    await expect(status).toBeFocused();
    await expect(status).toHaveValue('Won');
    // While a change is on its way the select takes no choice (CommitSelect): the next one waits for it to settle.
    await expect(status).not.toHaveAttribute('aria-busy', 'true');

    // Stepped, then left with Tab: saved once too, and the focus goes on.
    await page.keyboard.press('ArrowUp');
    const left = page.waitForResponse((r) => r.request().method() === 'PATCH');
    await page.keyboard.press('Tab');
    expect((await left).status()).toBe(200);
    expect(sent.map((body) => JSON.parse(body) as unknown)).toEqual([
      { version: 1, status: 'Won', reason: 'Quality and specifications' },
      { version: 2, status: 'Quoted' },
    ]);

    await openRecord(page, buyer.fullName);
    await expect(statusLines(page)).toHaveText([
      new RegExp(`^${E2E_ADMIN.email} changed the status from New to Won: Quality and specifications`),
      new RegExp(`^${E2E_ADMIN.email} changed the status from Won to Quoted`),
    ]);
  });

  test('on the record the focus stays on the status and owner selects after a change, and returns to the note box', async ({
    page,
  }) => {
    await openSeededInquiry(page, uniqueTag('Focus'));

    const status = page.getByRole('combobox', { name: 'Status', exact: true });
    await status.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(statusLines(page)).toHaveText([new RegExp('changed the status from New to In progress')]);
    await expect(status).toBeFocused();

    const owner = page.getByRole('combobox', { name: 'Owner', exact: true });
    await owner.focus();
    await owner.selectOption({ label: E2E_ADMIN.email });
    await expect(page.getByRole('list', { name: 'Timeline' })).toContainText(`assigned it to ${E2E_ADMIN.email}`);
    await expect(owner).toBeFocused();

    const note = page.getByRole('textbox', { name: 'Add a note' });
    await note.fill('Asked for a CIF price');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Add note' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('list', { name: 'Timeline' })).toContainText('Asked for a CIF price');
    await expect(note).toHaveValue('');
    await expect(note).toBeFocused();
  });

  test('a skip link leads to the first record, j and k move between records, Enter opens one; typing is left alone', async ({
    page,
    request,
  }) => {
    const tag = uniqueTag('Skip');
    for (const n of [1, 2, 3])
      await seedContact(request, { name: `Skip ${tag} ${n}`, email: `s${n}@example.com`, message: 'hi' });
    await openAdmin(page, `/admin/contact-queries?q=${tag}`);
    await expect(page.locator('table.records-table tbody tr')).toHaveCount(3);
    await expect(page.getByText('j k next and previous record, Enter opens it')).toBeVisible();
    const record = (n: number) => page.getByRole('link', { name: `Skip ${tag} ${n}` });

    // From the top of the page, as after loading it.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to the list' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    // Newest first: the third contact is the first row.
    await expect(record(3)).toBeFocused();
    await page.keyboard.press('j');
    await expect(record(2)).toBeFocused();
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await expect(record(1)).toBeFocused();
    await page.keyboard.press('k');
    await expect(record(2)).toBeFocused();

    const search = page.getByRole('searchbox', { name: 'Search Contact Queries' });
    await search.focus();
    await page.keyboard.press('End');
    await page.keyboard.type(' jk');
    await expect(search).toHaveValue(`${tag} jk`);
    await expect(search).toBeFocused();
    await search.fill(tag);

    await record(2).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: `Skip ${tag} 2` })).toBeVisible();
    await page.keyboard.press('j');
    await expect(page.getByRole('heading', { name: `Skip ${tag} 2` })).toBeVisible();
  });

  test('a row that leaves its status tab hands the focus to the row in its place; a bulk change to Select all shown', async ({
    page,
    request,
  }) => {
    const tag = uniqueTag('Triage');
    for (const n of [1, 2, 3])
      await seedContact(request, { name: `Triage ${tag} ${n}`, email: `t${n}@example.com`, message: 'hi' });
    await openAdmin(page, `/admin/contact-queries?q=${tag}&status=Open`);
    const rows = page.locator('table.records-table tbody tr');
    await expect(rows).toHaveCount(3);

    const first = page.getByRole('combobox', { name: `Status of Triage ${tag} 3` });
    await first.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(rows).toHaveCount(2);
    await expect(page.getByRole('combobox', { name: `Status of Triage ${tag} 2` })).toBeFocused();

    // Every status: the rows stay while the bar goes with the selection it changed.
    await page.getByRole('button', { name: /^All \d+$/ }).click();
    await expect(rows).toHaveCount(3);
    await page.getByRole('checkbox', { name: 'Select all shown' }).check();
    const bulk = page.getByRole('combobox', { name: 'Set status of selected' });
    await bulk.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(bulk).toHaveValue('Answered');
    await page.keyboard.press('Enter');
    await expect(page.getByText('3 records changed')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Change selected' })).toHaveCount(0);
    await expect(page.getByRole('checkbox', { name: 'Select all shown' })).toBeFocused();
  });
});
