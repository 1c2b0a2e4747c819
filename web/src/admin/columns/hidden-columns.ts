/**
 * The columns an admin hid in a wide list, remembered per signed-in account in this browser's
 * local storage (docs/admin.md#column-chooser).
 */
export interface ColumnStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** Lists with more columns than this get a column chooser and a sticky first column. */
export const WIDE_LIST_COLUMNS = 8;

export const hiddenColumnsKey = (adminId: string, list: string) => `sourcing.admin.${adminId}.${list}.hiddenColumns`;

/** The hidden headers stored for an admin and a list (anything unreadable counts as none). */
export function readHiddenColumns(store: ColumnStore, adminId: string, list: string): string[] {
  try {
    const value: unknown = JSON.parse(store.getItem(hiddenColumnsKey(adminId, list)) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function writeHiddenColumns(store: ColumnStore, adminId: string, list: string, headers: readonly string[]): void {
  try {
    store.setItem(hiddenColumnsKey(adminId, list), JSON.stringify(headers));
  } catch {
    // Storage full or refused: the choice holds until the page is left.
  }
}
