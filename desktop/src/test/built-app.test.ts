/**
 * What `electron-vite build` produces (run by `npm run test:desktop-app`, which builds it first): main and preload bundles fit for a packaged, sandboxed app,
 * and the built renderer in a real Chromium (not Electron, which cannot be downloaded here): served by
 * the app:// protocol handler of main (through a plain HTTP server), with the preload bridge stubbed
 * in the page and main's server-address check run for real against a real API server.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import { API_PATHS, type AttachmentToOpen } from '@sourcing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inquiryForm, inquiryValues } from '@sourcing/api/test/forms';
import { pdf } from '@sourcing/api/test/sample-files';
import type { ActionResult } from '../common/ipc-channels';
import { serveAppFiles } from '../main/app-protocol';
import { createAttachmentOpener } from '../main/attachments';
import { changeServerAddress, createServerAddressStore } from '../main/server-address';
import { startSignedInApi, TEST_ADMIN_LOGIN, type SignedInApi } from './real-api';
import { tempFolder } from './temp-folder';

const desktopDir = join(import.meta.dirname, '../..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let pages: Server;
let pagesUrl: string;
let api: SignedInApi;
let browser: Browser;

/** The app:// handler of main answering over HTTP, so Chromium gets the same files and headers. */
async function serveRendererLikeMain(serverOrigin: () => string | null): Promise<Server> {
  let handler: ((request: Request) => Promise<Response>) | null = null;
  serveAppFiles(
    { handle: (_scheme: string, h: never) => (handler = h) },
    async (fileUrl) => new Response(await readFile(fileURLToPath(fileUrl))),
    join(desktopDir, 'out/renderer'),
    serverOrigin,
  );
  const server = createServer((req, res) => void answer(req, res));
  async function answer(req: IncomingMessage, res: ServerResponse) {
    const response = await handler!(new Request(`app://admin${req.url}`));
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

beforeAll(async () => {
  if (!existsSync(join(desktopDir, 'out/renderer/index.html'))) throw new Error('Build the app first: npm run build -w desktop');
  pages = await serveRendererLikeMain(() => api?.server.url ?? null);
  pagesUrl = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
  api = await startSignedInApi({ CORS_ORIGINS: pagesUrl });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await api?.server.close();
  await new Promise((resolve) => pages?.close(resolve));
});

interface BridgeCall {
  name: string;
  arg: unknown;
}

interface PageGlobals {
  __calls: BridgeCall[];
  __mainSetServerUrl(input: string): Promise<{ ok: boolean }>;
  __mainOpenAttachment(file: unknown): Promise<ActionResult>;
  /** What main's webContents.send(IPC.navigate, route) does after a notification click. */
  __navigate(route: string): void;
  desktop: unknown;
  sessionStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
  location: { reload(): void };
}

interface OpenedApp {
  page: Page;
  calls: () => Promise<BridgeCall[]>;
  problems: string[];
  /** Files main handed to the system viewer (shell.openPath). */
  viewed: string[];
}

/**
 * A page with `window.desktop` standing in for the preload: calls are recorded; setServerUrl runs
 * main's changeServerAddress in Node, then reloads like main does; openAttachment runs main's
 * attachment opener (real download) with `viewerProblem` as what shell.openPath answers.
 */
async function openApp(server: string | null, query = '', viewerProblem = ''): Promise<OpenedApp> {
  const page = await browser.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const store = createServerAddressStore(join(await tempFolder('renderer-'), 'server.json'));
  await page.exposeFunction('__mainSetServerUrl', (input: string) => changeServerAddress(input, store, fetch, () => {}));
  const viewed: string[] = [];
  const attachments = createAttachmentOpener({
    fetch: (url) => fetch(url),
    folder: join(await tempFolder('renderer-attachments-'), 'files'),
    serverOrigin: () => api.server.url,
    openPath: async (path) => (viewed.push(path), viewerProblem),
  });
  await page.exposeFunction('__mainOpenAttachment', (file: AttachmentToOpen & { apiBaseUrl: string }) =>
    attachments.open(file).then(
      (): ActionResult => ({ ok: true }),
      (error: Error): ActionResult => ({ ok: false, error: error.message }),
    ),
  );
  await page.addInitScript((initial) => {
    // Runs in the page; this tsconfig has no DOM types, hence the narrow shape of the page's globals.
    const w = globalThis as unknown as PageGlobals;
    const calls: BridgeCall[] = [];
    const record = (name: string, arg?: unknown) => void calls.push({ name, arg });
    w.__calls = calls;
    const navigateListeners = new Set<(route: string) => void>();
    w.__navigate = (route) => navigateListeners.forEach((listener) => listener(route));
    const server = w.sessionStorage.getItem('server') ?? initial;
    w.desktop = {
      appVersion: '0.1.0',
      getServerUrl: async () => server,
      async setServerUrl(url: string) {
        record('setServerUrl', url);
        const result = await w.__mainSetServerUrl(url);
        if (result.ok) {
          w.sessionStorage.setItem('server', new URL(url).origin);
          w.location.reload();
        }
        return result;
      },
      async openAttachment(file: unknown) {
        record('openAttachment', file);
        const result = await w.__mainOpenAttachment(file);
        if (!result.ok) throw new Error(result.error);
      },
      notify: async (notification: unknown) => record('notify', notification),
      setBadgeCount: async (count: number) => record('setBadgeCount', count),
      onNavigate: (listener: (route: string) => void) => {
        navigateListeners.add(listener);
        return () => navigateListeners.delete(listener);
      },
    };
  }, server);
  await page.goto(`${pagesUrl}/index.html${query}`);
  return { page, problems, viewed, calls: () => page.evaluate(() => (globalThis as unknown as PageGlobals).__calls) };
}

async function signIn(page: Page): Promise<void> {
  await page.getByLabel('Email').fill(TEST_ADMIN_LOGIN.email);
  await page.getByLabel('Password').fill(TEST_ADMIN_LOGIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  // Signed in once the back office shows (the Login button turns into 'Logging in...' before that).
  await expect.poll(() => page.getByRole('button', { name: 'Logout' }).isVisible(), { timeout: 10_000 }).toBe(true);
}

const showRoute = (page: Page, route: string) =>
  page.evaluate((r) => (globalThis as unknown as PageGlobals).__navigate(r), route);

describe('the build output', () => {
  const requiresOf = async (file: string) =>
    [...(await readFile(join(desktopDir, 'out', file), 'utf8')).matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]);

  it('has a preload that is one CommonJS file needing nothing but electron (sandbox: true)', async () => {
    const preload = await readFile(join(desktopDir, 'out/preload/index.js'), 'utf8');
    expect(await requiresOf('preload/index.js')).toEqual(['electron']);
    expect(preload).not.toMatch(/^\s*(import|export)\s/m);
    expect(preload).toContain('exposeInMainWorld("desktop"');
    expect(preload).not.toContain('exposeInMainWorld("ipcRenderer"');
  });

  it('has a CommonJS main process that needs no node_modules (the package ships only out/)', async () => {
    const main = await readFile(join(desktopDir, 'out/main/index.js'), 'utf8');
    expect(main).not.toMatch(/^\s*(import|export)\s/m);
    const requires = await requiresOf('main/index.js');
    expect(requires).toContain('electron');
    expect(requires.filter((name) => name !== 'electron' && !name.startsWith('node:'))).toEqual([]);
  });

  it('gives the renderer page a strict Content-Security-Policy', async () => {
    const html = await readFile(join(desktopDir, 'out/renderer/index.html'), 'utf8');
    const policy = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toMatch(/unsafe-eval/);
    expect(html).not.toMatch(/<script>(?!<\/script>)/);
  });
});

describe('the desktop renderer in Chromium', () => {
  it('asks for the server on first run, explains a bad address, then opens the admin sign-in', async () => {
    const { page, problems } = await openApp(null);
    await expect.poll(() => page.getByRole('heading', { name: 'Connect to your sourcing server' }).isVisible()).toBe(true);

    await page.getByLabel('Server address').fill('localhost:3000');
    await page.getByRole('button', { name: 'Connect' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('The address must start with https:// or http://');

    await page.getByLabel('Server address').fill(`${api.server.url}/admin`);
    await page.getByRole('button', { name: 'Connect' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Admin Login' }).isVisible(), { timeout: 10_000 }).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows the current server under Server Address… and goes back to the back office on Cancel', async () => {
    // What main loads for the menu entry.
    const { page, problems } = await openApp(api.server.url, '?screen=server');
    await expect.poll(() => page.getByLabel('Server address').inputValue()).toBe(api.server.url);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Admin Login' }).isVisible(), { timeout: 10_000 }).toBe(true);
    expect(new URL(page.url()).search).toBe('');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('signs in, hands a new contact message to the bridge as a notification, opens its list on click, and reading it clears the badge', async () => {
    const { page, calls, problems } = await openApp(api.server.url);
    await signIn(page);
    // Once the admin's realtime socket is open, a visitor writes in.
    await expect.poll(() => api.server.hub.clientCount(), { timeout: 10_000 }).toBe(1);
    const posted = await api.post(
      API_PATHS.contact,
      JSON.stringify({ name: 'Jane Doe', email: 'jane@acme.example', message: 'Do you ship copper to Rotterdam?' }),
      { 'Content-Type': 'application/json' },
    );
    expect(posted.status).toBe(201);
    await expect
      .poll(async () => (await calls()).filter((c) => c.name === 'notify').map((c) => (c.arg as { title: string }).title), {
        timeout: 10_000,
      })
      .toEqual(['New contact message — Jane Doe']);

    const lastBadge = async () => (await calls()).filter((c) => c.name === 'setBadgeCount').at(-1)?.arg;
    await expect.poll(lastBadge, { timeout: 10_000 }).toBe(1);

    const [notification] = (await calls()).filter((c) => c.name === 'notify');
    const route = (notification.arg as { route: string }).route;
    await showRoute(page, route);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Contact Queries', level: 1 }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    expect(new URL(page.url()).hash).toBe('#/admin/contact-queries');
    // The list alone reads nothing (docs/admin.md#read-state): opening the message does, and the
    // dock / taskbar badge goes back to nothing.
    expect(await lastBadge()).toBe(1);
    await page.getByRole('link', { name: 'Jane Doe' }).first().click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Jane Doe', level: 2 }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    await expect.poll(lastBadge, { timeout: 10_000 }).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('opens an attachment through main: real download, system viewer, and a toast when the viewer fails', async () => {
    const fileName = 'Assay report.pdf';
    const submitted = await api.post(
      API_PATHS.inquiry,
      inquiryForm(inquiryValues({ fullName: 'Jane Doe' }), [{ name: fileName, bytes: pdf(), type: 'application/pdf' }]),
    );
    expect(submitted.status).toBe(201);

    const working = await openApp(api.server.url);
    await signIn(working.page);
    await showRoute(working.page, '/admin/inquiries');
    await working.page.getByTitle(fileName).first().click();
    await expect.poll(() => working.viewed.length, { timeout: 10_000 }).toBe(1);
    expect(working.viewed[0].endsWith(fileName)).toBe(true);
    expect(await readFile(working.viewed[0])).toEqual(pdf());
    const [call] = (await working.calls()).filter((c) => c.name === 'openAttachment');
    expect(call.arg).toMatchObject({ fileName, apiBaseUrl: api.server.url });
    expect(working.problems).toEqual([]);
    await working.page.close();

    const failing = await openApp(api.server.url, '', 'No application knows how to open this file');
    await signIn(failing.page);
    await showRoute(failing.page, '/admin/inquiries');
    await failing.page.getByTitle(fileName).first().click();
    await expect
      .poll(
        () =>
          failing.page
            .getByText('The file was downloaded but could not be opened: No application knows how to open this file')
            .isVisible(),
        {
          timeout: 10_000,
        },
      )
      .toBe(true);
    await failing.page.close();
  });
});
