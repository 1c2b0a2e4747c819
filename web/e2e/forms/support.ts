/** Helpers shared by the forms' browser tests: admin reads, test files, keyboard travel. */
import {
  API_PATHS,
  API_PREFIX,
  type InquiryRecord,
  type ListPage,
  type SessionResponse,
  type SupplierInquiryRecord,
} from '@sourcing/shared';
import { expect, type APIRequestContext, type FrameLocator, type Locator, type Page, type TestInfo } from '@playwright/test';
import { E2E_ADMIN, E2E_BASE_URL } from '../support/env';

/** Something unique to this test run and project, for e-mails the admin search can find. */
export function uniqueEmail(testInfo: TestInfo, who: string): string {
  const salt = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return `${who}.${testInfo.project.name}.${salt}@example.com`;
}

async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post(`${E2E_BASE_URL}${API_PREFIX}${API_PATHS.adminLogin}`, { data: E2E_ADMIN });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as SessionResponse).accessToken;
}

async function adminSearch<T>(request: APIRequestContext, path: string, q: string): Promise<T[]> {
  const token = await adminToken(request);
  const response = await request.get(`${E2E_BASE_URL}${API_PREFIX}${path}?q=${encodeURIComponent(q)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as ListPage<T>).data;
}

export const findInquiries = (request: APIRequestContext, q: string) =>
  adminSearch<InquiryRecord>(request, API_PATHS.inquiries, q);

export const findSupplierInquiries = (request: APIRequestContext, q: string) =>
  adminSearch<SupplierInquiryRecord>(request, API_PATHS.supplierInquiries, q);

/** Downloads a stored attachment through its signed URL, as the admin's 'View' link does. */
export async function download(request: APIRequestContext, url: string): Promise<Buffer> {
  const response = await request.get(new URL(url, E2E_BASE_URL).toString());
  expect(response.status()).toBe(200);
  return response.body();
}

/** A small but real PDF (the API checks content, not the extension). */
export const PDF_FILE = {
  name: 'specification.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
      'trailer<</Root 1 0 R>>\n%%EOF\n',
  ),
};

const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A PNG image; `padding` bytes after the image end make it as large as a test needs. */
export function pngFile(name: string, padding = 0) {
  return { name, mimeType: 'image/png', buffer: Buffer.concat([ONE_PIXEL_PNG, Buffer.alloc(padding)]) };
}

/** Presses Tab until `target` has focus, proving it is reachable by keyboard alone. */
export async function tabTo(page: Page, target: Locator, maxPresses = 120): Promise<void> {
  for (let i = 0; i < maxPresses; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Not reachable with ${maxPresses} Tab presses: ${String(target)}`);
}

/**
 * Records the bodies of the POSTs to a path, to prove a refused submit sent nothing. Looking right
 * after the refusal would also pass if its POST left a little later, so the test then sends a
 * complete submission through the same form (postAnswered) and looks once that one is answered:
 * the form sends its submissions in order, so a POST of the refused one would be recorded first.
 */
export function watchPosts(page: Page, path: string): string[] {
  const bodies: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === path) bodies.push(request.postData() ?? '');
  });
  return bodies;
}

/** Clicks `submit` and answers the server's response to the POST to `path` it sends. */
export async function postAnswered(page: Page, path: string, submit: Locator) {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === path),
    submit.click(),
  ]);
  return response;
}

export const INQUIRY_POST_PATH = `${API_PREFIX}${API_PATHS.inquiry}`;
export const SUPPLIER_POST_PATH = `${API_PREFIX}${API_PATHS.supplier}`;

/** A react-hot-toast message (the toaster's live regions carry aria-live themselves). */
export const toast = (page: Page, text: string | RegExp) =>
  page.locator('[role="status"][aria-live="polite"]').filter({ hasText: text });

/** The form's own confirmation region, which keeps the server's reference after the toast is gone. */
export const confirmation = (scope: Page | FrameLocator) => scope.locator('.form-page > [role="status"]');

/** The form takes input once its script has started and its starting values (a kept draft) are in. */
export const formReady = (scope: Page | FrameLocator) => expect(scope.getByRole('button', { name: /^Submit / })).toBeEnabled();

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The control labelled exactly `label`. A required label reads 'Full Name *' as text (the mark is
 * aria-hidden, so assistive technology hears 'Full Name'); both spellings are accepted.
 */
export const field = (scope: Page | FrameLocator, label: string) =>
  scope.getByLabel(new RegExp(`^${escapeRegExp(label)}( \\*)?$`));

/** Waits for the success toast and the confirmation, and answers the reference the server gave. */
export async function submittedReference(page: Page, message: string): Promise<string> {
  await expect(toast(page, message)).toBeVisible();
  const shown = confirmation(page);
  await expect(shown).toContainText(new RegExp(`^${escapeRegExp(message)} Reference: [A-Z]{3}-[0-9A-HJKMNP-TV-Z]{6}$`));
  return (await shown.innerText()).split('Reference: ')[1].trim();
}
