import { useCallback, useEffect, useRef, useState } from 'react';

export interface TimedMessage {
  kind: 'success' | 'error';
  text: string;
}

/** A status message that clears itself `clearAfterMs` after it was shown (docs/site.md#newsletter, docs/site.md#message-dialog). */
export function useTimedMessage(clearAfterMs: number, onClear?: (cleared: TimedMessage) => void) {
  const [message, setMessage] = useState<TimedMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onClearRef = useRef(onClear);
  onClearRef.current = onClear;

  useEffect(() => () => clearTimeout(timer.current), []);

  const show = useCallback(
    (next: TimedMessage) => {
      clearTimeout(timer.current);
      setMessage(next);
      timer.current = setTimeout(() => {
        setMessage(null);
        onClearRef.current?.(next);
      }, clearAfterMs);
    },
    [clearAfterMs],
  );
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setMessage(null);
  }, []);

  return { message, show, clear };
}
