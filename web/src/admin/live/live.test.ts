import { createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import type { ListPage, ListQuery, RealtimeEvent } from '@sourcing/shared';
import { createLiveUpdates, listOfEvent, listVersionsAtom, recordVersionsAtom, statsVersionAtom, unseenCountsAtom } from './live';

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), items };
}

const event = (name: RealtimeEvent['event'], kind: RealtimeEvent['summary']['kind']): RealtimeEvent => ({
  event: name,
  summary: { id: 'r1', kind, displayName: 'Jane Doe', detail: 'Acme Metals', createdAt: '2026-11-22T10:00:00.000Z' },
});

function setup(totals: Partial<Record<string, number>> = {}) {
  const store = createStore();
  const storage = memoryStorage();
  const calls: { name: string; query: ListQuery }[] = [];
  const list = vi.fn(async (name: string, query: ListQuery = {}): Promise<ListPage<never>> => {
    calls.push({ name, query });
    return { data: [], total: totals[name] ?? 0, nextCursor: null };
  });
  const platform = { notify: vi.fn(), setBadgeCount: vi.fn() };
  let clock = new Date('2026-11-22T12:00:00.000Z');
  const live = createLiveUpdates({
    store,
    api: () => ({ list }) as never,
    platform,
    storage,
    now: () => clock,
  });
  return { store, storage, calls, platform, live, tick: (ms: number) => (clock = new Date(clock.getTime() + ms)) };
}

describe('listOfEvent', () => {
  it('maps each realtime event to its list', () => {
    expect(listOfEvent('inquiryUpdated')).toBe('inquiries');
    expect(listOfEvent('supplierInquiryUpdated')).toBe('supplierInquiries');
    expect(listOfEvent('contactUpdated')).toBe('contacts');
    expect(listOfEvent('subscriberUpdated')).toBe('subscribers');
  });
});

describe('live updates', () => {
  it('an event refreshes its list and the dashboard, notifies, and recounts that badge since the last view', async () => {
    const { store, calls, platform, live } = setup({ contacts: 3 });
    const stop = live.viewList('contacts');
    stop();
    live.handleEvent(event('contactUpdated', 'contact'));
    expect(store.get(listVersionsAtom)).toMatchObject({ contacts: 1, inquiries: 0 });
    expect(store.get(statsVersionAtom)).toBe(1);
    expect(platform.notify).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'New contact message — Jane Doe', route: '/admin/contact-queries' }),
    );
    await vi.waitFor(() => expect(store.get(unseenCountsAtom).contacts).toBe(3));
    expect(calls.at(-1)).toEqual({ name: 'contacts', query: { since: '2026-11-22T12:00:00.000Z', limit: 1 } });
    expect(platform.setBadgeCount).toHaveBeenLastCalledWith(3);
  });

  it('counts everything for a list never viewed, and sums the badge over lists', async () => {
    const { store, calls, platform, live } = setup({ inquiries: 2, subscribers: 5 });
    await live.refreshAllCounts();
    expect(calls.find((c) => c.name === 'inquiries')?.query).toEqual({ since: undefined, limit: 1 });
    expect(store.get(unseenCountsAtom)).toEqual({ inquiries: 2, supplierInquiries: 0, contacts: 0, subscribers: 5 });
    expect(platform.setBadgeCount).toHaveBeenLastCalledWith(7);
  });

  it('what arrives in a list on screen is seen at once', async () => {
    const { store, storage, live, tick } = setup({ inquiries: 4 });
    await live.refreshAllCounts();
    live.viewList('inquiries');
    expect(store.get(unseenCountsAtom).inquiries).toBe(0);
    tick(5000);
    live.handleEvent(event('inquiryUpdated', 'inquiry'));
    await Promise.resolve();
    expect(store.get(unseenCountsAtom).inquiries).toBe(0);
    expect(storage.items.get('sourcing.admin.lastViewed.inquiries')).toBe('2026-11-22T12:00:05.000Z');
  });

  it('a link re-reads both linked records and both lists, without a notification', () => {
    const { store, platform, live } = setup();
    live.handleEvent({
      ...event('inquiryUpdated', 'inquiry'),
      change: {
        by: { id: 'a', email: 'ana@example.com' },
        type: 'link',
        text: 'linked Jane Doe with Sam Supplier',
        status: 'New',
        ownerId: null,
        version: 1,
        other: { event: 'supplierInquiryUpdated', id: 'o1' },
      },
    });
    expect(store.get(recordVersionsAtom)).toEqual({ r1: 1, o1: 1 });
    expect(store.get(listVersionsAtom)).toMatchObject({ inquiries: 1, supplierInquiries: 1, contacts: 0 });
    expect(platform.notify).not.toHaveBeenCalled();
  });

  it('a reconnect re-fetches every list, the dashboard and every count', async () => {
    const { store, calls, live } = setup();
    live.handleReconnect();
    expect(store.get(listVersionsAtom)).toEqual({ inquiries: 1, supplierInquiries: 1, contacts: 1, subscribers: 1 });
    expect(store.get(statsVersionAtom)).toBe(1);
    await vi.waitFor(() =>
      expect(calls.map((c) => c.name).sort()).toEqual(['contacts', 'inquiries', 'subscribers', 'supplierInquiries']),
    );
  });

  it('reset clears the badges', async () => {
    const { store, platform, live } = setup({ contacts: 2 });
    await live.refreshAllCounts();
    live.reset();
    expect(store.get(unseenCountsAtom).contacts).toBe(0);
    expect(platform.setBadgeCount).toHaveBeenLastCalledWith(0);
  });
});
