import type { ContactMessageRecord } from '@sourcing/shared';
import { API_PATHS } from '@sourcing/shared';
import { adminList, expect, test, uniqueEmail } from './site-test';

const SUBSCRIBED = 'Thank you! Please confirm your subscription from the e-mail we sent you';

/**
 * Holds the matching API calls until `release()`, so the loading state is asserted while it
 * certainly lasts (a fixed delay races the assertions on a busy machine). `arrived` settles when
 * the first call is held: the form shows its loading state while it still solves its spam check,
 * before it sends anything.
 */
function holdRequests() {
  let release!: () => void;
  let arrive!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const handler = async (route: import('@playwright/test').Route) => {
    arrive();
    await released;
    await route.continue();
  };
  return { handler, release, arrived };
}

/** Stops the page's clock (installed before the page loaded) so the test runs it ahead by exact amounts. */
async function pauseClock(page: import('@playwright/test').Page) {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
}

test('the newsletter subscribes, says so, empties the field and clears the message after 3 s', async ({ page }, testInfo) => {
  await page.clock.install();
  await page.goto('/about');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('heading', { name: 'Stay Updated' })).toBeVisible();
  const email = footer.getByRole('textbox', { name: 'Email address' });
  const button = footer.getByRole('button', { name: 'Join Now' });
  const address = uniqueEmail('newsletter', testInfo.project.name);

  // The challenge comes late, as on a slow line: the form shows it is busy before it sends.
  const challenge = holdRequests();
  await page.route(`**/api${API_PATHS.formChallenge}*`, challenge.handler);
  const held = holdRequests();
  await page.route('**/api/subscribers', held.handler);
  await email.fill(address);
  await button.click();
  await expect(footer.getByRole('button', { name: 'Subscribing...' })).toBeDisabled();
  await expect(email).toBeDisabled();
  challenge.release();
  // The message's 3 s start with the answer, on a stopped clock. The clock stops only once the
  // request is out: stopped earlier, it would also stop the spam check's solving, so nothing is sent.
  await held.arrived;
  await pauseClock(page);
  held.release();
  const status = footer.getByRole('status');
  await expect(status).toHaveText(SUBSCRIBED);
  await expect(email).toHaveValue('');
  await expect(button).toBeEnabled();
  await page.clock.runFor(2999);
  await expect(status).toHaveText(SUBSCRIBED);
  await page.clock.runFor(1);
  await expect(status).toHaveText('');
  await page.clock.resume();

  // The same address again: the same answer, which never tells whether an address is on the list.
  await email.fill(address);
  await button.click();
  await expect(status).toHaveText(SUBSCRIBED);
});

test('the newsletter does nothing with an empty address', async ({ page }) => {
  await page.goto('/');
  const posted: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/subscribers')) posted.push(r.postDataJSON().email);
  });
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('button', { name: 'Join Now' }).click();
  // Then a real address: had the empty one been sent, its request would come first.
  const email = `empty-first-${Date.now()}@example.com`;
  await footer.getByRole('textbox').fill(email);
  await Promise.all([page.waitForResponse('**/api/subscribers'), footer.getByRole('button', { name: 'Join Now' }).click()]);
  expect(posted).toEqual([email]);
});

/** What a broken API (or a proxy in front of it) answers: a 500 with no message of its own. */
const emptyServerError = (route: import('@playwright/test').Route) => route.fulfill({ status: 500, body: '' });

test('the newsletter keeps an address the server refuses, so it can be corrected', async ({ page }) => {
  await page.goto('/about');
  const footer = page.getByRole('contentinfo');
  const email = footer.getByRole('textbox', { name: 'Email address' });
  // The browser's e-mail check accepts a host without a dot; the API asks for a real address.
  await email.fill('buyer@localhost');
  await footer.getByRole('button', { name: 'Join Now' }).click();
  await expect(footer.getByRole('status')).toHaveClass(/is-error/);
  await expect(footer.getByRole('status')).not.toHaveText('');
  await expect(email).toHaveValue('buyer@localhost');
  await expect(email).toBeEnabled();
});

