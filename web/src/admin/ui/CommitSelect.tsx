import { useEffect, useRef, useState, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';

/** Keys that step a closed select to the next option (Chromium and Firefox outside macOS) without opening it. */
const STEP_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);

const isStep = (event: { key: string; altKey: boolean; ctrlKey: boolean; metaKey: boolean }) =>
  !event.altKey && !event.ctrlKey && !event.metaKey && (STEP_KEYS.has(event.key) || /^\S$/u.test(event.key));

type NativeProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange' | 'disabled' | 'children'>;

/**
 * A select whose choice counts once it is made (docs/admin.md#keyboard): picked from its opened
 * list or with the pointer, confirmed with Enter, or left with the value stepped to. Arrow keys
 * and typing on the closed select only step through the options, so stepping from New to Won is
 * one change, not one per status in between; Escape puts the value back.
 *
 * While `busy` (a change on its way) it stays enabled and focused (disabling it would drop the
 * keyboard user's focus to the page) and keeps a choice made meanwhile, showing it: once the change
 * settles, the last such choice is committed unless it is what the select then shows. Without one
 * it shows `value`, whatever came of the change.
 */
export function CommitSelect(
  props: NativeProps & {
    ref?: Ref<HTMLSelectElement>;
    value: string;
    busy?: boolean;
    onCommit: (value: string) => void;
    children: ReactNode;
  },
) {
  const { value, busy = false, onCommit, children, ...native } = props;
  const [draft, setDraft] = useState(value);
  // Set by a stepping key, for the change event its default action fires in the same task: a
  // key that opens the list instead (macOS) leaves no mark on the choice made in it.
  const stepping = useRef(false);
  /** The choice handed to `onCommit`, until the select shows what came of it: leaving the select does not send it again. */
  const committed = useRef<string | null>(null);
  /** The last choice made while busy, committed once the change on its way settles. */
  const queued = useRef<string | null>(null);
  // The effect below commits with the latest `onCommit` without re-running on each render's new one.
  const latestOnCommit = useRef(onCommit);
  useEffect(() => {
    latestOnCommit.current = onCommit;
  });
  useEffect(() => {
    if (busy) return;
    const next = queued.current;
    queued.current = null;
    committed.current = null;
    if (next !== null && next !== value) {
      committed.current = next;
      setDraft(next);
      latestOnCommit.current(next);
      return;
    }
    setDraft(value);
  }, [value, busy]);

  const commit = (chosen: string) => {
    if (chosen === committed.current) {
      // Back to the choice on its way: a choice queued since no longer stands.
      queued.current = null;
      return;
    }
    if (busy) {
      queued.current = chosen === '' ? null : chosen;
      return;
    }
    if (chosen === '' || chosen === value) {
      setDraft(value);
      return;
    }
    committed.current = chosen;
    onCommit(chosen);
  };

  return (
    <select
      {...native}
      value={draft}
      aria-busy={busy || undefined}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          commit(draft);
        } else if (event.key === 'Escape' && draft !== value) {
          event.preventDefault();
          setDraft(value);
        } else if (isStep(event)) {
          stepping.current = true;
          setTimeout(() => (stepping.current = false));
        }
      }}
      onChange={(event) => {
        const chosen = event.target.value;
        setDraft(chosen);
        if (!stepping.current) commit(chosen);
      }}
      onBlur={() => {
        if (draft !== value) commit(draft);
      }}
    >
      {children}
    </select>
  );
}
