import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import yauzl from 'yauzl';
import { expect, inquiryValues, openAdmin, PDF_FILE, seedContact, seedInquiry, test, uniqueTag } from './support';

const table = (page: Page) => page.locator('table.records-table');

/** Every entry of a downloaded ZIP, by name: the export opened as the person would open it. */
function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) =>
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        }),
      );
      zip.readEntry();
    });
  });
}

test('bulk "Mark as spam" hides the records and offers to block the senders; what a blocked domain sends next is spam', async ({
  page,
  request,
}) => {
  const tag = uniqueTag('Spam');
  const domain = `${tag.toLowerCase()}.example`;
  for (const i of [1, 2])
    await seedContact(request, { name: `Spammer ${tag} ${i}`, email: `win${i}@${domain}`, message: 'Cheap pills' });
  await seedContact(request, { name: `Buyer ${tag}`, email: `buyer-${tag.toLowerCase()}@example.com`, message: 'Coal price?' });
  await openAdmin(page, `/admin/contact-queries?q=${tag}`);
  await expect(table(page).locator('tbody tr')).toHaveCount(3);

  for (const i of [1, 2]) await page.getByRole('checkbox', { name: `Select Spammer ${tag} ${i}` }).check();
  await page.getByRole('button', { name: 'Mark as spam' }).click();
  await expect(page.getByText('2 records changed')).toBeVisible();
  await expect(table(page).locator('tbody tr')).toHaveCount(1);
  const offer = page.getByRole('region', { name: 'Block the senders' });
  await expect(offer).toContainText('2 records marked as spam');
  await expect(offer).toContainText(`win1@${domain}, win2@${domain}`);
  await page.screenshot({ path: test.info().outputPath('block-offer.png'), fullPage: true });
  await offer.getByRole('button', { name: 'Block 1 domain' }).click();
  await expect(page.getByText('Blocked 1 domain')).toBeVisible();
  await expect(offer).toBeHidden();

  // The next message from that domain goes straight to Spam.
  await seedContact(request, { name: `Spammer ${tag} 3`, email: `again@mail.${domain}`, message: 'Cheap pills again' });
  await page.getByRole('button', { name: /^Spam \d+$/ }).click();
  await expect(table(page).locator('tbody tr')).toHaveCount(3);
  await expect(table(page)).toContainText(`Spammer ${tag} 3`);

  await page.goto('/admin/settings');
  const blockList = page.getByRole('region', { name: 'Block list' });
  await expect(blockList.getByRole('row').filter({ hasText: domain })).toContainText('(and its subdomains)');
  await page.screenshot({ path: test.info().outputPath('block-list.png'), fullPage: true });
  await blockList.getByRole('button', { name: `Unblock ${domain}` }).click();
  await expect(page.getByText(`Unblocked ${domain}`)).toBeVisible();
  await expect(blockList.getByRole('row').filter({ hasText: domain })).toHaveCount(0);
});

test('owners erase selected records of a list for good', async ({ page, request }) => {
  const tag = uniqueTag('Erase');
  for (const i of [1, 2]) await seedContact(request, { name: `Gone ${tag} ${i}`, email: `gone${i}@example.com`, message: 'hi' });
  await openAdmin(page, `/admin/contact-queries?q=${tag}`);
  await expect(table(page).locator('tbody tr')).toHaveCount(2);
  await page.getByRole('checkbox', { name: 'Select all shown' }).check();
  await page.getByRole('button', { name: 'Erase selected' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Erase 2 records, their mails and files for good? This cannot be undone.');
  await confirm.getByRole('button', { name: 'Erase for good' }).click();
  await expect(page.getByText('2 records erased')).toBeVisible();
  await expect(page.getByText(`No contact messages match “${tag}”.`)).toBeVisible();
});

test('a person’s data: look the address up, download it as one ZIP, then erase it all', async ({ page, request }) => {
  const tag = uniqueTag('Person');
  const email = `${tag.toLowerCase()}@person.example`;
  await seedContact(request, { name: `Asha ${tag}`, email, message: 'Please call me' });
  await seedInquiry(request, inquiryValues(tag, { fullName: `Asha ${tag}`, email: email.toUpperCase() }), PDF_FILE);
  await seedContact(request, { name: `Someone ${tag}`, email: `someone-${tag.toLowerCase()}@example.com`, message: 'hi' });

  await openAdmin(page, '/admin');
  await page.getByRole('link', { name: 'People' }).click();
  await expect(page.getByRole('heading', { name: 'A person’s data' })).toBeVisible();
  await page.getByLabel('E-mail address').fill(`Asha <${email}>`);
  await page.getByRole('button', { name: 'Look up' }).click();
  await expect(page.getByRole('alert')).toHaveText('Enter the email address alone, without a name, comment or angle brackets');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Look up' }).click();
  await expect(page.getByText(`${email}: 2 records, 2 mails, 1 file.`)).toBeVisible();
  await expect(table(page).locator('tbody tr')).toHaveCount(2);
  await page.screenshot({ path: test.info().outputPath('person.png'), fullPage: true });

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export person’s data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`person-${email.replace(/[^a-z0-9]+/g, '-')}.zip`);
  await expect(page.getByText('Data exported')).toBeVisible();
  const entries = await unzip(await readFile(await file.path()));
  const person = JSON.parse(entries.get('person.json')!.toString('utf8'));
  expect(person.records.map((r: { list: string }) => r.list).sort()).toEqual(['contacts', 'inquiries']);
  expect(JSON.stringify(person)).not.toContain('Someone');
  const inquiry = person.records.find((r: { list: string }) => r.list === 'inquiries');
  expect(entries.get(inquiry.files[0].inZip)).toEqual(PDF_FILE.buffer);

  await page.getByRole('button', { name: 'Erase person' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(`Erase 2 records of ${email}, with their notes, mails and files, for good?`);
  await confirm.getByRole('button', { name: 'Erase for good' }).click();
  await expect(page.getByText('2 records erased')).toBeVisible();
  await expect(page.getByText(`No records name ${email}.`)).toBeVisible();
  await page.goto(`/admin/contact-queries?q=${tag}`);
  await expect(table(page).locator('tbody tr')).toHaveCount(1);
  await expect(table(page)).toContainText(`Someone ${tag}`);
});
