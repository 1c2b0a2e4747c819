import { createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import type { RealtimeChange, RealtimeEvent, UnreadCounts } from '@sourcing/shared';
import { createLiveUpdates, listOfEvent, listVersionsAtom, recordVersionsAtom, statsVersionAtom, unreadCountsAtom } from './live';

const ME = 'me-id';
const OTHER = { id: 'ana-id', email: 'ana@example.com' };

const event = (name: RealtimeEvent['event'], kind: RealtimeEvent['summary']['kind'], change?: RealtimeChange): RealtimeEvent => ({
  event: name,
  summary: { id: 'r1', kind, displayName: 'Jane Doe', detail: 'Acme Metals', createdAt: '2026-11-22T10:00:00.000Z' },
  ...(change ? { change } : {}),
});

const assignedToMe: RealtimeChange = {
  by: OTHER,
  type: 'owner',
  text: 'assigned Jane Doe to me@example.com',
  status: 'New',
  ownerId: ME,
  version: 2,
  from: { status: 'New', ownerId: null },
};

const counts = (values: Partial<UnreadCounts> = {}): UnreadCounts => ({
  inquiries: 0,
  supplierInquiries: 0,
  contacts: 0,
  subscribers: 0,
  ...values,
});

/** A fake API whose count answers the test releases one by one. */
function setup() {
  const store = createStore();
  const answers: ((value: UnreadCounts) => void)[] = [];
  const unreadCounts = vi.fn(() => new Promise<UnreadCounts>((resolve) => answers.push(resolve)));
  const markRead = vi.fn(async () => counts({ contacts: 1 }));
  const markAllRead = vi.fn(async () => counts());
  const platform = { notify: vi.fn(), setBadgeCount: vi.fn() };
  const live = createLiveUpdates({
    store,
    api: () => ({ unreadCounts, markRead, markAllRead }),
    platform,
    me: () => ME,
  });
  const answer = async (value: UnreadCounts) => {
    await vi.waitFor(() => expect(answers.length).toBeGreaterThan(0));
    answers.shift()!(value);
  };
  return { store, platform, live, unreadCounts, markRead, markAllRead, answer, answers };
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
  it('a new record refreshes its list and the dashboard, notifies, and takes the server’s unread counts', async () => {
    const { store, platform, live, answer } = setup();
    live.handleEvent(event('contactUpdated', 'contact'));
    expect(store.get(listVersionsAtom)).toMatchObject({ contacts: 1, inquiries: 0 });
    expect(store.get(statsVersionAtom)).toBe(1);
    expect(platform.notify).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'New contact message — Jane Doe', route: '/admin/contact-queries' }),
    );
    await answer(counts({ contacts: 3, subscribers: 2 }));
    await vi.waitFor(() => expect(store.get(unreadCountsAtom)).toEqual(counts({ contacts: 3, subscribers: 2 })));
    expect(platform.setBadgeCount).toHaveBeenLastCalledWith(5);
  });

  it('asks for one count at a time: a burst of events while one is asked makes one more', async () => {
    const { store, live, unreadCounts, answer } = setup();
    for (let i = 0; i < 20; i++) live.handleEvent(event('inquiryUpdated', 'inquiry'));
    expect(unreadCounts).toHaveBeenCalledTimes(1);
    await answer(counts({ inquiries: 5 }));
    await answer(counts({ inquiries: 20 }));
    await vi.waitFor(() => expect(store.get(unreadCountsAtom).inquiries).toBe(20));
    expect(unreadCounts).toHaveBeenCalledTimes(2);
  });

  it('another admin’s change recounts (Spam is not unread), re-reads the record and notifies when it is assigned to me', async () => {
    const { store, platform, live, answer } = setup();
    live.handleEvent(event('inquiryUpdated', 'inquiry', assignedToMe));
    expect(platform.notify).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Assigned to you — Jane Doe', route: '/admin/inquiries/r1' }),
    );
    await answer(counts({ inquiries: 1 }));
    await vi.waitFor(() => expect(store.get(unreadCountsAtom).inquiries).toBe(1));
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
        from: { status: 'New', ownerId: null },
        other: { event: 'supplierInquiryUpdated', id: 'o1' },
      },
    });
    expect(store.get(recordVersionsAtom)).toEqual({ r1: 1, o1: 1 });
    expect(store.get(listVersionsAtom)).toMatchObject({ inquiries: 1, supplierInquiries: 1, contacts: 0 });
    expect(platform.notify).not.toHaveBeenCalled();
  });

  it('my own changes and changes to records of others notify nothing', () => {
    const { platform, live } = setup();
    live.handleEvent(event('inquiryUpdated', 'inquiry', { ...assignedToMe, by: { id: ME, email: 'me@example.com' } }));
    live.handleEvent(event('inquiryUpdated', 'inquiry', { ...assignedToMe, ownerId: 'bob-id' }));
    expect(platform.notify).not.toHaveBeenCalled();
  });

  it('opening a record marks it read and takes the counts the server answers', async () => {
    const { store, platform, live, markRead } = setup();
    await live.markRead('contacts', 'r1');
    expect(markRead).toHaveBeenCalledWith('contacts', 'r1');
    expect(store.get(unreadCountsAtom).contacts).toBe(1);
    expect(platform.setBadgeCount).toHaveBeenLastCalledWith(1);
    expect(store.get(listVersionsAtom).contacts).toBe(1);
  });

  it('a reconnect re-fetches every list, the dashboard and the counts', async () => {
    const { store, live, unreadCounts } = setup();
    live.handleReconnect();
    expect(store.get(listVersionsAtom)).toEqual({ inquiries: 1, supplierInquiries: 1, contacts: 1, subscribers: 1 });
    expect(store.get(statsVersionAtom)).toBe(1);
    expect(unreadCounts).toHaveBeenCalledTimes(1);
  });

  it('reset clears the badges, and a count asked before it is dropped', async () => {
    const { store, platform, live, answer } = setup();
    const asked = live.refreshCounts();
    live.reset();
    expect(platform.setBadgeCount).toHaveBeenLastCalledWith(0);
    await answer(counts({ contacts: 2 }));
    await asked;
    expect(store.get(unreadCountsAtom).contacts).toBe(0);
    // Signed in again: counting starts afresh.
    const again = live.refreshCounts();
    await answer(counts({ contacts: 4 }));
    await again;
    expect(store.get(unreadCountsAtom).contacts).toBe(4);
  });
});
