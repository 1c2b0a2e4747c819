import { readFile } from 'node:fs/promises';
import { adminPage, createStaff, expect, inquiryValues, openAdmin, seedContact, seedInquiry, test, uniqueTag } from './support';

test('"Export CSV" downloads the rows of the current search on a signed link, BOM first, formulas neutralised', async ({
  page,
  request,
}) => {
  const tag = uniqueTag('Csv');
  await seedContact(request, {
    name: `=HYPERLINK("http://evil.example") ${tag}`,
    email: 'formula@example.com',
    message: '+1 more',
  });
  await seedContact(request, { name: `Zoë Plain ${tag}`, email: 'plain@example.com', message: 'hello' });
  await seedContact(request, {
    name: `Elsewhere ${uniqueTag('Other')}`,
    email: 'other@example.com',
    message: 'not in the search',
  });
  await openAdmin(page, `/admin/contact-queries?q=${tag}`);
  await expect(page.locator('table.records-table tbody tr')).toHaveCount(2);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^contact-queries-${tag.toLowerCase()}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  // Downloaded straight from the signed link, so the bytes are the server's: the BOM Excel needs first.
  expect(file.url()).toMatch(/\/api\/contact\/export\.csv\?q=.*&by=[\w-]+&session=[\w-]*&expires=\d+&sig=/);
  const bytes = await readFile(await file.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const csv = bytes.subarray(3).toString('utf8');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toContain('Name');
  expect(lines).toHaveLength(3);
  expect(csv).toContain(`Zoë Plain ${tag}`);
  expect(csv).not.toContain('Elsewhere');
  expect(csv).not.toContain('not in the search');
  // No cell may start with a formula character.
  const cells = lines.slice(1).flatMap((line) => line.match(/("([^"]|"")*"|[^,]*)/g)!.filter(Boolean));
  for (const cell of cells) expect(cell.replace(/^"/, '')).not.toMatch(/^[=+\-@\t\r]/);
  expect(csv).toMatch(/HYPERLINK/);
  const toast = page.getByText('CSV exported');
  await expect(toast).toBeVisible();
  // Below the sticky header, whose title and menu button stay usable.
  const [toastBox, headerBox] = await Promise.all([toast.boundingBox(), page.locator('.admin-header').boundingBox()]);
  expect(toastBox!.y).toBeGreaterThanOrEqual(headerBox!.y + headerBox!.height);

  // Exporting again restarts the same toast instead of stacking a copy (the button is back once it was shown).
  const again = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await again;
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  await expect(page.getByText('CSV exported')).toHaveCount(1);
});

test('"Export CSV" writes the columns shown, Reference, Status and Owner included, and phone numbers as typed', async ({
  browser,
  request,
}) => {
  // An account of its own: the column choice is the staff member's, kept on the server, and other tests run meanwhile.
  const agent = await createStaff(request, 'agent');
  const tag = uniqueTag('CsvCols');
  await seedInquiry(request, inquiryValues(tag, { phoneNumber: '+46 701234567' }));
  const page = await adminPage(browser, `/admin/inquiries?q=${tag}`, agent);
  await expect(page.locator('table.records-table tbody tr')).toHaveCount(1);
  await page.getByText('Columns', { exact: true }).click();
  const chooser = page.getByRole('group', { name: 'Shown columns' });
  await chooser.getByLabel('Purity', { exact: true }).uncheck();
  await chooser.getByLabel('GST Number').uncheck();
  await page.getByText('Columns', { exact: true }).click();
  const shown = (await page.locator('table.records-table thead th').allTextContents()).map((h) => h.trim());

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const lines = (await readFile(await (await download).path())).subarray(3).toString('utf8').trim().split('\r\n');
  expect(lines[0]).toBe(shown.join(','));
  expect(lines[0]).not.toContain('Purity');
  expect(lines[0]).toMatch(/,Reference,Status,Owner$/);
  expect(lines[1]).toContain(`,Jane ${tag},`);
  expect(lines[1]).toContain(',+46 701234567,');
  expect(lines[1]).toMatch(/,INQ-[0-9A-Z]{6},New,$/);
  await page.context().close();
});
