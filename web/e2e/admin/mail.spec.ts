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
  await expect(box).toHaveAccessibleDescription(`To ${sender.email}. Sending it sets the status to Answered.`);
  // By default the reply answers the thread's latest mail: the confirmation, whose subject holds the reference.
  const subject = `Re: We received your message — ${reference}`;
  await expect(mails.getByRole('textbox', { name: 'Subject' })).toHaveValue(subject);
  await expect(mails.getByRole('textbox', { name: 'Cc' })).toHaveAccessibleDescription('Addresses separated by commas');
  // A contact message has no files: nothing to tick.
  await expect(mails.getByRole('group', { name: 'Send files of this record' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Status', exact: true })).toHaveValue('Open');
  await box.fill('Yes, 25 t ready in Kandla.');
  await mails.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText('Reply queued')).toBeVisible();
  await expect(mails.getByRole('row', { name: new RegExp(subject) })).toContainText('Saved to file');
  await expect(box).toHaveValue('');
  await expect(box).toBeFocused();

  // The reply answered the message: its status, and a line of its own in the timeline.
  await expect(page.getByRole('combobox', { name: 'Status', exact: true })).toHaveValue('Answered');
  await expect(box).toHaveAccessibleDescription(`To ${sender.email}.`);
  await expect(mails.getByRole('textbox', { name: 'Subject' })).toHaveValue(subject);
  const timeline = page.getByRole('list', { name: 'Timeline' });
  await expect(timeline).toContainText(`Confirmation e-mailed to ${sender.email}`);
  await expect(timeline).toContainText(`${E2E_ADMIN.email} replied by e-mail to ${sender.email}`);
  await expect(timeline.getByRole('listitem').last()).toContainText(
    `${E2E_ADMIN.email} changed the status from Open to Answered`,
  );

  await page.getByRole('link', { name: 'Outbox' }).click();
  await expect(page.getByRole('heading', { name: 'Outbox', level: 2 })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(subject) })).toContainText(sender.email);
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
      const label = (element as HTMLTextAreaElement).labels[0].getBoundingClientRect();
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

test('staff read on the record, word for word, the reply they sent and the confirmation the sender got', async ({
  page,
  request,
}) => {
  const tag = uniqueTag('Text');
  const sender = { name: `Text ${tag}`, email: `${tag.toLowerCase()}@buyer.example`, message: 'Is basmati in stock?' };
  await seedContact(request, sender);
  await openAdmin(page, `/admin/contact-queries?q=${tag}`);
  await page.getByRole('link', { name: sender.name }).click();
  const mails = page.getByRole('region', { name: 'Mails' });
  const reference = (await mails.getByText(/^We received your message — MSG-[0-9A-Z]{6}$/).innerText()).slice(-10);

  await mails.getByRole('textbox', { name: 'Reply to the sender' }).fill('Yes, 25 t ready in Kandla.\nPrice: USD 1,150/t FOB.');
  await mails.getByRole('button', { name: 'Send reply' }).click();
  const subject = `Re: We received your message — ${reference}`;
  await expect(mails.getByRole('row', { name: new RegExp(subject) })).toContainText('Saved to file');

  const replyText = mails.getByLabel(`Text of ${subject}`);
  await expect(replyText).toBeHidden();
  const opener = mails.getByRole('button', { name: subject, exact: true });
  await expect(opener).toHaveAttribute('aria-expanded', 'false');
  await opener.click();
  await expect(opener).toHaveAttribute('aria-expanded', 'true');
  await expect(replyText).toBeVisible();
  expect(await replyText.textContent()).toBe(`Yes, 25 t ready in Kandla.\nPrice: USD 1,150/t FOB.\n\nReference: ${reference}\n`);

  await mails.getByRole('button', { name: `We received your message — ${reference}`, exact: true }).click();
  const confirmation = mails.getByLabel(`Text of We received your message — ${reference}`);
  await expect(confirmation).toContainText('Thank you for your message.');
  await expect(confirmation).toContainText(`Your reference is ${reference}: please quote it when you contact us.`);
  await page.screenshot({ path: 'test-results/record-mail-texts.png', fullPage: true });
});
