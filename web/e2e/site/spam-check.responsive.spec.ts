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
