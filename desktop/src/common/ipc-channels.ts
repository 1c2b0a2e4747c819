/** IPC channel names shared by the preload (which invokes them) and main (which handles them). */
export const IPC = {
  openAttachment: 'desktop:open-attachment',
  saveDownload: 'desktop:save-download',
  notify: 'desktop:notify',
  getServerUrl: 'desktop:get-server-url',
  setServerUrl: 'desktop:set-server-url',
  setBadgeCount: 'desktop:set-badge-count',
  /** main -> renderer: show this admin route. */
  navigate: 'desktop:navigate',
} as const;

/** What an action that can fail for a reason the admin should read answers over IPC. */
export type ActionResult = { ok: true } | { ok: false; error: string };
/** The save-download answer: whether the file was saved (false: the admin cancelled the dialog). */
export type SaveResult = { ok: true; saved: boolean } | { ok: false; error: string };

/** Prefix of the renderer argument carrying the app version (sandboxed preloads read process.argv). */
export const APP_VERSION_ARG = '--sourcing-app-version=';
