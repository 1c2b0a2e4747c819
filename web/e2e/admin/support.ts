/**
 * Helpers of the admin browser tests: a `test` whose page starts signed in, sign-in through the
 * login page, and records seeded through the public endpoints.
 */
import { execFileSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { test as base, expect, request, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';
import { solvedProof } from '@sourcing/api/test/form-proof';
import {
  BUYER_INQUIRY,
  composeSupplierOffer,
  FORM_PROOF_HEADER,
  sampleValues,
  SUPPLIER_OFFER,
  toCommodityInquiryFields,
  toSupplierOfferFields,
  type CommodityInquiryValues,
  type Role,
  type SessionResponse,
  type StaffPasswordResponse,
  type SupplierOfferValues,
} from '@sourcing/shared';
import { E2E_ADMIN, E2E_BASE_URL, E2E_DATA_DIR, E2E_INBOUND_SMTP_PORT } from '../support/env';

/** A tag unique to one test, so rows it seeds can be found with a search in the shared database. */
export function uniqueTag(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}

type Account = { email: string; password: string };

/**
 * A new session of the account, signed in through the API as the login page does: the storage
 * state (the refresh cookie) a browser starts from. Each browser gets a session of its own: a
 * refresh token is exchanged at every use and one presented again after 10 s revokes its session
 * (docs/sessions.md#reuse-detection), so one saved state cannot serve test after test.
 */
export async function signedInState(account: Account = E2E_ADMIN) {
  const api = await request.newContext({ baseURL: E2E_BASE_URL, storageState: { cookies: [], origins: [] } });
  try {
    const response = await api.post('/api/admin/login', { data: account });
    expect(response.status(), await response.text()).toBe(200);
    return await api.storageState();
  } finally {
    await api.dispose();
  }
}

/**
 * The admin browser tests' `test`: its `page` starts signed in as the test server's owner (a
 * session of its own, see signedInState), so a test opens the screen it is about with openAdmin.
 * The tests of signing in itself use Playwright's own `test` and signIn.
 */
export const test = base.extend({
  context: async ({ context }, use) => {
    await context.addCookies((await signedInState()).cookies);
    await use(context);
  },
});
export { expect };

/** Opens an admin screen in a signed-in browser, once the back office's header shows. */
export async function openAdmin(page: Page, path = '/admin'): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('banner').getByRole('heading', { level: 1 })).toBeVisible();
}

/** Signs in through the login page, as the test server's owner unless other credentials are given. */
export async function signIn(page: Page, path = '/admin', account: Account = E2E_ADMIN): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('banner').getByRole('heading', { level: 1 })).toBeVisible();
}

const REPO_ROOT = resolve(import.meta.dirname, '../../..');

/** Another admin account, made with the admin CLI against the test server's database. */
export function createAdmin(tag: string) {
  const admin = { email: `${tag.toLowerCase()}@staff.example.com`, password: 'second-admin-password' };
  execFileSync('node', ['api/dist/admin.js', 'create', admin.email, '--password', admin.password], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR, LOG_LEVEL: 'silent' },
  });
  return admin;
}

/** A backup of the test server's data into `folder`, taken with the admin CLI (docs/operations.md#backups). */
export function backUpWithAdminCommand(folder: string) {
  execFileSync('node', ['api/dist/admin.js', 'backup', '--to', folder], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR, LOG_LEVEL: 'silent' },
  });
}

/** A bearer header of a fresh session of the account, signed in through the API. */
export async function bearerOf(request: APIRequestContext, account: Account) {
  const response = await request.post('/api/admin/login', { data: account });
  expect(response.status()).toBe(200);
  const { accessToken } = (await response.json()) as SessionResponse;
  return { Authorization: `Bearer ${accessToken}` };
}

/** A staff account of `role` made by the test server's owner through the API: its e-mail and generated password. */
export async function createStaff(request: APIRequestContext, role: Role, addressTag: string = role) {
  const email = `${uniqueTag(addressTag)}@example.com`.toLowerCase();
  const response = await request.post('/api/admin/staff', { data: { email, role }, headers: await bearerOf(request, E2E_ADMIN) });
  expect(response.status()).toBe(201);
  const { password } = (await response.json()) as StaffPasswordResponse;
  return { email, password };
}

