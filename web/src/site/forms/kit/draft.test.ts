import { describe, expect, it } from 'vitest';
import { clearDraft, DRAFT_KEPT_NOTICE, mergeDraft, readDraft, startingValues, writeDraft, type Arrival } from './draft';

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

const defaults = { name: '', unit: 'MT', tags: [] as string[] };

describe('mergeDraft', () => {
  it('keeps known fields of the right type only', () => {
    expect(mergeDraft(defaults, { name: 'Asha', unit: 7, tags: ['a', 3, 'b'], extra: 'x' })).toEqual({
      name: 'Asha',
      unit: 'MT',
      tags: ['a', 'b'],
    });
  });

  it('falls back to the defaults for anything that is not an object', () => {
    expect(mergeDraft(defaults, null)).toBe(defaults);
    expect(mergeDraft(defaults, ['x'])).toBe(defaults);
    expect(mergeDraft(defaults, 'text')).toBe(defaults);
  });
});

describe('readDraft / writeDraft / clearDraft', () => {
  it('round-trips values and forgets them when they are back to the defaults', () => {
    const storage = new MemoryStorage();
    expect(readDraft(storage, 'k', defaults)).toBeNull();
    writeDraft(storage, 'k', { ...defaults, name: 'Asha', tags: ['Coal'] }, defaults);
    expect(readDraft(storage, 'k', defaults)).toEqual({ name: 'Asha', unit: 'MT', tags: ['Coal'] });
    writeDraft(storage, 'k', defaults, defaults);
    expect(storage.getItem('k')).toBeNull();
    writeDraft(storage, 'k', { ...defaults, name: 'B' }, defaults);
    clearDraft(storage, 'k');
    expect(readDraft(storage, 'k', defaults)).toBeNull();
  });

  it('ignores a corrupt draft and works without storage', () => {
    const storage = new MemoryStorage();
    storage.setItem('k', '{not json');
    expect(readDraft(storage, 'k', defaults)).toBeNull();
    expect(readDraft(undefined, 'k', defaults)).toBeNull();
    expect(() => writeDraft(undefined, 'k', defaults, defaults)).not.toThrow();
  });

  it('keeps working when storage refuses to save', () => {
    const full = new MemoryStorage();
    full.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    expect(() => writeDraft(full, 'k', { ...defaults, name: 'x' }, defaults)).not.toThrow();
  });
});

describe('startingValues', () => {
  const tagged: Arrival<typeof defaults> = (start) => ({
    values: { ...start, tags: ['Coal'] },
    notice: start.tags.some((t) => t !== 'Coal') ? 'Coal replaces the earlier tags.' : null,
  });

  it('starts from the defaults, silently, when there is no draft', () => {
    expect(startingValues(defaults, null)).toEqual({ values: defaults, notice: null });
    expect(startingValues(defaults, null, tagged)).toEqual({ values: { ...defaults, tags: ['Coal'] }, notice: null });
  });

  it('says a draft was kept when it brings anything a fresh start would not have', () => {
    expect(startingValues(defaults, { ...defaults, name: 'Asha' })).toEqual({
      values: { ...defaults, name: 'Asha' },
      notice: DRAFT_KEPT_NOTICE,
    });
    expect(startingValues(defaults, { ...defaults, name: 'Asha', tags: ['Gems'] }, tagged)).toEqual({
      values: { ...defaults, name: 'Asha', tags: ['Coal'] },
      notice: `${DRAFT_KEPT_NOTICE} Coal replaces the earlier tags.`,
    });
  });

  it("tells only the arrival's change when the arrival replaced all the draft held", () => {
    expect(startingValues(defaults, { ...defaults, tags: ['Gems'] }, tagged)).toEqual({
      values: { ...defaults, tags: ['Coal'] },
      notice: 'Coal replaces the earlier tags.',
    });
    expect(startingValues(defaults, { ...defaults, tags: ['Coal'] }, tagged).notice).toBeNull();
  });
});
