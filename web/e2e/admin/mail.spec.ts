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
  const box = mails.getByRole('textbox', { name: 'Reply to the sender' });
  await expect(box).toHaveAccessibleDescription(
    `To ${sender.email}, subject Re: ${reference}. Sending it sets the status to Answered.`,
  );
  await expect(page.getByRole('combobox', { name: 'Status', exact: true })).toHaveValue('Open');
  await box.fill('Yes, 25 t ready in Kandla.');
  await mails.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText('Reply queued')).toBeVisible();
  await expect(mails.getByRole('row', { name: new RegExp(`Re: ${reference}`) })).toContainText('Saved to file');
  await expect(box).toHaveValue('');
  await expect(box).toBeFocused();

  // The reply answered the message: its status, and a line of its own in the timeline.
  await expect(page.getByRole('combobox', { name: 'Status', exact: true })).toHaveValue('Answered');
  await expect(box).toHaveAccessibleDescription(`To ${sender.email}, subject Re: ${reference}.`);
  const timeline = page.getByRole('list', { name: 'Timeline' });
  await expect(timeline).toContainText(`Confirmation e-mailed to ${sender.email}`);
  await expect(timeline).toContainText(`${E2E_ADMIN.email} replied by e-mail to ${sender.email}`);
  await expect(timeline.getByRole('listitem').last()).toContainText(
    `${E2E_ADMIN.email} changed the status from Open to Answered`,
  );

  await page.getByRole('link', { name: 'Outbox' }).click();
  await expect(page.getByRole('heading', { name: 'Outbox', level: 2 })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`Re: ${reference}`) })).toContainText(sender.email);
});

test('the reply box is a card built like the note box: its label, where it goes, a roomy box and a clear send button', async ({
  page,
  request,
}) => {
  const tag = uniqueTag('Card');
  await seedContact(request, { name: `Card ${tag}`, email: `${tag.toLowerCase()}@buyer.example`, message: 'Hello' });
  await openAdmin(page, `/admin/contact-queries?q=${tag}`);
  await page.getByRole('link', { name: `Card ${tag}` }).click();
  const reply = page.getByRole('region', { name: 'Mails' });
  const note = page.getByRole('region', { name: 'Timeline' });
  const look = (box: import('@playwright/test').Locator) =>
    box.evaluate((element) => {
      const style = getComputedStyle(element);
      const label = element.closest('form')!.querySelector('label')!.getBoundingClientRect();
      return {
        padding: style.paddingLeft,
        border: `${style.borderTopWidth} ${style.borderTopStyle}`,
        radius: style.borderTopLeftRadius,
        width: element.getBoundingClientRect().width / element.closest('section')!.getBoundingClientRect().width,
        gapBelowLabel: element.getBoundingClientRect().top - label.bottom,
      };
    });
  const replyLook = await look(reply.getByRole('textbox', { name: 'Reply to the sender' }));
  const noteLook = await look(note.getByRole('textbox', { name: 'Add a note' }));
  // Not a browser's bare textarea: padded, rounded, the card's width, apart from its label.
  expect(parseFloat(replyLook.padding)).toBeGreaterThanOrEqual(8);
  expect(parseFloat(replyLook.radius)).toBeGreaterThanOrEqual(6);
  expect(replyLook.width).toBeGreaterThan(0.9);
  expect(replyLook.gapBelowLabel).toBeGreaterThanOrEqual(6);
  expect({ ...replyLook, gapBelowLabel: 0 }).toEqual({ ...noteLook, gapBelowLabel: 0 });
  // The send button is the card's primary action, as the note's is.
  const background = (button: import('@playwright/test').Locator) => button.evaluate((b) => getComputedStyle(b).backgroundColor);
  const send = reply.getByRole('button', { name: 'Send reply' });
  await expect(send).toHaveClass(/button-primary/);
  expect(await background(send)).toBe(await background(note.getByRole('button', { name: 'Add note' })));
});