/**
 * An agent whose address is far wider than a phone's screen: a select is as wide as its longest
 * option, so every Owner select now holds one that wide.
 */
export async function createLongAddressedStaff(request: APIRequestContext) {
  return (await createStaff(request, 'agent', 'a-very-long-staff-address-for-the-owner-select')).email;
}

/**
 * A page in a browser of its own (nothing stored but a new session of the account), on an admin
 * screen, its live connection open: what happens from then on reaches it live (a toast shows only
 * what arrives while connected).
 */
export async function adminPage(browser: Browser, path: string, admin: Account = E2E_ADMIN): Promise<Page> {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL, storageState: await signedInState(admin) });
  const page = await context.newPage();
  const live = await watchLiveConnection(page);
  await openAdmin(page, path);
  await expect.poll(live.isOpen, { message: 'its live connection opens' }).toBe(true);
  await live.stopWatching();
  return page;
}

/**
 * Watches the page's live connection: open once its WebSocket handshake is answered 101, by when the
 * server has the socket among those it sends events to (api/src/realtime/hub.ts).
 */
async function watchLiveConnection(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  let open = false;
  cdp.on('Network.webSocketHandshakeResponseReceived', ({ response }) => {
    if (response.status === 101) open = true;
  });
  return { isOpen: () => open, stopWatching: () => cdp.detach() };
}

/** A solved spam-check challenge of the test server, as the site's widget sends it (docs/forms.md#spam-protection). */
async function proofHeader(): Promise<Record<string, string>> {
  return { [FORM_PROOF_HEADER]: await solvedProof({ url: E2E_BASE_URL }) };
}

async function expectCreated(response: Awaited<ReturnType<APIRequestContext['post']>>) {
  expect(response.status(), await response.text()).toBe(201);
}

/** A contact message sent through the API: its reference. */
export async function seedContact(request: APIRequestContext, input: { name: string; email: string; message: string }) {
  const response = await request.post('/api/contact', { data: input, headers: await proofHeader() });
  await expectCreated(response);
  return ((await response.json()) as { reference: string }).reference;
}

export async function seedSubscriber(request: APIRequestContext, email: string) {
  await expectCreated(await request.post('/api/subscribers', { data: { email }, headers: await proofHeader() }));
}

/** A buyer inquiry of the definition's samples, named and addressed for one test. */
export const inquiryValues = (tag: string, overrides: Partial<CommodityInquiryValues> = {}): CommodityInquiryValues =>
  sampleValues(BUYER_INQUIRY, {
    fullName: `Jane ${tag}`,
    companyName: `Acme Metals ${tag}`,
    email: `${tag.toLowerCase()}@buyer.example.com`,
    ...overrides,
  });

export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A 1x1 PNG. */
export const PNG_FILE: UploadFile = {
  name: 'sample.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
};

export const PDF_FILE: UploadFile = {
  name: 'specs.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
};

export async function seedInquiry(request: APIRequestContext, values: CommodityInquiryValues, attachment?: UploadFile) {
  const multipart: Record<string, string | UploadFile> = { ...toCommodityInquiryFields(values) };
  if (attachment) multipart.attachment = attachment;
  await expectCreated(await request.post('/api/inquiry', { multipart, headers: await proofHeader() }));
}

/** Seeds a buyer inquiry named for one test (`tag`), finds it in its list and opens its page: its values. */
export async function openSeededInquiry(page: Page, tag: string): Promise<CommodityInquiryValues> {
  const values = inquiryValues(tag);
  await seedInquiry(page.request, values);
  await openAdmin(page, `/admin/inquiries?q=${tag}`);
  await openRecord(page, values.fullName);
  return values;
}

/**
 * Opens a record from the list on screen by the link of its name, once its page shows that name as
 * its title. Until then the controls named like the record's (the Owner and Status filters) are the
 * list's: a test that went on at once could set the list's filter instead of the record.
 */
export async function openRecord(page: Page, name: string): Promise<void> {
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
}

