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

/** How a visitor's arrival shapes the starting values (e.g. a commodity card ticks its commodity), and what to tell them. */
export type Arrival<V extends FormValues> = (start: V) => { values: V; notice?: string | null };

export interface FormStart<V extends FormValues> {
  values: V;
  /** What the visitor is told about the values they find: a kept draft, what the arrival changed. */
  notice: string | null;
}

export const DRAFT_KEPT_NOTICE = 'We kept what you typed here earlier.';

/**
 * The values a form starts with: the kept draft (else the defaults) after the arrival's change.
 * The visitor is told a draft was kept whenever it left anything a fresh start would not have.
 */
export function startingValues<V extends FormValues>(defaults: V, draft: V | null, arrive?: Arrival<V>): FormStart<V> {
  const arrived = arrive ? arrive(draft ?? defaults) : { values: draft ?? defaults };
  const fresh = arrive ? arrive(defaults).values : defaults;
  const kept = draft !== null && JSON.stringify(arrived.values) !== JSON.stringify(fresh);
  const notice = [kept ? DRAFT_KEPT_NOTICE : null, arrived.notice ?? null].filter(Boolean).join(' ');
  return { values: arrived.values, notice: notice || null };
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
