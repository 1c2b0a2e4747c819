import { Toaster } from 'react-hot-toast';

/**
 * SPEC section 9 toast durations: 4000 ms blank, error and custom; 2000 ms success; loading
 * never expires. react-hot-toast shows at most 20 toasts (its TOAST_LIMIT), as SPEC asks.
 */
export const TOAST_DURATIONS = { blank: 4000, error: 4000, custom: 4000, success: 2000, loading: Infinity } as const;

export function SiteToaster() {
  return (
    <Toaster
      position="top-center"
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
