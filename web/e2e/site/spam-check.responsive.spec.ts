import { expect, test } from '@playwright/test';

/** What the spam check adds to a page: the widget's script, style and worker, and its challenge. */
const SPAM_CHECK = /altcha|pbkdf2|\/api\/challenge/i;

test('a page loads no anti-spam code until a form is used, then solves a challenge by itself', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await page.goto('/', { waitUntil: 'load' });
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('button', { name: 'Join Now' })).toBeEnabled();
  expect(requested.filter((path) => SPAM_CHECK.test(path))).toEqual([]);

  await footer.getByRole('textbox', { name: 'Email address' }).focus();
  // A labelled checkbox, ticked once the proof of work is done: what a screen reader announces.
  await expect(footer.getByRole('checkbox', { name: 'Verified' })).toBeChecked();
  expect(requested).toContain('/api/challenge');
  expect(requested.some((path) => /altcha/i.test(path))).toBe(true);
});

test('the honeypot is out of sight, out of the tab order and hidden from assistive technology', async ({ page }) => {
  await page.goto('/contact');
  const trap = page.locator('input[name="website"]').first();
  await expect(trap).toHaveAttribute('tabindex', '-1');
  await expect(trap).toHaveAttribute('autocomplete', 'off');
  await expect(page.getByRole('textbox', { name: 'Website' })).toHaveCount(0);
  const box = await trap.boundingBox();
  expect(box === null || box.x + box.width <= 0).toBe(true);
});

test('the widget appearing under a press does not move the button being pressed', async ({ page }) => {
  await page.goto('/commodity-inquiry');
  const submit = page.getByRole('button', { name: 'Submit Inquiry' });
  await expect(submit).toBeEnabled();
  await submit.scrollIntoViewIfNeeded();
  const box = (await submit.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  // The press is what loads the widget; the release comes once it is on the page.
  await page.mouse.down();
  await expect(page.locator('altcha-widget').getByRole('checkbox')).toBeVisible();
  await page.mouse.up();
  await expect(page.getByText('Please fill all required fields')).toBeVisible();
});

test('a submit pressed before the challenge has arrived waits for it, then sends once, with one challenge solved', async ({
  page,
}) => {
  const challengesAsked: string[] = [];
  let releaseChallenge = () => {};
  const challengeHeld = new Promise<void>((resolve) => (releaseChallenge = resolve));
  await page.route('**/api/challenge', async (route) => {
    challengesAsked.push(route.request().url());
    if (challengesAsked.length === 1) await challengeHeld;
    await route.continue();
  });
  await page.goto('/about');
  const footer = page.getByRole('contentinfo');
  const email = footer.getByRole('textbox', { name: 'Email address' });
  await email.fill(`held-challenge-${Date.now()}@example.com`);
  const subscribed = page.waitForResponse('**/api/subscribers');
  await footer.getByRole('button', { name: 'Join Now' }).click();
  await expect(footer.getByRole('button', { name: 'Subscribing...' })).toBeDisabled();
  // The page asks for its challenge on its own time after the click: wait for the request, held.
  await expect.poll(() => challengesAsked.length).toBe(1);
  releaseChallenge();
  expect((await subscribed).ok()).toBe(true);
  await expect(footer.getByRole('status')).not.toHaveText('');
  await expect(footer.getByRole('status')).not.toHaveClass(/is-error/);
  // The next submission's challenge, asked for after this one was used: never two at once.
  await expect.poll(() => challengesAsked.length).toBe(2);
});
