/** Fake Electron notifications that record what was shown and can be clicked. */
export function recordingNotifications() {
  const shown: { title: string; body: string; click(): void }[] = [];
  return {
    shown,
    create: (options: { title: string; body: string }) => {
      const listeners = new Map<string, () => void>();
      return {
        on(event: 'click' | 'close', listener: () => void) {
          listeners.set(event, listener);
        },
        show() {
          shown.push({ ...options, click: () => listeners.get('click')?.() });
        },
      };
    },
  };
}
