import { describe, expect, it } from 'vitest';
import { hiddenColumnsKey, readHiddenColumns, writeHiddenColumns } from './hidden-columns';

const memoryStore = () => {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
};

describe('hidden columns', () => {
  it('are remembered per admin and per list', () => {
    const store = memoryStore();
    writeHiddenColumns(store, 'ana', 'inquiries', ['Purity', 'GST Number']);
    expect(readHiddenColumns(store, 'ana', 'inquiries')).toEqual(['Purity', 'GST Number']);
    expect(readHiddenColumns(store, 'bob', 'inquiries')).toEqual([]);
    expect(readHiddenColumns(store, 'ana', 'supplierInquiries')).toEqual([]);
  });

  it('count as none when what is stored is unreadable', () => {
    const store = memoryStore();
    store.setItem(hiddenColumnsKey('ana', 'inquiries'), '{not json');
    expect(readHiddenColumns(store, 'ana', 'inquiries')).toEqual([]);
    store.setItem(hiddenColumnsKey('ana', 'inquiries'), '[1, "Unit"]');
    expect(readHiddenColumns(store, 'ana', 'inquiries')).toEqual(['Unit']);
  });
});
