import type { Locator } from '@playwright/test';
import { expectFitsScreen } from '../support/screen-width';
import { createLongAddressedStaff, expect, inquiryValues, openAdmin, seedInquiry, test, uniqueTag } from './support';

/**
 * docs/admin.md#reports, at 1280 px and on a 375 px phone: no report's table is cut off (it sits
 * beside its chart while both fit, else under it, and scrolls in its own box only when wider than
 * the panel), the Owner filter fits the screen whoever is on the staff, and the filters' date inputs
 * look like the Owner select beside them.
 */
test('every report table shows its last column, and the date filters look like the Owner select', async ({ page, request }) => {
  const tag = uniqueTag('Layout');
  // A long destination port widens its table as a real one would.
  await seedInquiry(request, inquiryValues(tag, { destinationPort: `Jawaharlal Nehru Port Trust (Nhava Sheva) ${tag}` }));
  // The full run made the phone's page 457 px wide through the Owner select's longest option.
  await createLongAddressedStaff(request);
  await openAdmin(page, '/admin/reports');
  const panels = page.locator('section.report').filter({ has: page.locator('table') });
  await expect(panels.getByRole('table', { name: 'Funnel' }).locator('tbody tr')).toHaveCount(4);
  await expect(page.locator('.report-chart svg').first()).toBeVisible();

  const boxes = await panels.evaluateAll((sections) =>
    sections.map((section) => {
      const box = section.querySelector<HTMLElement>('.report-table-box')!;
      const lastHeader = section.querySelectorAll('thead th');
      const panel = section.getBoundingClientRect();
      const padding = parseFloat(getComputedStyle(section).paddingRight);
      return {
        title: section.querySelector('h2')!.textContent,
        panelRight: panel.right - padding,
        boxRight: box.getBoundingClientRect().right,
        lastColumnRight: lastHeader[lastHeader.length - 1].getBoundingClientRect().right,
        scrollWidth: box.scrollWidth,
        clientWidth: box.clientWidth,
        scrolls: ['auto', 'scroll'].includes(getComputedStyle(box).overflowX),
      };
    }),
  );
  // Funnel, first-response time and the four breakdowns (no reply, won or lost here).
  expect(boxes.length).toBeGreaterThanOrEqual(6);
  const wide = (page.viewportSize()?.width ?? 0) >= 1000;
  for (const box of boxes) {
    // The table's box ends within the panel.
    expect(box.boxRight, box.title).toBeLessThanOrEqual(box.panelRight + 0.5);
    if (wide || box.scrollWidth <= box.clientWidth) {
      // Nothing hidden: the last column ends within the box, which has nothing to scroll to.
      expect(box.scrollWidth, box.title).toBeLessThanOrEqual(box.clientWidth);
      expect(box.lastColumnRight, box.title).toBeLessThanOrEqual(box.boxRight + 0.5);
    } else {
      // On a phone a table wider than the panel scrolls within its own box.
      expect(box.scrolls, box.title).toBe(true);
    }
  }
  // Nor is the page wider than the screen, once the charts have taken their panels' width (they
  // are first drawn before the layout settles, then resized).
  await expectFitsScreen(page);
  await page.screenshot({ path: test.info().outputPath('reports.png'), fullPage: true });

  const filters = page.getByRole('form', { name: 'Report filters' });
  const looks = async (field: Locator) =>
    field.evaluate((field) => {
      const style = getComputedStyle(field);
      return {
        height: Math.round(field.getBoundingClientRect().height),
        border: `${style.borderTopWidth} ${style.borderTopStyle} ${style.borderTopColor}`,
        radius: style.borderTopLeftRadius,
        padding: style.paddingLeft,
        font: `${style.fontSize} ${style.fontFamily} ${style.fontWeight}`,
        background: style.backgroundColor,
      };
    });
  const owner = await looks(filters.getByRole('combobox', { name: 'Owner' }));
  expect(await looks(filters.getByLabel('From', { exact: true }))).toEqual(owner);
  expect(await looks(filters.getByLabel('To', { exact: true }))).toEqual(owner);
});
