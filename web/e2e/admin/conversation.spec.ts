import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { E2E_ADMIN, E2E_BASE_URL, E2E_DESK_ADDRESS } from '../support/env';
import { DESKTOP, expectFitsScreen, PHONE, screenshotsAtTwoWidths } from '../support/screen-width';
import {
  bearerOf,
  deliverToDesk,
  expect,
  filedMail,
  openAdmin,
  PDF_FILE,
  seedContact,
  test,
  uniqueTag,
  type UploadFile,
} from './support';

// The test server files its mails as .eml (no SMTP_URL) and takes answers on its SMTP receiver
// (REPLY_TO_ADDRESS, INBOUND_SMTP_PORT: playwright.config.ts): the whole round trip is real.

/** A mail as a buyer's mail program writes it (RFC 5322): plain text, with a file when one is given. */
function buyerMail(parts: {
  from: string;
  to: string;
  subject: string;
  body: string;
  inReplyTo?: string;
  attachment?: UploadFile;
}): string {
  const head = [
    `From: ${parts.from}`,
    `To: ${parts.to}`,
    `Subject: ${parts.subject}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <${randomUUID()}@buyer.example>`,
    ...(parts.inReplyTo ? [`In-Reply-To: ${parts.inReplyTo}`, `References: ${parts.inReplyTo}`] : []),
    'MIME-Version: 1.0',
  ];
  const file = parts.attachment;
  if (!file) return [...head, 'Content-Type: text/plain; charset=utf-8', '', parts.body].join('\r\n');
  const boundary = `mixed-${randomUUID()}`;
  return [
    ...head,
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    parts.body,
    `--${boundary}`,
    `Content-Type: ${file.mimeType}; name="${file.name}"`,
    `Content-Disposition: attachment; filename="${file.name}"`,
    'Content-Transfer-Encoding: base64',
    '',
    file.buffer.toString('base64'),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

/** A contact message seeded for one test, opened from its list: its sender and its reference. */
async function openNewContact(page: Page, request: Parameters<typeof seedContact>[0], prefix: string) {
  const tag = uniqueTag(prefix);
  const sender = { name: `Asha ${tag}`, email: `${tag.toLowerCase()}@buyer.example`, message: 'Is basmati 1121 in stock?' };
  await seedContact(request, sender);
  await openAdmin(page, `/admin/contact-queries?q=${tag}`);
  const reference = (await page.getByRole('row', { name: new RegExp(tag) }).innerText()).match(/MSG-[0-9A-Z]{6}/)![0];
  await page.getByRole('link', { name: sender.name }).click();
  await expect(page.getByRole('heading', { name: sender.name, level: 2 })).toBeVisible();
  return { tag, sender, reference };
}

test('a buyer’s answer to a staff reply appears live in the open record, quoted history on request; the list marks it until read', async ({
  page,
  request,
}) => {
  const { sender, reference } = await openNewContact(page, request, 'Conv');
  let reloaded = false;
  page.on('framenavigated', (frame) => frame === page.mainFrame() && (reloaded = true));
  const conversation = page.getByRole('region', { name: 'Conversation' });
  const mails = page.getByRole('region', { name: 'Mails' });
  // The confirmation the sender got opens the thread.
  await expect(conversation.getByRole('listitem').first()).toContainText(`Sent to ${sender.email}`);
  await expect(conversation.getByRole('listitem').first()).toContainText(`We received your message — ${reference}`);

  await mails.getByRole('textbox', { name: 'Reply to the sender' }).fill('Yes, 25 t ready in Kandla.');
  await mails.getByRole('button', { name: 'Send reply' }).click();
  await expect(conversation.getByRole('listitem').filter({ hasText: 'Yes, 25 t ready in Kandla.' })).toContainText(
    `Sent to ${sender.email}`,
  );

  // The reply as the buyer got it: its Reply-To is the record's own address at the desk.
  const reply = await filedMail(`the reply on ${reference}`, reference, (mail) =>
    Boolean(mail.subject?.startsWith('Re: ') && mail.text?.includes('Yes, 25 t ready in Kandla.')),
  );
  const replyTo = reply.replyTo!.value[0].address!;
  expect(replyTo).toMatch(/^desk\+[a-z2-7]{16}@sourcing\.example$/);
  const answer = buyerMail({
    from: `Asha Rao <${sender.email}>`,
    to: replyTo,
    subject: reply.subject!,
    inReplyTo: reply.messageId,
    attachment: PDF_FILE,
    body: [
      'Price is fine, please send the contract.',
      '',
      `On ${new Date().toDateString()}, Sourcing wrote:`,
      '> Yes, 25 t ready in Kandla.',
      `> Reference: ${reference}`,
    ].join('\n'),
  });
  expect(await deliverToDesk({ from: sender.email, to: [replyTo], raw: answer })).toMatch(/^250 /);

  // Live, in the record still open: the new words, marked New, the quoted history only on request.
  const received = conversation.getByRole('listitem').filter({ hasText: 'Price is fine, please send the contract.' });
  await expect(received.getByRole('heading', { level: 4 })).toHaveText(`Asha Rao <${sender.email}>`);
  await expect(received.getByText('New', { exact: true })).toBeVisible();
  await expect(page.getByText(`Reply from Asha Rao — ${reference}`, { exact: true })).toBeVisible();
  await expect(received).not.toContainText('> Yes, 25 t ready in Kandla.');
  const quoted = received.getByRole('button', { name: 'Show quoted text' });
  await expect(quoted).toHaveAttribute('aria-expanded', 'false');
  await quoted.click();
  await expect(received).toContainText('> Yes, 25 t ready in Kandla.');
  await expect(received.getByRole('button', { name: 'Hide quoted text' })).toHaveAttribute('aria-expanded', 'true');
  // Its file is listed, kept with the record, and inside the .eml to download.
  const files = received.getByRole('list', { name: 'Attachments' });
  await expect(files).toContainText(`${PDF_FILE.name} (`);
  await expect(files.getByRole('link', { name: 'Open' })).toHaveAttribute('href', /./);
  await expect(received.getByRole('button', { name: 'Download .eml' })).toBeVisible();
  expect(reloaded).toBe(false);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await screenshotsAtTwoWidths(page, conversation, 'record-conversation');

  // The owner-less record was read as it came in: its row is not marked. An answer while the list shows is.
  await page.getByRole('link', { name: '← Back to Contact Queries' }).click();
  const row = page.getByRole('row', { name: new RegExp(sender.name) });
  await expect(row).toBeVisible();
  await expect(row).not.toContainText('Customer replied');
  const again = buyerMail({ from: sender.email, to: replyTo, subject: reply.subject!, body: 'And 50 t next month?' });
  await deliverToDesk({ from: sender.email, to: [replyTo], raw: again });
  await expect(row.getByText('Customer replied', { exact: true })).toBeVisible();
  // On a phone the list is cards: the mark is on the record's card.
  await page.setViewportSize(PHONE);
  await expect(page.getByRole('listitem').filter({ hasText: sender.name })).toContainText('Customer replied');
  await page.setViewportSize(DESKTOP);

  // Opening it reads it: the mark goes.
  const seen = page.waitForResponse((response) => response.url().endsWith('/conversation/seen') && response.ok());
  await row.getByRole('link', { name: sender.name }).click();
  await expect(conversation.getByRole('listitem').filter({ hasText: 'And 50 t next month?' })).toContainText('New');
  await seen;
  await page.getByRole('link', { name: '← Back to Contact Queries' }).click();
  await expect(row).toBeVisible();
  await expect(row).not.toContainText('Customer replied');
});

test('staff send new files from their computer with a reply: a refused one says why and nothing goes; one taken goes with the mail and is the record’s from then on', async ({
  page,
  request,
}) => {
  const { sender, reference } = await openNewContact(page, request, 'Files');
  const conversation = page.getByRole('region', { name: 'Conversation' });
  const mails = page.getByRole('region', { name: 'Mails' });
  const picker = mails.getByLabel('Send new files');
  const chosen = mails.getByRole('list', { name: 'New files' });
  await mails.getByRole('textbox', { name: 'Reply to the sender' }).fill('Our price list is attached.');

  // A file that runs programs: the server refuses it, the form says why under the picker, and nothing is sent.
  await picker.setInputFiles({ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
  await expect(chosen).toContainText('setup.exe');
  const refusal = page.waitForResponse((response) => response.url().endsWith('/reply') && response.status() === 415);
  await mails.getByRole('button', { name: 'Send reply' }).click();
  await refusal;
  await expect(mails.getByText('setup.exe cannot be sent: .exe files can run programs', { exact: false })).toBeVisible();
  await expect(picker).toHaveAttribute('aria-invalid', 'true');
  await expect(mails.getByRole('textbox', { name: 'Reply to the sender' })).toHaveValue('Our price list is attached.');
  await expect(conversation.getByRole('listitem').filter({ hasText: 'Our price list is attached.' })).toHaveCount(0);

  // Taken off, and a PDF chosen instead: the reply goes with it.
  await mails.getByRole('button', { name: 'Remove setup.exe' }).click();
  await expect(chosen).toHaveCount(0);
  await picker.setInputFiles({ ...PDF_FILE, name: 'price-list.pdf' });
  await expect(chosen).toContainText('price-list.pdf');
  // The picker and the chosen files fit a phone's width.
  await page.setViewportSize(PHONE);
  await expectFitsScreen(page);
  await page.setViewportSize(DESKTOP);
  await mails.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText('Reply queued', { exact: true })).toBeVisible();
  await expect(chosen).toHaveCount(0);
  const sent = conversation.getByRole('listitem').filter({ hasText: 'Our price list is attached.' });
  await expect(sent.getByRole('list', { name: 'Attachments' })).toContainText('price-list.pdf (');
  await expect(sent.getByRole('link', { name: 'Open' })).toHaveAttribute('href', /./);
  // It is a file of the record now: a later reply can send it again.
  await expect(mails.getByRole('group', { name: 'Send files of this record' })).toContainText('price-list.pdf');
  await expect(mails.getByRole('checkbox', { name: /price-list\.pdf.*sent in a reply/ })).not.toBeChecked();

  // The mail the sender got carries it, byte for byte.
  const reply = await filedMail(`the reply with a file on ${reference}`, reference, (mail) =>
    Boolean(mail.text?.includes('Our price list is attached.')),
  );
  expect(reply.to).toMatchObject({ value: [{ address: sender.email }] });
  expect(reply.attachments.map((file) => [file.filename, file.contentType, file.content.equals(PDF_FILE.buffer)])).toEqual([
    ['price-list.pdf', 'application/pdf', true],
  ]);
});

test('a mail no record claimed waits on Unmatched mail until staff attach it to its record by the reference', async ({
  page,
  request,
}) => {
  const { tag, reference } = await openNewContact(page, request, 'Lost');
  const stranger = `${tag.toLowerCase()}@elsewhere.example`;
  const words = `Do you still buy rice? ${tag}`;
  const mail = buyerMail({ from: `Dev Stranger <${stranger}>`, to: E2E_DESK_ADDRESS, subject: 'Rice', body: words });
  await deliverToDesk({ from: stranger, to: [E2E_DESK_ADDRESS], raw: mail });

  await page.getByRole('navigation').getByRole('link', { name: 'Unmatched mail' }).click();
  await expect(page.getByRole('heading', { name: 'Unmatched mail', level: 2 })).toBeVisible();
  const waiting = page.getByRole('article', { name: `Dev Stranger <${stranger}>` });
  await expect(waiting).toContainText(words);
  await expect(waiting).toContainText(`To ${E2E_DESK_ADDRESS}`);
  await expect(waiting.getByRole('button', { name: 'Download .eml' })).toBeVisible();
  await expect(waiting.getByRole('textbox', { name: 'Reference' })).toHaveAttribute('placeholder', 'INQ-…, OFR-… or MSG-…');
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await screenshotsAtTwoWidths(page, page.getByRole('main'), 'unmatched-mail');

  // A reference that names no record is refused, and the mail stays.
  await waiting.getByRole('textbox', { name: 'Reference' }).fill('MSG-000000');
  await waiting.getByRole('button', { name: 'Attach' }).click();
  await expect(page.getByText('No record has that reference', { exact: true })).toBeVisible();
  await waiting.getByRole('textbox', { name: 'Reference' }).fill(reference.toLowerCase());
  await waiting.getByRole('button', { name: 'Attach' }).click();
  await expect(page.getByText(`Attached to ${reference}`, { exact: true })).toBeVisible();
  await expect(waiting).toHaveCount(0);

  await page.goBack();
  const attached = page.getByRole('region', { name: 'Conversation' }).getByRole('listitem').filter({ hasText: words });
  await expect(attached.getByText('From another address', { exact: true })).toBeVisible();
  await expect(attached.getByText('From another address', { exact: true })).toHaveAttribute('title', /forwarded/);
});

test('an HTML answer shows formatted in a frame where its scripts never run, its remote images only on request', async ({
  page,
  request,
}) => {
  const { tag, sender, reference } = await openNewContact(page, request, 'Html');
  const image = `${E2E_BASE_URL}/logo.svg?${tag}`;
  const imageRequests: string[] = [];
  page.on('request', (sent) => sent.url() === image && imageRequests.push(sent.url()));
  const boundary = `alt-${tag}`;
  const html = [
    '<html><head><script>parent.document.title = "pwned"; window.top.name = "pwned";</script></head><body>',
    `<p>Our <b>formatted</b> answer ${tag}</p>`,
    `<img src="${image}" alt="Remote logo" width="120" height="40">`,
    '<img src="x" onerror="window.top.name = \'pwned\'" alt="Broken">',
    '</body></html>',
  ].join('');
  const raw = [
    `From: ${sender.email}`,
    `To: ${E2E_DESK_ADDRESS}`,
    // No reply yet, so no token: the reference in the subject, from the record's own address, finds it.
    `Subject: Formatted answer on ${reference}`,
    `Message-ID: <${randomUUID()}@buyer.example>`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    `Our formatted answer ${tag}`,
    `--${boundary}`,
    'Content-Type: text/html; charset=utf-8',
    '',
    html,
    `--${boundary}--`,
    '',
  ].join('\r\n');
  await deliverToDesk({ from: sender.email, to: [E2E_DESK_ADDRESS], raw });

  const received = page
    .getByRole('region', { name: 'Conversation' })
    .getByRole('listitem')
    .filter({ hasText: `Formatted answer on ${reference}` });
  await received.getByRole('button', { name: 'Show formatted' }).click();
  const frame = received.frameLocator('iframe[title="Formatted mail: Formatted answer on ' + reference + '"]');
  await expect(frame.getByText(`Our formatted answer ${tag}`)).toBeVisible();
  await expect(frame.locator('b')).toHaveText('formatted');
  const remote = frame.getByRole('img', { name: 'Remote logo' });
  await expect(remote).toBeVisible();
  await expect(remote).not.toHaveAttribute('src');
  expect(imageRequests).toEqual([]);

  await received.getByRole('button', { name: 'Load remote images' }).click();
  await expect(remote).toHaveAttribute('src', image);
  await expect.poll(() => imageRequests.length).toBe(1);
  await expect(received.getByRole('button', { name: 'Load remote images' })).toHaveCount(0);
  await received.screenshot({
    path: 'test-results/formatted-mail-desktop.png',
    style: '.admin-header { position: static !important; }',
  });
  // Nothing of the mail ran: not in its frame, not on the page around it.
  expect(await page.title()).not.toContain('pwned');
  expect(await page.evaluate(() => window.name)).not.toBe('pwned');
});

test('a mail from a blocked address shows in the conversation marked Spam, not New, and leaves the record as it was', async ({
  page,
  request,
}) => {
  const { sender, reference } = await openNewContact(page, request, 'Blocked');
  const blocked = await request.post('/api/admin/block-list', {
    data: { values: [sender.email] },
    headers: await bearerOf(request, E2E_ADMIN),
  });
  expect(blocked.status()).toBe(201);
  const words = `Cheap rice for ${reference}, buy now.`;
  const mail = buyerMail({ from: sender.email, to: E2E_DESK_ADDRESS, subject: `Re: ${reference}`, body: words });
  await deliverToDesk({ from: sender.email, to: [E2E_DESK_ADDRESS], raw: mail });

  // Nothing live comes of it: reading the record again shows it.
  await page.reload();
  const spam = page.getByRole('region', { name: 'Conversation' }).getByRole('listitem').filter({ hasText: words });
  await expect(spam).toContainText('Spam');
  await expect(spam).not.toContainText('New');
  await expect(page.getByRole('list', { name: 'Timeline' })).not.toContainText('Reply from');
});
