import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import {
  adminPage,
  createStaff,
  expect,
  filedMail,
  inquiryValues,
  openAdmin,
  openRecord,
  PNG_FILE,
  seedInquiry,
  test,
  uniqueTag,
} from './support';
import { screenshotsAtTwoWidths } from '../support/screen-width';

// Canned replies are the whole team's: each test names its own with a tag, other tests' may be listed too.

/** An owner adds a canned reply on Settings; the section it is listed in. */
async function addCannedReply(page: Page, title: string, body: string) {
  await openAdmin(page, '/admin/settings');
  const section = page.getByRole('region', { name: 'Canned replies' });
  await section.getByRole('textbox', { name: 'Title' }).last().fill(title);
  await section.getByRole('textbox', { name: 'Text' }).last().fill(body);
  await section.getByRole('button', { name: 'Add canned reply' }).click();
  await expect(page.getByText('Canned reply added')).toBeVisible();
  await expect(
    section.getByRole('list', { name: 'Saved canned replies' }).getByRole('listitem').filter({ hasText: title }),
  ).toBeVisible();
  return section;
}

test('owners keep canned replies on Settings: added with placeholders, changed in place, removed once confirmed', async ({
  page,
}) => {
  test.slow(); // many steps, an accessibility scan and screenshots at two widths, on a machine shared with other suites
  const tag = uniqueTag('Canned');
  await openAdmin(page, '/admin/settings');
  const section = page.getByRole('region', { name: 'Canned replies' });
  await expect(section).toContainText('{{name}} the sender’s name');
  await expect(section).toContainText('{{reference}} the record’s reference');
  await expect(section).toContainText('{{commodity}} what they ask for or offer');

  // Nothing typed: each field says what it needs, the first has the focus, and nothing is added.
  const title = section.getByRole('textbox', { name: 'Title' });
  const text = section.getByRole('textbox', { name: 'Text' });
  await section.getByRole('button', { name: 'Add canned reply' }).click();
  await expect(title).toHaveAttribute('aria-invalid', 'true');
  await expect(title).toHaveAccessibleDescription('Title is required');
  await expect(text).toHaveAccessibleDescription(
    'Write {{name}}, {{reference}} or {{commodity}} where the record’s own words go. Text is required',
  );
  await expect(title).toBeFocused();
  await expect(page.getByText('Please fill all required fields')).toBeVisible();
  await title.fill(`Welcome ${tag}`);
  await expect(title).not.toHaveAttribute('aria-invalid');
  await expect(text).toHaveAttribute('aria-invalid', 'true');

  await text.fill('\nDear {{name}},\nthank you for {{reference}}.');
  await section.getByRole('button', { name: 'Add canned reply' }).click();
  await expect(page.getByText('Canned reply added')).toBeVisible();
  const listed = section.getByRole('list', { name: 'Saved canned replies' }).getByRole('listitem').filter({ hasText: tag });
  await expect(listed).toContainText(`Welcome ${tag}`);
  await expect(listed).toContainText('Dear {{name}},');
  await expect(listed).not.toContainText('thank you');
  await expect(title).toHaveValue('');
  await expect(text).toHaveValue('');
  expect((await new AxeBuilder({ page }).include('.canned-replies').analyze()).violations).toEqual([]);
  await screenshotsAtTwoWidths(page, section, 'canned-replies-settings');

  // Changed in place: the form holds it, saving lists the change and the focus is back on Edit.
  await listed.getByRole('button', { name: `Edit Welcome ${tag}` }).click();
  // (Its words are in the form's fields now: the item is found by the form's name.)
  const change = section.getByRole('form', { name: `Change Welcome ${tag}` });
  await expect(change.getByRole('textbox', { name: 'Title' })).toBeFocused();
  await expect(change.getByRole('textbox', { name: 'Text' })).toHaveValue('Dear {{name}},\nthank you for {{reference}}.');
  await change.getByRole('textbox', { name: 'Title' }).fill(`Greeting ${tag}`);
  await change.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Canned reply saved')).toBeVisible();
  await expect(listed.getByRole('button', { name: `Edit Greeting ${tag}` })).toBeFocused();
  await expect(listed).not.toContainText(`Welcome ${tag}`);

  // Removed only once confirmed; called off, the focus is back on Remove.
  await listed.getByRole('button', { name: `Remove Greeting ${tag}` }).click();
  const question = listed.getByRole('alertdialog');
  await expect(question).toContainText(`Remove the canned reply “Greeting ${tag}”? Staff can no longer insert it.`);
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(listed.getByRole('button', { name: `Remove Greeting ${tag}` })).toBeFocused();
  await listed.getByRole('button', { name: `Remove Greeting ${tag}` }).click();
  await listed.getByRole('button', { name: 'Remove for good' }).click();
  await expect(page.getByText('Canned reply removed')).toBeVisible();
  await expect(listed).toHaveCount(0);
});

