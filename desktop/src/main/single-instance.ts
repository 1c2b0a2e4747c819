/** One running app per user: starting it again brings the open window to the front. */
import type { App } from 'electron';

/** Returns false when another instance already runs (this one then quits). */
export function claimSingleInstance(
  app: Pick<App, 'requestSingleInstanceLock' | 'quit' | 'on'>,
  showExistingWindow: () => void,
): boolean {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return false;
  }
  app.on('second-instance', () => showExistingWindow());
  return true;
}
