/**
 * The bridge the app's page gets as `window.desktop`: named actions only, never ipcRenderer itself.
 * Bundled into one CommonJS file because the window runs with `sandbox: true`.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { DesktopBridge } from '@sourcing/shared';
import { APP_VERSION_ARG, IPC, type ActionResult, type SaveResult } from '../common/ipc-channels';

const appVersion = process.argv.find((arg) => arg.startsWith(APP_VERSION_ARG))?.slice(APP_VERSION_ARG.length) ?? '';

const bridge = {
  async openAttachment(file) {
    const result = (await ipcRenderer.invoke(IPC.openAttachment, file)) as ActionResult;
    if (!result.ok) throw new Error(result.error);
  },
  async saveDownload(file) {
    const result = (await ipcRenderer.invoke(IPC.saveDownload, file)) as SaveResult;
    if (!result.ok) throw new Error(result.error);
    return result.saved;
  },
  notify: (notification) => ipcRenderer.invoke(IPC.notify, notification),
  getServerUrl: () => ipcRenderer.invoke(IPC.getServerUrl),
  setServerUrl: (url) => ipcRenderer.invoke(IPC.setServerUrl, url),
  setBadgeCount: (count) => ipcRenderer.invoke(IPC.setBadgeCount, count),
  appVersion,
  onNavigate(listener) {
    const forward = (_event: IpcRendererEvent, route: unknown) => {
      if (typeof route === 'string') listener(route);
    };
    ipcRenderer.on(IPC.navigate, forward);
    return () => void ipcRenderer.removeListener(IPC.navigate, forward);
  },
} satisfies DesktopBridge;

contextBridge.exposeInMainWorld('desktop', bridge);
