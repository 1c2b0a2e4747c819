import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { DashboardStats } from '@sourcing/shared';
import { engagementRate } from '../../src/admin/dashboard/engagement-rate';
import { adminPage, backUpWithAdminCommand, createAdmin, expect, openAdmin, test, uniqueTag } from './support';

const statsResponse = (page: Page, period: string) =>
  page.waitForResponse((r) => r.url().includes(`/api/admin/stats?period=${period}`) && r.status() === 200);

const card = (page: Page, label: string) => page.locator('.stat-card', { hasText: label }).locator('.stat-value');

test.describe('dashboard', () => {
  test('stat cards show the stats endpoint figures, with the engagement rate', async ({ page }) => {
    const answered = statsResponse(page, 'week');
    await openAdmin(page);
    const stats = (await (await answered).json()) as DashboardStats;
    await expect(page.locator('.stat-card .stat-label')).toHaveText([
      'Total Subscribers',
      'Total Buyer Inquiries',
      'Supplier Submissions',
      'Contact Messages',
      'Engagement Rate',
    ]);
    await expect(card(page, 'Total Subscribers')).toHaveText(String(stats.totals.subscribers));
    await expect(card(page, 'Total Buyer Inquiries')).toHaveText(String(stats.totals.inquiries));
    await expect(card(page, 'Supplier Submissions')).toHaveText(String(stats.totals.supplierInquiries));
    await expect(card(page, 'Contact Messages')).toHaveText(String(stats.totals.contacts));
    await expect(card(page, 'Engagement Rate')).toHaveText(engagementRate(stats.totals.inquiries, stats.totals.subscribers));
  });

  test('the trend chart defaults to This Week and switches periods', async ({ page }) => {
    const week = statsResponse(page, 'week');
    await openAdmin(page);
    await expect(page.getByRole('heading', { name: 'Weekly Inquiry Trends' })).toBeVisible();
    const select = page.getByRole('combobox', { name: 'Chart period' });
    await expect(select).toHaveValue('week');
    await expect(select.locator('option')).toHaveText(['This Week', 'This Month', 'This Year']);
    const chart = page.locator('.trend-chart');
    const weekStats = (await (await week).json()) as DashboardStats;
    expect(weekStats.trend.labels).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    await expect(chart.locator('svg text', { hasText: /^Sun$/ })).toBeVisible();

    const year = statsResponse(page, 'year');
    await select.selectOption({ label: 'This Year' });
    const yearStats = (await (await year).json()) as DashboardStats;
    await expect(chart.locator('svg text', { hasText: /^Jan$/ })).toBeVisible();
    await expect(chart).toHaveAttribute(
      'aria-label',
      `Inquiries per period: ${yearStats.trend.labels.map((l, i) => `${l} ${yearStats.trend.counts[i]}`).join(', ')}`,
    );

    const month = statsResponse(page, 'month');
    await select.selectOption({ label: 'This Month' });
    const monthStats = (await (await month).json()) as DashboardStats;
    expect(monthStats.trend.labels[0]).toBe('1');
    await expect(chart.locator('svg text', { hasText: /^Jan$/ })).toHaveCount(0);
  });

  test('recent activities: the texts of docs/admin.md#recent-activities, a coloured initial circle, at most 6; the empty text', async ({
    page,
  }) => {
    const at = new Date().toISOString();
    const recent = [
      { id: '1', kind: 'inquiry', name: 'Jane Buyer', createdAt: at },
      { id: '2', kind: 'contact', name: 'omar Sender', createdAt: at },
      { id: '3', kind: 'subscriber', name: 'reader@example.com', createdAt: at },
      ...[4, 5, 6, 7, 8].map((n) => ({ id: String(n), kind: 'contact', name: `Extra ${n}`, createdAt: at })),
    ];
    let answer = recent;
    await page.route('**/api/admin/stats?*', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as DashboardStats;
      await route.fulfill({ response, json: { ...body, recent: answer } });
    });
    await openAdmin(page);
    const items = page.locator('.activity-item');
    await expect(items).toHaveCount(6);
    await expect(items.nth(0)).toContainText('Jane Buyer submitted a new inquiry');
    await expect(items.nth(1)).toContainText('omar Sender sent a contact message');
    await expect(items.nth(2)).toContainText('reader@example.com joined the newsletter');
    await expect(items.locator('.activity-initial')).toHaveText(['J', 'O', 'R', 'E', 'E', 'E']);
    const colours = await items
      .locator('.activity-initial')
      .evaluateAll((els) => els.map((e) => getComputedStyle(e).backgroundColor));
    expect(new Set(colours).size).toBe(3);
    await expect(items.nth(0).locator('time')).toHaveText(await page.evaluate((t) => new Date(t).toLocaleString(), at));

    answer = [];
    await page.getByRole('combobox', { name: 'Chart period' }).selectOption('month');
    await expect(page.getByText('No recent activity yet.')).toBeVisible();
  });

  test('a failed load says so and offers Retry, which loads the figures', async ({ page }) => {
    await openAdmin(page, '/admin/subscribers');
    const stats = '**/api/admin/stats?*';
    await page.route(stats, (route) => route.fulfill({ status: 500, body: '' }));
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('alert')).toHaveText('Error: Failed to load the dashboard');
    await page.unroute(stats);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.locator('.stat-card')).toHaveCount(5);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('the chart library is only downloaded on the dashboard', async ({ page }) => {
    const scripts: string[] = [];
    page.on('response', (r) => r.request().resourceType() === 'script' && scripts.push(r.url()));
    await openAdmin(page, '/admin/subscribers');
    await expect(page.getByRole('heading', { name: 'Subscribers List' })).toBeVisible();
    expect(scripts.some((s) => s.includes('TrendChart'))).toBe(false);
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.locator('.trend-chart svg')).toBeVisible();
    expect(scripts.some((s) => s.includes('TrendChart'))).toBe(true);
  });

  test('an owner sees the Backups panel: the last backup with its size, and that no schedule is set; an agent does not', async ({
    page,
    browser,
  }) => {
    // Two runs of the admin CLI (the backup, the agent's account), each a process of its own.
    test.setTimeout(90_000);
    const folder = mkdtempSync(join(tmpdir(), 'sourcing-e2e-backups-'));
    try {
      backUpWithAdminCommand(folder);
      await openAdmin(page);
      const panel = page.getByRole('region', { name: 'Backups' });
      await expect(panel.getByRole('status')).toHaveText(/^Last backup: .+ \(\d+\.\d (KB|MB)\)$/);
      await expect(panel).toContainText('Scheduled backups are off: set BACKUP_DIR.');

      const agent = await adminPage(browser, '/admin', createAdmin(uniqueTag('backupagent')));
      await expect(agent.locator('.stat-card').first()).toBeVisible();
      await expect(agent.getByRole('region', { name: 'Backups' })).toHaveCount(0);
      await agent.context().close();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
