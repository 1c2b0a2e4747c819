/**
 * The admin's unread records (the server's counts, docs/admin.md#read-state) on the dock (macOS),
 * the launcher (Linux, Unity-style docks) or, on Windows where Electron has no badge count, as a
 * numbered overlay on the taskbar button.
 */

/** Windows overlays exist for 1-9 and '9+'. */
const MAX_OVERLAY_DIGIT = 9;

/** A whole number from 0 up; anything else the renderer sends is refused in main before this. */
export function badgeOverlayName(count: number): string | null {
  if (count <= 0) return null;
  return count > MAX_OVERLAY_DIGIT ? `badge-${MAX_OVERLAY_DIGIT}plus.png` : `badge-${count}.png`;
}

export function badgeDescription(count: number): string {
  if (count <= 0) return '';
  return count === 1 ? '1 unread record' : `${count} unread records`;
}

export interface BadgeTargets {
  platform: NodeJS.Platform;
  /** Electron's app.setBadgeCount. */
  setAppBadgeCount(count: number): void;
  /** The window's setOverlayIcon, with the name of a file from resources/badges (null clears it). */
  setOverlayIcon(imageName: string | null, description: string): void;
}

export function createBadge(targets: BadgeTargets) {
  let current = 0;
  return {
    set(count: number): void {
      if (count === current) return;
      current = count;
      if (targets.platform === 'win32') targets.setOverlayIcon(badgeOverlayName(count), badgeDescription(count));
      else targets.setAppBadgeCount(count);
    },
  };
}
