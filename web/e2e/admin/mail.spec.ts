import { E2E_ADMIN } from '../support/env';
import { expect, openAdmin, seedContact, test, uniqueTag } from './support';

// The test server has no SMTP_URL: mails are built and saved as .eml files (docs/mail.md#outbox).
test('staff reply to a sender from the record; the mail, its state and the timeline line show, and the Outbox lists it', async ({
  page,
  request,
}) => {
  const tag = uniqueTag('Reply');
  const sender = { name: `Reply ${tag}`, email: `${tag.toLowerCase()}@buyer.example`, message: 'Is basmati in stock?' };
  await seedContact(request, sender);
  await openAdmin(page, `/admin/contact-queries?q=${tag}`);
  const reference = (await page.locator('table.records-table tbody tr').first().innerText()).match(/MSG-[0-9A-Z]{6}/)?.[0];
  expect(reference).toBeTruthy();
  await page.getByRole('link', { name: sender.name }).click();

  const mails = page.getByRole('region', { name: 'Mails' });
  await expect(mails.getByRole('row', { name: new RegExp(`We received your message — ${reference}`) })).toContainText(
    'Saved to file',
  );
  await mails.getByRole('textbox', { name: 'Reply to the sender' }).fill('Yes, 25 t ready in Kandla.');
  await mails.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText('Reply queued')).toBeVisible();
  await expect(mails.getByRole('row', { name: new RegExp(`Re: ${reference}`) })).toContainText('Saved to file');
  await expect(mails.getByRole('textbox', { name: 'Reply to the sender' })).toHaveValue('');

  const timeline = page.getByRole('list', { name: 'Timeline' });
  await expect(timeline).toContainText(`Confirmation e-mailed to ${sender.email}`);
  await expect(timeline).toContainText(`${E2E_ADMIN.email} replied by e-mail to ${sender.email}`);

  await page.getByRole('link', { name: 'Outbox' }).click();
  await expect(page.getByRole('heading', { name: 'Outbox', level: 2 })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`Re: ${reference}`) })).toContainText(sender.email);
});