test('an agent answers a buyer with a canned reply, their own subject, a copy and the inquiry’s file: the mail as sent holds them all', async ({
  page,
  browser,
  request,
}) => {
  test.slow(); // two browsers, an accessibility scan and screenshots at two widths, on a machine shared with other suites
  const tag = uniqueTag('Quote');
  const buyer = inquiryValues(tag, { selectedCommodities: ['Copper Cathode'] });
  // An image, not a PDF: Chromium's PDF viewer takes the focus when its preview loads, which would race the typing.
  await seedInquiry(request, buyer, PNG_FILE);
  await addCannedReply(page, `Quote ${tag}`, 'Dear {{name}},\n\nthank you for inquiry {{reference}} about {{commodity}}.');

  const agent = await createStaff(request, 'agent');
  const staff = await adminPage(browser, `/admin/inquiries?q=${tag}`, agent);
  await openRecord(staff, buyer.fullName);
  const mails = staff.getByRole('region', { name: 'Mails' });
  const reference = (await mails.getByText(/^We received your inquiry — INQ-[0-9A-Z]{6}$/).innerText()).slice(-10);
  const box = mails.getByRole('textbox', { name: 'Reply to the sender' });
  const subject = mails.getByRole('textbox', { name: 'Subject' });
  const cc = mails.getByRole('textbox', { name: 'Cc' });
  const file = mails.getByRole('group', { name: 'Send files of this record' }).getByRole('checkbox', { name: /^sample\.png / });
  const canned = mails.getByRole('combobox', { name: 'Insert a canned reply' });
  await expect(box).toHaveAccessibleDescription(`To ${buyer.email}.`);
  await expect(subject).toHaveValue(`Re: We received your inquiry — ${reference}`);
  await expect(file).not.toBeChecked();
  await expect(canned).toHaveValue('');
  await expect(canned.getByRole('option').first()).toHaveText('Choose…');

  // The canned reply goes after what is typed, its placeholders filled from the record; the box has the focus.
  await box.fill('Good morning.');
  await canned.selectOption({ label: `Quote ${tag}` });
  const words = `Good morning.\n\nDear ${buyer.fullName},\n\nthank you for inquiry ${reference} about Copper Cathode.`;
  await expect(box).toHaveValue(words);
  await expect(box).toBeFocused();
  await expect(canned).toHaveValue('');

  await subject.fill(`Price list for ${reference}`);
  await file.check();

  // An address the server refuses: its word under the field, and everything typed stays.
  await cc.fill('boss@buyer-group');
  await mails.getByRole('button', { name: 'Send reply' }).click();
  await expect(cc).toHaveAttribute('aria-invalid', 'true');
  await expect(cc).toHaveAccessibleDescription('Addresses separated by commas Enter a valid email address');
  await expect(box).toHaveValue(words);
  await expect(subject).toHaveValue(`Price list for ${reference}`);
  await expect(file).toBeChecked();
  expect((await new AxeBuilder({ page: staff }).include('.reply-form').analyze()).violations).toEqual([]);
  await screenshotsAtTwoWidths(staff, mails.locator('form'), 'reply-form');
  await cc.fill('boss@buyer-group.example; ops@buyer-group.example');
  await expect(cc).not.toHaveAttribute('aria-invalid');

  await mails.getByRole('button', { name: 'Send reply' }).click();
  await expect(staff.getByText('Reply queued')).toBeVisible();
  await expect(box).toHaveValue('');
  await expect(box).toBeFocused();
  await expect(cc).toHaveValue('');
  await expect(file).not.toBeChecked();
  // The subject is the default again: now the reply just sent is the thread's latest mail.
  await expect(subject).toHaveValue(`Re: Price list for ${reference}`);

  const sent = await filedMail(`the reply on ${reference}`, reference, (mail) => mail.subject === `Price list for ${reference}`);
  expect(sent.to && !Array.isArray(sent.to) && sent.to.value.map((a) => a.address)).toEqual([buyer.email]);
  expect(sent.cc && !Array.isArray(sent.cc) && sent.cc.value.map((a) => a.address)).toEqual([
    'boss@buyer-group.example',
    'ops@buyer-group.example',
  ]);
  expect(sent.text).toContain(`Dear ${buyer.fullName},\n\nthank you for inquiry ${reference} about Copper Cathode.`);
  expect(sent.attachments.map((a) => [a.filename, a.contentType, a.content.equals(PNG_FILE.buffer)])).toEqual([
    [PNG_FILE.name, PNG_FILE.mimeType, true],
  ]);
  await staff.context().close();
});