/** A supplier offer of the definition's samples, named for one test. */
export const supplierValues = (tag: string, overrides: Partial<SupplierOfferValues> = {}): SupplierOfferValues =>
  sampleValues(SUPPLIER_OFFER, {
    fullName: `Sam ${tag}`,
    companyName: `Ore Traders ${tag}`,
    email: `${tag.toLowerCase()}@supplier.example.com`,
    productName: `Coal RB1 ${tag}`,
    ...overrides,
  });

/** Posts a supplier offer; files go in the repeated `attachments` field (Playwright's multipart takes one value per name, so FormData). */
export async function seedSupplierOffer(request: APIRequestContext, values: SupplierOfferValues, files: UploadFile[] = []) {
  const form = new FormData();
  for (const [key, value] of Object.entries(toSupplierOfferFields(composeSupplierOffer(values)))) form.append(key, value);
  for (const file of files)
    form.append('attachments', new Blob([new Uint8Array(file.buffer)], { type: file.mimeType }), file.name);
  await expectCreated(await request.post('/api/supplier', { multipart: form, headers: await proofHeader() }));
}

/**
 * Hands a raw mail to the test server's SMTP receiver as a mail server would: one SMTP
 * conversation (EHLO, MAIL FROM, RCPT TO, DATA) over a plain socket. Resolves with the receiver's
 * answer to the message once it said 250 (it does once the mail is stored); rejects with any other.
 */
export async function deliverToDesk(mail: { from: string; to: string[]; raw: string }): Promise<string> {
  const socket = connect(E2E_INBOUND_SMTP_PORT, '127.0.0.1');
  const lines = createInterface({ input: socket, crlfDelay: Infinity })[Symbol.asyncIterator]();
  const ended = new Promise<never>((_, reject) => {
    socket.on('error', reject);
    socket.once('close', () => reject(new Error('The SMTP receiver closed the connection')));
  });
  ended.catch(() => undefined);
  /** The receiver's next reply (its last line: a multi-line reply continues with `250-`), which must have this code. */
  const reply = async (code: number) => {
    let line: string;
    do {
      const next = await Promise.race([lines.next(), ended]);
      if (next.done) throw new Error('The SMTP receiver closed the connection');
      line = next.value;
    } while (!/^\d{3} /.test(line));
    if (!line.startsWith(`${code} `)) throw new Error(`The SMTP receiver answered: ${line}`);
    return line;
  };
  const send = (command: string, code: number) => {
    socket.write(`${command}\r\n`);
    return reply(code);
  };
  try {
    await reply(220);
    await send('EHLO mx.buyer.example', 250);
    await send(`MAIL FROM:<${mail.from}>`, 250);
    for (const to of mail.to) await send(`RCPT TO:<${to}>`, 250);
    await send('DATA', 354);
    // CRLF line ends, and a line that starts with a dot gets another (RFC 5321 §4.5.2).
    const data = mail.raw.replace(/\r?\n/g, '\r\n').replace(/^\./gm, '..');
    return await send(`${data}${data.endsWith('\r\n') ? '' : '\r\n'}.`, 250);
  } finally {
    socket.end('QUIT\r\n');
  }
}

/**
 * The mail the test server filed that `wanted` picks, once the outbox worker wrote it: with no
 * SMTP_URL each mail is saved as DATA_DIR/mail/<outbox id>.eml (docs/mail.md#outbox). Only the
 * files whose raw text `mentions` it are parsed.
 */
export async function filedMail(what: string, mentions: string, wanted: (mail: ParsedMail) => boolean): Promise<ParsedMail> {
  const folder = join(E2E_DATA_DIR, 'mail');
  let found: ParsedMail | null = null;
  await expect
    .poll(
      async () => {
        for (const file of (await readdir(folder).catch(() => [])).filter((name) => name.endsWith('.eml'))) {
          const raw = await readFile(join(folder, file));
          if (!raw.includes(mentions)) continue;
          const mail = await simpleParser(raw);
          if (wanted(mail)) found = mail;
        }
        return found !== null;
      },
      { message: `a filed mail: ${what}`, timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}
