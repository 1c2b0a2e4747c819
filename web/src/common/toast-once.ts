import toast from 'react-hot-toast';

/**
 * Toasts keyed by their text: the same message again (a second empty submit, a retried export)
 * restarts the toast already on screen instead of stacking an identical copy under it.
 */
export const toastOnce = {
  success: (text: string) => toast.success(text, { id: `success:${text}` }),
  error: (text: string) => toast.error(text, { id: `error:${text}` }),
};