test("the newsletter says 'Subscription failed' when the server gives no reason, and keeps the address", async ({ page }) => {
  await page.goto('/about');
  await page.route('**/api/subscribers', emptyServerError);
  const footer = page.getByRole('contentinfo');
  const email = footer.getByRole('textbox', { name: 'Email address' });
  await email.fill('buyer@example.com');
  await footer.getByRole('button', { name: 'Join Now' }).click();
  await expect(footer.getByRole('status')).toHaveText('Subscription failed');
  await expect(email).toHaveValue('buyer@example.com');
});

test("the contact dialog says 'Failed to send message' when the server gives no reason, and keeps every field", async ({
  page,
}) => {
  await page.goto('/contact');
  await page.route('**/api/contact', emptyServerError);
  await page.getByRole('button', { name: 'Send a Message' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send us a message' });
  await dialog.getByLabel('Name').fill('Marta Visser');
  await dialog.getByLabel('Email').fill('marta@example.com');
  await dialog.getByLabel('Message').fill('Please quote 500 MT of copper cathode.');
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Failed to send message');
  await expect(dialog.getByLabel('Name')).toHaveValue('Marta Visser');
  await expect(dialog.getByLabel('Email')).toHaveValue('marta@example.com');
  await expect(dialog.getByLabel('Message')).toHaveValue('Please quote 500 MT of copper cathode.');
  await expect(dialog.getByRole('button', { name: 'Send Message' })).toBeEnabled();
});

test('Contact offers call and e-mail links and a message dialog that sends, stores and shows the reference until closed', async ({
  page,
  request,
}, testInfo) => {
  // The page's clock moves on only when told to: how long the dialog stays is not left to the machine's speed.
  await page.clock.install();
  await page.goto('/contact');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Call Us' })).toBeVisible();
  await expect(main.getByRole('link', { name: '+91 11 4567 8900' })).toHaveAttribute('href', 'tel:+911145678900');
  await expect(main.getByRole('heading', { name: 'Email Us' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'info@indusglobalsourcing.com' })).toHaveAttribute(
    'href',
    'mailto:info@indusglobalsourcing.com',
  );

  const dialog = page.getByRole('dialog', { name: 'Send us a message' });
  await page.getByRole('button', { name: 'Send a Message' }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Send a Message' }).click();
  const email = uniqueEmail('contact', testInfo.project.name);
  const text = `Please quote 500 MT of copper cathode.\nDelivery to Rotterdam (${email}).`;
  await dialog.getByLabel('Name').fill('Marta Visser');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Message').fill(text);
  const held = holdRequests();
  await page.route('**/api/contact', held.handler);
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(dialog.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  held.release();
  const status = dialog.getByRole('status');
  await expect(status).toHaveText(/^Message sent successfully ?Reference: MSG-[0-9A-Z]{6}$/);
  const reference = (await status.locator('strong').textContent())!;
  await expect(dialog.getByLabel('Name')).toHaveValue('');
  await expect(dialog.getByLabel('Email')).toHaveValue('');
  await expect(dialog.getByLabel('Message')).toHaveValue('');

  // A minute on, the reference is still there to copy; only Close takes it away.
  await page.clock.fastForward(60_000);
  await expect(dialog).toBeVisible();
  await expect(status).toContainText(reference);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Send a Message' }).click();
  await expect(status).toHaveText('');

  const stored = await adminList<ContactMessageRecord>(request, API_PATHS.contact, email);
  expect(stored).toEqual([expect.objectContaining({ name: 'Marta Visser', email, message: text, reference })]);
});

test('the contact dialog closes with Escape and requires every field', async ({ page }) => {
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Send a Message' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send us a message' });
  for (const label of ['Name', 'Email', 'Message']) await expect(dialog.getByLabel(label)).toHaveAttribute('required', '');
  await expect(dialog.getByLabel('Email')).toHaveAttribute('type', 'email');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Send a Message' }).click();
  await expect(dialog).toBeVisible();
});
