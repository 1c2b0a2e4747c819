/** The admin UI's platform in the desktop app: every capability goes through the preload bridge to main. */
import type { AdminPlatform, DesktopBridge } from '@sourcing/shared';

export function createDesktopPlatform(bridge: DesktopBridge, apiBaseUrl: string): AdminPlatform {
  const report = (action: string) => (error: unknown) => console.warn(`desktop ${action} refused`, error);
  return {
    apiBaseUrl,
    appVersion: bridge.appVersion,
    // The app's pages come from app://admin, a scheme WebAuthn does not serve: password and code instead.
    supportsPasskeys: false,
    openAttachment: (file) => bridge.openAttachment({ url: file.url, fileName: file.fileName, apiBaseUrl }),
    saveDownload: (file) => bridge.saveDownload({ url: file.url, fileName: file.fileName, apiBaseUrl }),
    notify: (notification) => void bridge.notify(notification).catch(report('notify')),
    setBadgeCount: (count) => void bridge.setBadgeCount(count).catch(report('setBadgeCount')),
    onNavigateRequest: (listener) => bridge.onNavigate(listener),
  };
}
