/**
 * Electron entry: wires the plain modules beside it to Electron's APIs. Everything that can run
 * without Electron lives in those modules (and their tests); this file is only the glue.
 */
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  nativeImage,
  net,
  Notification,
  protocol,
  screen,
  session,
  shell,
} from 'electron';
import { IPC } from '../common/ipc-channels';
import { APP_ENTRY_URL, APP_ORIGIN, APP_SCHEME_PRIVILEGES, serveAppFiles } from './app-protocol';
import { createAttachmentOpener } from './attachments';
import { createBadge } from './badge';
import { createDownloadSaver } from './downloads';
import { registerBridgeHandlers } from './ipc';
import { aboutDetail, buildMenuTemplate, MENU_LABELS } from './menu';
import { createNotifier } from './notifier';
import { denyAllPermissions, guardWebContents, isTrustedSenderUrl, originOf, type TrustedOrigins } from './security';
import { changeServerAddress, createServerAddressStore } from './server-address';
import { claimSingleInstance } from './single-instance';
import { APP_ID, mainWindowOptions, SESSION_PARTITION, WINDOW_TITLE } from './window';
import { createWindowStateFile, trackWindowState } from './window-state';

protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);

/** electron-vite dev serves the renderer over HTTP with hot reload; a built app uses app://admin. */
const devServerUrl = app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL;
const appOrigin = (devServerUrl && originOf(devServerUrl)) || APP_ORIGIN;
const resourcesDir = app.isPackaged ? process.resourcesPath : join(__dirname, '../../resources');

let mainWindow: BrowserWindow | null = null;
let serverOrigin: string | null = null;
let quitting = false;

const trusted = (): TrustedOrigins => ({ app: appOrigin, server: serverOrigin });

function showWindow(): void {
  if (!mainWindow) return;
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.show();
  mainWindow.focus();
}

function showRoute(route: string): void {
  showWindow();
  mainWindow?.webContents.send(IPC.navigate, route);
}

/** The renderer decides from `?screen=server` whether to show the server-address form. */
function loadApp(screenName?: 'server'): void {
  const url = new URL(devServerUrl ?? APP_ENTRY_URL);
  if (screenName) url.searchParams.set('screen', screenName);
  void mainWindow?.loadURL(url.toString());
}

async function start(): Promise<void> {
  app.setAppUserModelId(APP_ID);
  const userData = app.getPath('userData');
  const serverStore = createServerAddressStore(join(userData, 'server.json'));
  serverOrigin = await serverStore.get();

  const ses = session.fromPartition(SESSION_PARTITION);
  denyAllPermissions(ses);
  app.on('web-contents-created', (_event, contents) =>
    guardWebContents(contents, trusted, (url) => void shell.openExternal(url)),
  );
  serveAppFiles(
    ses.protocol,
    (url) => net.fetch(url),
    join(__dirname, '../renderer'),
    () => serverOrigin,
  );

  const attachments = createAttachmentOpener({
    fetch: (url) => ses.fetch(url, { credentials: 'include' }),
    folder: join(tmpdir(), 'sourcing-admin-attachments'),
    serverOrigin: () => serverOrigin,
    openPath: (path) => shell.openPath(path),
  });
  await attachments.clear();
  const saveDownload = createDownloadSaver({
    fetch: (url) => ses.fetch(url, { credentials: 'include' }),
    serverOrigin: () => serverOrigin,
    chooseSavePath: async (name) => {
      const options = { defaultPath: join(app.getPath('downloads'), name) };
      const choice = mainWindow ? await dialog.showSaveDialog(mainWindow, options) : await dialog.showSaveDialog(options);
      return choice.canceled ? undefined : choice.filePath;
    },
  });
  const notifier = createNotifier({ createNotification: (options) => new Notification(options), showRoute });
  const badge = createBadge({
    platform: process.platform,
    setAppBadgeCount: (count) => app.setBadgeCount(count),
    setOverlayIcon: (name, description) =>
      mainWindow?.setOverlayIcon(name ? nativeImage.createFromPath(join(resourcesDir, 'badges', name)) : null, description),
  });

  registerBridgeHandlers(
    ipcMain,
    {
      openAttachment: async (file) => void (await attachments.open(file)),
      saveDownload,
      notify: (notification) => {
        if (Notification.isSupported()) notifier.notify(notification);
      },
      getServerUrl: () => Promise.resolve(serverOrigin),
      setServerUrl: (input) =>
        changeServerAddress(
          input,
          serverStore,
          (url, init) => ses.fetch(url, init),
          (origin) => {
            serverOrigin = origin;
            loadApp();
          },
        ),
      setBadgeCount: (count) => badge.set(count),
    },
    (event) => isTrustedSenderUrl(event.senderFrame?.url, appOrigin),
  );

  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      buildMenuTemplate(process.platform, {
        reload: () => loadApp(),
        showServerSettings: () => {
          showWindow();
          loadApp('server');
        },
        showAbout: () =>
          void dialog.showMessageBox({
            type: 'info',
            title: MENU_LABELS.about,
            message: WINDOW_TITLE,
            detail: aboutDetail({ version: app.getVersion(), electron: process.versions.electron, server: serverOrigin }),
          }),
        quit: () => app.quit(),
      }),
    ),
  );

  const windowState = createWindowStateFile(join(userData, 'window-state.json'));
  const state = await windowState.load(screen.getAllDisplays().map((display) => display.workArea));
  const window = new BrowserWindow(
    mainWindowOptions({
      state,
      preloadPath: join(__dirname, '../preload/index.js'),
      appVersion: app.getVersion(),
      iconPath: process.platform === 'linux' ? join(resourcesDir, 'icon.png') : undefined,
    }),
  );
  mainWindow = window;
  if (state.maximized) window.maximize();
  trackWindowState(window, (next) => void windowState.save(next));
  window.once('ready-to-show', () => window.show());
  // On macOS closing the window keeps the app (and its notifications) running, as Mac apps do.
  window.on('close', (event) => {
    if (process.platform === 'darwin' && !quitting) {
      event.preventDefault();
      window.hide();
    }
  });
  window.on('closed', () => {
    mainWindow = null;
  });
  loadApp();
}

if (claimSingleInstance(app, showWindow)) {
  app.on('before-quit', () => {
    quitting = true;
  });
  app.on('activate', showWindow);
  app.on('window-all-closed', () => app.quit());
  void app.whenReady().then(start);
}
