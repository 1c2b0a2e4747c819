/** The site keeps to its own Content-Security-Policy: no page makes the browser report a violation. */
import { expect, test } from './site-test';

const PAGES = ['/', '/about', '/contact', '/commodity-inquiry', '/supplier-inquiry', '/embed/commodity-inquiry', '/no-such-page'];

for (const path of PAGES) {
  test(`${path} reports no Content-Security-Policy violation, forms checked included`, async ({ page }) => {
    await page.addInitScript(() => {
      (window as unknown as { cspViolations: string[] }).cspViolations = [];
      document.addEventListener('securitypolicyviolation', (event) =>
        (window as unknown as { cspViolations: string[] }).cspViolations.push(`${event.violatedDirective} ${event.sourceFile}`),
      );
    });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const submit = page.getByRole('button', { name: /^Submit / });
    if (await submit.count()) {
      // An empty submit runs the shared schema in the browser.
      await submit.click();
      await expect(page.getByText('Please fill all required fields', { exact: true })).toBeVisible();
    }
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  });
}
