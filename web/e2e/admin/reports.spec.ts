import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { withServerDatabase } from '@sourcing/api/test/server-database';
import type { Locator, Page } from '@playwright/test';
import { E2E_ADMIN, E2E_DATA_DIR } from '../support/env';
import { adminPage, createStaff, expect, inquiryValues, openAdmin, seedInquiry, test, uniqueTag } from './support';

/**
 * docs/admin.md#reports: a fixture of inquiries in early May 2024 (no other test writes there), each
 * submitted through the API and then given its arrival, status, owner, source, reason and first
 * reply in the server's database (the report counts follow by their triggers), so every report
 * has known figures. The servers run in UTC.
 */
const PERIOD = '?from=2024-05-01&to=2024-05-10';

/** The rows of a report's table, each as its cells' texts. */
const tableOf = (page: Page, title: string): Locator =>
  page.getByRole('region', { name: title, exact: true }).getByRole('table').locator('tbody tr');

async function expectRows(page: Page, title: string, rows: string[][]) {
  const body = tableOf(page, title);
  await expect(body).toHaveCount(rows.length);
  for (const [i, row] of rows.entries()) await expect(body.nth(i).locator('th, td')).toHaveText(row);
}

test.describe('reports', () => {
  let agentEmail: string;

  test.beforeAll(async ({ request }) => {
    const tag = uniqueTag('Report');
    agentEmail = (await createStaff(request, 'agent')).email;
    const names = ['Won', 'Lost', 'Working', 'Fresh', 'Before'].map((n) => `${n} ${tag}`);
    for (const [i, name] of names.entries()) {
      await seedInquiry(
        request,
        inquiryValues(`${tag}${i}`, { fullName: name, destinationPort: i === 1 ? 'Jebel Ali' : 'Nhava Sheva' }),
      );
    }
    withServerDatabase(E2E_DATA_DIR, (db) => {
      const idOf = (email: string) => (db.prepare('SELECT "id" FROM "admins" WHERE "email" = ?').get(email) as { id: string }).id;
      const admin = idOf(E2E_ADMIN.email);
      const agent = idOf(agentEmail);
      const set = (name: string, values: Record<string, string | null>) =>
        db
          .prepare(
            `UPDATE "inquiries" SET ${Object.keys(values)
              .map((k) => `"${k}" = @${k}`)
              .join(', ')} WHERE "fullName" = @name`,
          )
          .run({ ...values, name });
      const fixture: [string, Record<string, string | null>][] = [
        [names[0], { createdAt: '2024-05-02 10:00:00.000', status: 'Won', outcomeReason: 'Best price', ownerId: admin }],
        [names[0], { firstResponseAt: '2024-05-02 10:30:00.000', firstResponderId: admin }],
        // Quoted, then Lost: its furthest step stays Quoted.
        [names[1], { createdAt: '2024-05-03 10:00:00.000', status: 'Quoted', ownerId: agent, source: 'embed' }],
        [names[1], { status: 'Lost', outcomeReason: 'Price too high', sourcePartner: 'https://partner.example' }],
        [names[1], { firstResponseAt: '2024-05-03 11:30:00.000', firstResponderId: agent }],
        [names[2], { createdAt: '2024-05-05 10:00:00.000', status: 'In progress', ownerId: admin, source: 'desk' }],
        [names[2], { firstResponseAt: '2024-05-05 12:00:00.000', firstResponderId: admin }],
        [names[3], { createdAt: '2024-05-09 10:00:00.000' }],
        [names[4], { createdAt: '2024-04-25 10:00:00.000', ownerId: admin }],
      ];
      // A worker that restarts after a failure seeds again into the same server: the fixture seeded
      // before leaves the period as Spam, which no report counts.
      db.prepare(
        `UPDATE "inquiries" SET "status" = 'Spam' WHERE "createdAt" >= '2024-04-20' AND "createdAt" < '2024-05-12'`,
      ).run();
      for (const [name, values] of fixture) expect(set(name, values).changes).toBe(1);
    });
  });

  test("each report's table shows the fixture's figures; the owner filter and the period change them", async ({ page }) => {
    await openAdmin(page, `/admin/reports${PERIOD}`);
    await expect(page.getByRole('status').filter({ hasText: /inquir(y|ies) from/ })).toHaveText(
      '4 inquiries from 2024-05-01 to 2024-05-10; 1 in the previous period (2024-04-21 to 2024-04-30). Spam is not counted.',
    );
    await expectRows(page, 'Funnel', [
      ['New', '4', '1', '25'],
      ['In progress', '3', '1', '33.3'],
      ['Quoted', '2', '1', '50'],
      ['Won', '1', '', ''],
    ]);
    await expectRows(page, 'First-response time', [
      ['Under 1 hour', '1'],
      ['1-4 hours', '2'],
      ['4-24 hours', '0'],
      ['1-3 days', '0'],
      ['Over 3 days', '0'],
    ]);
    await expectRows(page, 'Median first response per person', [
      [E2E_ADMIN.email, '2', '75'],
      [agentEmail, '1', '90'],
    ]);
    await expectRows(page, 'Submissions by country', [['India', '4', '1', '300']]);
    await expect(tableOf(page, 'Submissions by commodity').first().locator('th, td')).toHaveText([
      'Copper Cathode',
      '4',
      '1',
      '300',
    ]);
    await expectRows(page, 'Submissions by destination port', [
      ['Nhava Sheva', '3', '1', '200'],
      ['Jebel Ali', '1', '0', ''],
    ]);
    await expectRows(page, 'Submissions by source', [
      ['Form', '2', '1', '100'],
      ['Desk', '1', '0', ''],
      ['Embed: https://partner.example', '1', '0', ''],
    ]);
    await expectRows(page, 'Won and lost reasons', [
      ['Won', 'Best price', '1'],
      ['Lost', 'Price too high', '1'],
    ]);
    // A chart beside each table.
    await expect(page.locator('.report-chart svg')).toHaveCount(8);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    const mine = page.waitForResponse((r) => r.url().includes('/api/admin/reports?') && r.url().includes('owner=mine'));
    await page.getByRole('combobox', { name: 'Owner' }).selectOption({ label: 'Mine' });
    await mine;
    await expectRows(page, 'Funnel', [
      ['New', '2', '0', '0'],
      ['In progress', '2', '1', '50'],
      ['Quoted', '1', '0', '0'],
      ['Won', '1', '', ''],
    ]);
    await expectRows(page, 'Won and lost reasons', [['Won', 'Best price', '1']]);
    expect(new URL(page.url()).searchParams.get('owner')).toBe('mine');

    const oneDay = page.waitForResponse((r) => r.url().includes('to=2024-05-02'));
    await page.getByLabel('To', { exact: true }).fill('2024-05-02');
    await oneDay;
    await expect(page.getByRole('status').filter({ hasText: /inquir(y|ies) from/ })).toContainText(
      '1 inquiry from 2024-05-01 to 2024-05-02',
    );
    // The previous period is now 29-30 April: the one before it arrived on the 25th.
    await expectRows(page, 'Submissions by source', [['Form', '1', '0', '']]);
  });

  test('a report downloads its figures as CSV', async ({ page }) => {
    await openAdmin(page, `/admin/reports${PERIOD}`);
    await expect(tableOf(page, 'Funnel')).toHaveCount(4);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV: Submissions by destination port' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('report-port-2024-05-01-2024-05-10.csv');
    expect(readFileSync(await file.path(), 'utf8')).toBe(
      '\uFEFFDestination port,This period,Previous period,Change %\r\nNhava Sheva,3,1,200\r\nJebel Ali,1,0,\r\n',
    );
  });

  test('viewers have no Reports page', async ({ browser, request }) => {
    const viewer = await createStaff(request, 'viewer');
    const page = await adminPage(browser, '/admin', viewer);
    await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Reports' })).toHaveCount(0);
    await page.context().close();
  });
});
