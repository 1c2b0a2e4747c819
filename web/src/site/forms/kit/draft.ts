/**
 * A half-filled form kept in the browser (localStorage) so a reload or a closed tab loses
 * nothing. Files are never part of a draft. Storage may be missing or full (private modes):
 * then drafts are simply not kept.
 */
export type FormValues = Record<string, string | string[]>;

/** Keeps only the draft's entries that the form knows, with the type the form expects. */
export function mergeDraft<V extends FormValues>(defaults: V, draft: unknown): V {
  if (!draft || typeof draft !== 'object' || Array.isArray(draft)) return defaults;
  const merged: FormValues = { ...defaults };
  for (const [key, fallback] of Object.entries(defaults)) {
    const saved = (draft as Record<string, unknown>)[key];
    if (Array.isArray(fallback)) {
      if (Array.isArray(saved)) merged[key] = saved.filter((x): x is string => typeof x === 'string');
    } else if (typeof saved === 'string') {
      merged[key] = saved;
    }
  }
  return merged as V;
}

/** The saved draft merged over the defaults, or null when there is none. */
export function readDraft<V extends FormValues>(storage: Storage | undefined, key: string, defaults: V): V | null {
  try {
    const text = storage?.getItem(key);
    return text ? mergeDraft(defaults, JSON.parse(text)) : null;
  } catch {
    return null;
  }
}

/** Saves the values, or forgets the draft when they equal the defaults. */
export function writeDraft<V extends FormValues>(storage: Storage | undefined, key: string, values: V, defaults: V): void {
  try {
    const text = JSON.stringify(values);
    if (text === JSON.stringify(defaults)) storage?.removeItem(key);
    else storage?.setItem(key, text);
  } catch {
    // Storage full or disabled: the form keeps working without a draft.
  }
}

export function clearDraft(storage: Storage | undefined, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // As above.
  }
}
