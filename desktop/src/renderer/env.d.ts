import type { DesktopBridge } from '@sourcing/shared';

declare global {
  interface Window {
    /** Exposed by the preload (src/preload/index.ts). */
    readonly desktop: DesktopBridge;
  }
}
