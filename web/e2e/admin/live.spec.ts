import type { Response, WebSocketRoute } from '@playwright/test';
import type { DashboardStats } from '@sourcing/shared';
import { E2E_BASE_URL } from '../support/env';
import { expect, inquiryValues, openAdmin, seedContact, seedInquiry, test, uniqueTag } from './support';

test.describe('live updates', () => {
  test('a public submission from another browser appears in the open list within 2 s, without reload', async ({
    page,
    browser,
  }) => {
    const tag = uniqueTag('Live');
    await openAdmin(page, `/admin/inquiries?q=${tag}`);
    await expect(page.getByText(`No buyer inquiries match “${tag}”.`)).toBeVisible();
    let reloaded = false;
    page.on('framenavigated', (frame) => frame === page.mainFrame() && (reloaded = true));

    const visitor = await browser.newContext({ baseURL: E2E_BASE_URL });
    await seedInquiry(visitor.request, inquiryValues(tag));
    await expect(page.locator('table.records-table tbody tr')).toHaveCount(1, { timeout: 2000 });
    await expect(page.locator('table.records-table')).toContainText(`Jane ${tag}`);
    expect(reloaded).toBe(false);
    await visitor.close();
  });

  test('the dashboard re-reads its figures from the stats endpoint when a record arrives', async ({ page, browser }) => {
    const statsAnswers: Response[] = [];
    page.on('response', (r) => r.url().includes('/api/admin/stats') && r.ok() && statsAnswers.push(r));
    await openAdmin(page);
    const contactsCard = page.locator('.stat-card', { hasText: 'Contact Messages' }).locator('.stat-value');
    await expect(contactsCard).toHaveText(/^\d+$/);
    const before = Number(await contactsCard.textContent());
    const answersBefore = statsAnswers.length;

    const visitor = await browser.newContext({ baseURL: E2E_BASE_URL });
    await seedContact(visitor.request, { name: `Live ${uniqueTag('D')}`, email: 'live@example.com', message: 'hello' });
    await expect.poll(async () => Number(await contactsCard.textContent()), { timeout: 2000 }).toBeGreaterThan(before);
    // The new figure is one the stats endpoint answered after the record arrived.
    const shown = await contactsCard.textContent();
    const answered = await Promise.all(
      statsAnswers.slice(answersBefore).map(async (r) => String(((await r.json()) as DashboardStats).totals.contacts)),
    );
    expect(answered).toContain(shown);
    await visitor.close();
  });

  test('after the socket drops, the reconnect re-fetches so nothing is missed', async ({ page, request }) => {
    const tag = uniqueTag('Re');
    const sockets: WebSocketRoute[] = [];
    let offline = false;
    let dropped = 0;
    await page.routeWebSocket('**/api/ws', (ws) => {
      const server = ws.connectToServer();
      // While "offline" and on every later connection, events are lost: only the re-fetch after
      // reconnecting can show the row.
      const first = sockets.length === 0;
      server.onMessage((message) => {
        if (first && !offline) ws.send(message);
        else dropped += 1;
      });
      sockets.push(ws);
    });
    await openAdmin(page, `/admin/contact-queries?q=${tag}`);
    await expect(page.getByText(`No contact messages match “${tag}”.`)).toBeVisible();
    await expect.poll(() => sockets.length).toBe(1);

    offline = true;
    await seedContact(request, { name: `Missed ${tag}`, email: 'missed@example.com', message: 'while offline' });
    await expect.poll(() => dropped).toBe(1);
    await expect(page.getByText(`No contact messages match “${tag}”.`)).toBeVisible();
    await sockets[0].close();
    await expect.poll(() => sockets.length, { timeout: 5000 }).toBe(2);
    await expect(page.locator('table.records-table')).toContainText(`Missed ${tag}`, { timeout: 5000 });
  });

  test('while the live connection is lost, "Reconnecting..." shows with a way to reconnect at once', async ({ page }) => {
    let accepting = true;
    const sockets: WebSocketRoute[] = [];
    await page.routeWebSocket('**/api/ws', (ws) => {
      sockets.push(ws);
      if (accepting) ws.connectToServer();
      else void ws.close(); // the server is unreachable: the client backs off and tries again
    });
    await openAdmin(page, '/admin/contact-queries');
    const lost = page.getByRole('status').filter({ hasText: 'Reconnecting...' });
    await expect.poll(() => sockets.length).toBe(1);
    await expect(lost).toHaveCount(0);

    accepting = false;
    await sockets[0].close();
    await expect(lost).toBeVisible();
    await expect(lost).toContainText('New records will appear once the live connection is back.');
    const attempts = sockets.length;

    accepting = true;
    await lost.getByRole('button', { name: 'Reconnect now' }).click();
    await expect(lost).toHaveCount(0);
    expect(sockets.length).toBeGreaterThan(attempts);
  });
});
