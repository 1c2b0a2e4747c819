import type { Page } from '@playwright/test';
import { adminPage, createAdmin, expect, seedContact, test, uniqueTag } from './support';

const badge = (page: Page) => page.getByRole('link', { name: /^Contact Queries/ }).locator('.badge');
const unreadRows = (page: Page) => page.locator('table.records-table tbody tr.unread');

test.describe('read state per admin', () => {
  test('unread badges and markers come from the server: a fresh browser shows the same, opening a record reads it, changes count live', async ({
    browser,
    request,
  }) => {
    test.slow(); // three browsers, live recounts and an admin CLI run, on a machine shared with other suites
    const tag = uniqueTag('Read');
    // An account of its own: it reads from its creation on, so only this test's records are unread for it.
    const reader = createAdmin(tag);
    const name = (i: number) => `Read ${tag} ${i}`;
    for (const i of [1, 2]) await seedContact(request, { name: name(i), email: `r${i}@example.com`, message: 'hi' });

    const first = await adminPage(browser, `/admin/contact-queries?q=${tag}`, reader);
    await expect(badge(first)).toHaveText('2');
    await expect(unreadRows(first)).toHaveCount(2);
    await first.getByRole('link', { name: name(1) }).click();
    await expect(first.getByRole('heading', { name: name(1), level: 2 })).toBeVisible();
    await expect(badge(first)).toHaveText('1');

    // Another browser context: no cookies, no local storage. The server says what this admin has read.
    const fresh = await adminPage(browser, `/admin/contact-queries?q=${tag}`, reader);
    await expect(badge(fresh)).toHaveText('1');
    await expect(unreadRows(fresh)).toHaveCount(1);
    await expect(unreadRows(fresh)).toContainText(name(2));
    await expect(unreadRows(fresh).getByRole('img', { name: 'Unread' })).toBeVisible();
    await expect(fresh).toHaveTitle(/^\(1\) Admin Panel$/);

    // A new submission, then another admin marking it Spam: both browsers recount live.
    await seedContact(request, { name: name(3), email: 'r3@example.com', message: 'hi' });
    await expect(badge(first)).toHaveText('2');
    await expect(badge(fresh)).toHaveText('2');
    const owner = await adminPage(browser, `/admin/contact-queries?q=${tag}`);
    await owner.getByRole('combobox', { name: `Status of ${name(3)}` }).selectOption('Spam');
    await expect(badge(first)).toHaveText('1');
    await expect(badge(fresh)).toHaveText('1');

    await fresh.getByRole('button', { name: 'Mark all read' }).click();
    await expect(badge(fresh)).toHaveCount(0);
    await expect(unreadRows(fresh)).toHaveCount(0);
    await expect(fresh.getByRole('button', { name: 'Mark all read' })).toHaveCount(0);

    // The first browser, reloaded, agrees.
    const counted = first.waitForResponse((r) => r.url().endsWith('/api/admin/unread') && r.ok());
    await first.goto(`/admin/contact-queries?q=${tag}`);
    await counted;
    await expect(first.locator('table.records-table tbody tr')).toHaveCount(2);
    await expect(unreadRows(first)).toHaveCount(0);
    await expect(badge(first)).toHaveCount(0);
    for (const page of [first, fresh, owner]) await page.context().close();
  });
});
