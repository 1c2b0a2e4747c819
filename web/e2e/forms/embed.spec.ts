import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { E2E_BASE_URL, E2E_EMBED_ORIGIN, E2E_OTHER_ORIGIN as OTHER_ORIGIN } from '../support/env';
import { adminPage } from '../admin/support';
import { fillInquiry, inquiryInput } from './fillers';
import { confirmation, field, findInquiries, PDF_FILE, uniqueEmail } from './support';

/** The snippet partners paste, exactly as the README gives it, pointed at the test server. */
const README = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
const SNIPPET = /```html\n([\s\S]*?)```/.exec(README)![1].replaceAll('https://sourcing.example.com', E2E_BASE_URL);
const FORM_URL = `${E2E_BASE_URL}/embed/commodity-inquiry`;

/** A partner page (`?path=` chooses what the snippet frames) that notes when its frame has loaded. */
function partnerPage(path: string): string {
  const snippet = SNIPPET.replace(FORM_URL, `${E2E_BASE_URL}${path}`);
  return `<!doctype html><html lang="en"><head><title>Partner</title></head><body>
<h1>Partner page</h1>
${snippet}
<script>document.getElementById('sourcing-inquiry').addEventListener('load', function () { window.frameLoaded = true; });</script>
</body></html>`;
}

function servePartner(origin: string): Promise<Server> {
  const { hostname, port } = new URL(origin);
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', origin).searchParams.get('path') ?? '/embed/commodity-inquiry';
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(partnerPage(path));
  });
  return new Promise((resolve) => server.listen(Number(port), hostname, () => resolve(server)));
}

const embeddedFrame = (page: Page) => page.frameLocator('#sourcing-inquiry');
const childFrame = (page: Page) => page.frames().find((f) => f !== page.mainFrame())!;

test.describe('embedded forms', () => {
  test.describe.configure({ mode: 'serial' });
  let servers: Server[] = [];

  test.beforeAll(async () => {
    servers = await Promise.all([servePartner(E2E_EMBED_ORIGIN), servePartner(OTHER_ORIGIN)]);
  });

  test.afterAll(async () => {
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  });

  test('an allowed partner frames the form alone, fits it to its height and submits from inside, as its source', async ({
    page,
    request,
    browser,
  }, testInfo) => {
    await page.goto(`${E2E_EMBED_ORIGIN}/`);
    const frame = embeddedFrame(page);
    await expect(frame.getByRole('heading', { level: 1, name: 'Commodity Inquiry Form' })).toBeVisible();
    await expect(frame.getByRole('banner')).toHaveCount(0);
    await expect(frame.getByRole('contentinfo')).toHaveCount(0);

    const iframe = page.locator('#sourcing-inquiry');
    const fits = async () => {
      const content = await childFrame(page).evaluate(() =>
        Math.ceil(document.querySelector('main')!.getBoundingClientRect().height),
      );
      const box = await iframe.evaluate((el) => el.getBoundingClientRect().height);
      return Math.abs(box - content) <= 1 && content > 1000;
    };
    await expect.poll(fits).toBe(true);
    const before = await iframe.evaluate((el) => el.getBoundingClientRect().height);
    await frame.getByRole('button', { name: 'Submit Inquiry' }).click();
    await expect(field(frame, 'Full Name')).toHaveAccessibleDescription('Full Name is required');
    await expect.poll(async () => (await iframe.evaluate((el) => el.getBoundingClientRect().height)) > before).toBe(true);
    await expect.poll(fits).toBe(true);

    const input = inquiryInput(uniqueEmail(testInfo, 'embedded'));
    await fillInquiry(frame, input);
    await field(frame, 'Supporting Document').setInputFiles(PDF_FILE);
    await frame.getByRole('button', { name: 'Submit Inquiry' }).click();
    await expect(confirmation(frame)).toContainText(/Inquiry submitted successfully! Reference: [\w-]{8,}/);
    const [record] = await findInquiries(request, input.email);
    expect(record).toMatchObject({ fullName: input.fullName, commodities: ['Coal', 'Others'], purity: '98.5%' });
    expect(record.attachmentFiles.map((f) => f.originalName)).toEqual([PDF_FILE.name]);
    // Stored as from the embedded form, with the partner framing it (docs/admin.md#record-sources), and shown so on the record.
    expect(record).toMatchObject({ source: 'embed', sourcePartner: E2E_EMBED_ORIGIN });
    const admin = await adminPage(browser, `/admin/inquiries/${record._id}`);
    await expect(admin.getByRole('heading', { name: input.fullName })).toBeVisible();
    const source = admin.locator('.desk-field').filter({ has: admin.getByRole('term').getByText('Source', { exact: true }) });
    await expect(source.getByRole('definition')).toHaveText(`Embedded form on ${E2E_EMBED_ORIGIN}`);
    await admin.context().close();
  });

  test('the supplier form is embeddable too', async ({ page }) => {
    await page.goto(`${E2E_EMBED_ORIGIN}/?path=/embed/supplier-inquiry`);
    await expect(embeddedFrame(page).getByRole('heading', { level: 1, name: 'Supplier Product Submission Form' })).toBeVisible();
    await expect(embeddedFrame(page).getByRole('banner')).toHaveCount(0);
  });

  const refusals = [
    { who: 'another origin', origin: OTHER_ORIGIN, path: '/embed/commodity-inquiry' },
    { who: 'another origin', origin: OTHER_ORIGIN, path: '/embed/supplier-inquiry' },
    { who: 'even the allowed origin, for a non-embed page', origin: E2E_EMBED_ORIGIN, path: '/commodity-inquiry' },
  ];
  for (const { who, origin, path } of refusals) {
    test(`${who} cannot frame ${path}`, async ({ page }) => {
      await page.goto(`${origin}/?path=${path}`);
      await page.waitForFunction(() => (window as unknown as { frameLoaded?: boolean }).frameLoaded === true);
      await expect.poll(() => childFrame(page).url()).toMatch(/^chrome-error:/);
      await expect(embeddedFrame(page).getByRole('heading', { name: /Form$/ })).toHaveCount(0);
    });
  }
});
