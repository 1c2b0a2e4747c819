import type { RealtimeEvent } from './realtime';

/**
 * What differs between the admin UI in a browser tab and in the desktop app. The admin UI takes
 * one of these and never asks which platform it runs on.
 */
export interface AttachmentToOpen {
  /** Signed URL as the API gave it (relative to the API origin or absolute). */
  url: string;
  /** The original file name, for the saved copy. */
  fileName: string;
}

export interface AdminNotification {
  title: string;
  body: string;
  /** Admin route to show when the notification is clicked, e.g. '/admin/inquiries'. */
  route?: string;
  /** The realtime event announced, so the desktop app can coalesce a burst (notificationForBurst). */
  event?: RealtimeEvent;
}

export interface AdminPlatform {
  /** Origin of the API, e.g. 'https://sourcing.example.com'; '' when it is the page's own origin. */
  apiBaseUrl: string;
  appVersion: string;
  /**
   * Whether this window can use passkeys (WebAuthn): a browser with PublicKeyCredential in a secure
   * context. The desktop app's own app:// origin cannot, so it signs in with password and code.
   */
  supportsPasskeys: boolean;
  openAttachment(file: AttachmentToOpen): Promise<void>;
  /**
   * Downloads a signed link (an export) straight to a file, streamed to disk with its bytes as
   * sent; resolves false when the admin cancelled the save.
   */
  saveDownload(file: AttachmentToOpen): Promise<boolean>;
  notify(notification: AdminNotification): void;
  setBadgeCount(count: number): void;
  /** Subscribes to requests to show an admin route (e.g. a notification was clicked). */
  onNavigateRequest(listener: (route: string) => void): () => void;
}

/** The named actions the desktop preload exposes as `window.desktop` (checked again in main). */
export interface DesktopBridge {
  openAttachment(file: AttachmentToOpen & { apiBaseUrl: string }): Promise<void>;
  /** Asks where to save, then streams the download there; false when the admin cancelled. */
  saveDownload(file: AttachmentToOpen & { apiBaseUrl: string }): Promise<boolean>;
  notify(notification: AdminNotification): Promise<void>;
  getServerUrl(): Promise<string | null>;
  setServerUrl(url: string): Promise<{ ok: true } | { ok: false; error: string }>;
  setBadgeCount(count: number): Promise<void>;
  appVersion: string;
  /** Subscribes to "show this admin route" requests (a notification was clicked). */
  onNavigate(listener: (route: string) => void): () => void;
}
