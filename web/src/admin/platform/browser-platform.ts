import type { AdminPlatform } from '@sourcing/shared';
import { attachmentHref } from '../lists/attachments';

/** Document title with the unread count in front, e.g. '(3) Admin Panel'. */
export function titleWithCount(baseTitle: string, count: number): string {
  return count > 0 ? `(${count}) ${baseTitle}` : baseTitle;
}

/**
 * The admin UI's platform in a browser tab: attachments open in a new tab, notifications use the
 * Notification API only when the user already allowed it, the unread count goes into the tab title.
 */
export function createBrowserPlatform(win: Window & typeof globalThis = window): AdminPlatform {
  const baseTitle = win.document.title;
  const navigateListeners = new Set<(route: string) => void>();
  return {
    apiBaseUrl: '',
    appVersion: (import.meta.env.VITE_APP_VERSION as string | undefined) ?? '',
    supportsPasskeys: typeof win.PublicKeyCredential === 'function' && win.isSecureContext,
    openAttachment(file) {
      win.open(attachmentHref(file, '', win.location.origin), '_blank', 'noopener');
      return Promise.resolve();
    },
    saveDownload(file) {
      // The browser's own download manager streams it to disk; the server's Content-Disposition names it.
      const link = win.document.createElement('a');
      link.href = attachmentHref(file, '', win.location.origin);
      link.download = file.fileName;
      win.document.body.append(link);
      link.click();
      link.remove();
      return Promise.resolve(true);
    },
    notify(notification) {
      if (typeof win.Notification !== 'function' || win.Notification.permission !== 'granted') return;
      const shown = new win.Notification(notification.title, { body: notification.body });
      shown.onclick = () => {
        win.focus();
        if (notification.route) for (const listener of navigateListeners) listener(notification.route);
        shown.close();
      };
    },
    setBadgeCount(count) {
      win.document.title = titleWithCount(baseTitle, count);
    },
    onNavigateRequest(listener) {
      navigateListeners.add(listener);
      return () => void navigateListeners.delete(listener);
    },
  };
}
