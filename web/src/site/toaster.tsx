import { Toaster } from 'react-hot-toast';

/**
 * Toast durations (docs/site.md#toasts): 4000 ms blank, error and custom; 2000 ms success; loading
 * never expires. react-hot-toast shows at most 20 toasts (its TOAST_LIMIT), as the docs ask.
 */
export const TOAST_DURATIONS = { blank: 4000, error: 4000, custom: 4000, success: 2000, loading: Infinity } as const;

/** Gap between the top of the screen (or the bottom of the top bar) and the first toast. */
const TOAST_GAP = '16px';

/** The site's toasts, top-center; under the fixed top bar when the page has one, so its links stay usable. */
export function SiteToaster({ belowTopBar }: { belowTopBar: boolean }) {
  return (
    <Toaster
      position="top-center"
      containerStyle={{ top: belowTopBar ? `calc(var(--topbar-height) + ${TOAST_GAP})` : TOAST_GAP }}
      toastOptions={{
        duration: TOAST_DURATIONS.blank,
        blank: { duration: TOAST_DURATIONS.blank },
        error: { duration: TOAST_DURATIONS.error },
        custom: { duration: TOAST_DURATIONS.custom },
        success: { duration: TOAST_DURATIONS.success },
        loading: { duration: TOAST_DURATIONS.loading },
      }}
    />
  );
}
