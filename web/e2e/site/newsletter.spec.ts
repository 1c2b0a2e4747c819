import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { API_PATHS, type SubscriberRecord } from '@sourcing/shared';
import { simpleParser } from 'mailparser';
import { E2E_BASE_URL, E2E_DATA_DIR } from '../support/env';
import { adminList, expect, test, uniqueEmail } from './site-test';

const SUBSCRIBED = 'Thank you! Please confirm your subscription from the e-mail we sent you';

/** The mail sent to `address`: without SMTP_URL the test server keeps every mail as an .eml file under DATA_DIR/mail. */
async function mailTo(address: string) {
  const folder = join(E2E_DATA_DIR, 'mail');
  let raw: Buffer | undefined;
  await expect
    .poll(() => {
      const files = readdirSync(folder, { withFileTypes: true }).filter((f) => f.name.endsWith('.eml'));
      raw = files.map((f) => readFileSync(join(folder, f.name))).find((bytes) => bytes.includes(`To: ${address}`));
      return Boolean(raw);
    })
    .toBe(true);
  return simpleParser(raw!);
}

const subscriberStatus = async (request: import('@playwright/test').APIRequestContext, email: string) =>
  (await adminList<SubscriberRecord>(request, API_PATHS.subscribers, email)).map((s) => s.status);

test('subscribe, confirm from the mail, see it confirmed in the admin, leave with one click', async ({
  page,
  request,
}, testInfo) => {
  const address = uniqueEmail('reader', testInfo.project.name);
  await page.goto('/about');
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('textbox', { name: 'Email address' }).fill(address);
  await footer.getByRole('button', { name: 'Join Now' }).click();
  await expect(footer.getByRole('status')).toHaveText(SUBSCRIBED);
  expect(await subscriberStatus(request, address)).toEqual(['pending']);

  const mail = await mailTo(address);
  expect(mail.subject).toBe('Please confirm your newsletter subscription');
  const confirm = String(mail.text).match(/http\S+\/api\/newsletter\/confirm\?token=\S+/)![0];
  // Long header values are folded onto continuation lines.
  const headerLines = mail.headerLines.map((h) => h.line.replace(/\r?\n[ \t]+/g, ' '));
  expect(headerLines).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  const unsubscribe = headerLines.find((line) => line.startsWith('List-Unsubscribe: '))!.match(/<(.+)>/)![1];
  expect(confirm.startsWith(E2E_BASE_URL)).toBe(true);

  await page.goto(confirm);
  await expect(page).toHaveURL(/\/newsletter\/confirmed$/);
  await expect(page.getByRole('heading', { name: 'Subscription confirmed' })).toBeVisible();
  expect(await subscriberStatus(request, address)).toEqual(['confirmed']);

  // RFC 8058: the mail provider POSTs List-Unsubscribe=One-Click to the header's URL, without cookies.
  const oneClick = await request.post(unsubscribe, { form: { 'List-Unsubscribe': 'One-Click' } });
  expect(oneClick.status()).toBe(200);
  expect(await subscriberStatus(request, address)).toEqual(['unsubscribed']);
});
