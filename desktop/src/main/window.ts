/** The one app window: hidden until its first paint, locked down, on the persistent session. */
import type { BrowserWindowConstructorOptions } from 'electron';
import { APP_VERSION_ARG } from '../common/ipc-channels';
import { MIN_WINDOW_SIZE, type WindowState } from './window-state';

/** 'persist:' keeps cookies (the refresh token) and local storage on disk across restarts. */
export const SESSION_PARTITION = 'persist:sourcing-admin';
export const WINDOW_TITLE = 'Sourcing Admin';
/** Also the appId of electron-builder.yml: Windows shows notifications only for the installed app's id. */
export const APP_ID = 'com.sourcing.admin';

export function mainWindowOptions(options: {
  state: WindowState;
  preloadPath: string;
  appVersion: string;
  iconPath?: string;
}): BrowserWindowConstructorOptions {
  const { x, y, width, height } = options.state;
  return {
    x,
    y,
    width,
    height,
    minWidth: MIN_WINDOW_SIZE.width,
    minHeight: MIN_WINDOW_SIZE.height,
    title: WINDOW_TITLE,
    icon: options.iconPath,
    show: false,
    autoHideMenuBar: false,
    webPreferences: {
      preload: options.preloadPath,
      partition: SESSION_PARTITION,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      navigateOnDragDrop: false,
      spellcheck: true,
      additionalArguments: [`${APP_VERSION_ARG}${options.appVersion}`],
    },
  };
}
