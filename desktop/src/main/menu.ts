/** The application menu: the usual edit and view commands plus server settings, about and quit. */
import type { MenuItemConstructorOptions } from 'electron';

export interface MenuActions {
  reload(): void;
  showServerSettings(): void;
  showAbout(): void;
  quit(): void;
}

export const MENU_LABELS = {
  serverSettings: 'Server Address…',
  about: 'About Sourcing Admin',
  reload: 'Reload',
  quit: 'Quit',
} as const;

export function buildMenuTemplate(platform: NodeJS.Platform, actions: MenuActions): MenuItemConstructorOptions[] {
  const serverSettings: MenuItemConstructorOptions = {
    label: MENU_LABELS.serverSettings,
    accelerator: 'CmdOrCtrl+,',
    click: () => actions.showServerSettings(),
  };
  const about: MenuItemConstructorOptions = { label: MENU_LABELS.about, click: () => actions.showAbout() };
  const quit: MenuItemConstructorOptions = {
    label: MENU_LABELS.quit,
    accelerator: 'CmdOrCtrl+Q',
    click: () => actions.quit(),
  };
  const view: MenuItemConstructorOptions = {
    label: 'View',
    submenu: [
      { label: MENU_LABELS.reload, accelerator: 'CmdOrCtrl+R', click: () => actions.reload() },
      { type: 'separator' },
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  };
  // Without an Edit menu, copy and paste shortcuts do nothing on macOS.
  const edit: MenuItemConstructorOptions = {
    label: 'Edit',
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      { type: 'separator' },
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      { role: 'selectAll' },
    ],
  };

  if (platform === 'darwin') {
    return [
      {
        label: 'Sourcing Admin',
        submenu: [
          about,
          { type: 'separator' },
          serverSettings,
          { type: 'separator' },
          { role: 'hide' },
          { role: 'hideOthers' },
          { role: 'unhide' },
          { type: 'separator' },
          quit,
        ],
      },
      edit,
      view,
      { role: 'windowMenu' },
    ];
  }
  return [
    { label: 'File', submenu: [serverSettings, { type: 'separator' }, quit] },
    edit,
    view,
    { label: 'Help', submenu: [about] },
  ];
}

/** Text of the About box. */
export function aboutDetail(info: { version: string; electron: string; server: string | null }): string {
  return [`Version ${info.version} (Electron ${info.electron})`, `Server: ${info.server ?? 'not set yet'}`].join('\n');
}
