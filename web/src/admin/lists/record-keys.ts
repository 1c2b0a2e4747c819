import { useEffect, useRef, type RefObject } from 'react';

const RECORD_ROW = 'data-record-row';
const RECORD_LINK = 'data-record-link';
const RECORD_COLUMN = 'data-record-column';

/**
 * Marks on a list's rows (table rows or cards), on the link that opens each record and on a
 * row's cells (by column header): what the skip link, the j / k keys and the focus kept in the
 * list look for.
 */
export const rowMark = { [RECORD_ROW]: '' };
export const linkMark = { [RECORD_LINK]: '' };
export const columnMark = (header: string) => ({ [RECORD_COLUMN]: header });

/** The link of the first record on the page, if a list shows any: where the skip link leads. */
export const firstRecordLink = (): HTMLElement | null => document.querySelector<HTMLElement>(`[${RECORD_LINK}]`);

const NOT_TYPED = new Set(['checkbox', 'radio', 'button', 'submit', 'reset']);

/** Whether a key goes to something the admin types into (or a select's type-ahead): not a shortcut then. */
function isTypingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !NOT_TYPED.has(target.type);
}

/**
 * The list's keyboard (docs/admin.md#keyboard): `j` and `k` move the focus to the next and previous
 * record's link (Enter then opens it), from wherever the focus is that is not a field being typed
 * in. When the row holding the focus leaves the list (a status change moved it out of the status
 * tab shown), the focus goes to the same control of the row now in its place instead of the page.
 */
export function useRecordKeys(list: RefObject<HTMLElement | null>, rows: readonly unknown[]): void {
  /** The control that last had the focus in a row, where it was, and its row's place in the list. */
  const lastFocused = useRef<{ element: HTMLElement; column: string | null; index: number } | null>(null);

  useEffect(() => {
    const container = list.current;
    if (!container) return;
    const onFocus = (event: FocusEvent) => {
      const element = event.target as HTMLElement;
      const row = element.closest<HTMLElement>(`[${RECORD_ROW}]`);
      const column = element.closest<HTMLElement>(`[${RECORD_COLUMN}]`)?.getAttribute(RECORD_COLUMN) ?? null;
      lastFocused.current = row ? { element, column, index: rowsIn(container).indexOf(row) } : null;
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if ((event.key !== 'j' && event.key !== 'k') || isTypingIn(event.target)) return;
      const shown = rowsIn(container);
      if (shown.length === 0) return;
      const current = shown.findIndex((row) => row.contains(document.activeElement));
      const step = event.key === 'j' ? 1 : -1;
      const next = current === -1 ? 0 : Math.min(Math.max(current + step, 0), shown.length - 1);
      event.preventDefault();
      linkOf(shown[next])?.focus();
    };
    container.addEventListener('focusin', onFocus);
    document.addEventListener('keydown', onKey);
    return () => {
      container.removeEventListener('focusin', onFocus);
      document.removeEventListener('keydown', onKey);
    };
  }, [list]);

  useEffect(() => {
    const last = lastFocused.current;
    const container = list.current;
    // Only when the focused control went with its row and nothing else took the focus since.
    if (!last || !container || last.element.isConnected) return;
    if (document.activeElement !== null && document.activeElement !== document.body) return;
    const shown = rowsIn(container);
    const row = shown[Math.min(last.index, shown.length - 1)];
    if (!row) return;
    const cell = last.column === null ? null : row.querySelector(`[${RECORD_COLUMN}="${CSS.escape(last.column)}"]`);
    (cell?.querySelector<HTMLElement>(last.element.tagName) ?? linkOf(row))?.focus();
  }, [list, rows]);
}

const rowsIn = (container: HTMLElement) => [...container.querySelectorAll<HTMLElement>(`[${RECORD_ROW}]`)];
const linkOf = (row: HTMLElement) => row.querySelector<HTMLElement>(`[${RECORD_LINK}]`);
