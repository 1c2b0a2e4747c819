import { QueryObserver, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import {
  AUTOMATIC_ASSIGNER,
  FOLLOW_UP_REMINDER,
  RESPONSE_TARGET_WATCH,
  type RealtimeChange,
  type RealtimeEvent,
  type UnreadCounts,
} from '@sourcing/shared';
import { queryKeys } from '../queries/keys';
import { createAdminQueryClient } from '../queries/query-client';
import { createLiveUpdates, listOfEvent, toastsFor, unreadCountsAtom } from './live';

const ME = 'me-id';
const OTHER = { id: 'ana-id', email: 'ana@example.com', name: 'ana@example.com' };

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

/** A mail that came back from the customer to record r1, owned by `ownerId`, with the server's line. */
const answerOf = (text: string, ownerId: string | null): RealtimeChange => ({
  by: { id: '', email: 'jane@buyer.example', name: 'Jane Doe' },
  type: 'answer',
  text,
  status: 'New',
  ownerId,
  version: 2,
  from: { status: 'New', ownerId },
});

const counts = (values: Partial<UnreadCounts> = {}): UnreadCounts => ({
  inquiries: 0,
  supplierInquiries: 0,
  contacts: 0,
  subscribers: 0,
  ...values,
});

/** What the admin has open or opened: a cache holding a query of each kind, of several lists and records. */
const CACHED = {
  inquiries: queryKeys.listPages('inquiries', {}),
  inquiriesSearched: queryKeys.listPages('inquiries', { q: 'copper', status: 'New' }),
  supplierInquiries: queryKeys.listPages('supplierInquiries', {}),
  contacts: queryKeys.listPages('contacts', {}),
  subscribers: queryKeys.listPages('subscribers', {}),
  statsWeek: queryKeys.stats('week'),
  statsYear: queryKeys.stats('year'),
  r1: queryKeys.record('inquiries', 'r1'),
  r1Timeline: queryKeys.timeline('inquiries', 'r1'),
  r1Matches: queryKeys.matches('inquiries', 'r1'),
  r1Conversation: queryKeys.conversation('inquiries', 'r1'),
  r2: queryKeys.record('inquiries', 'r2'),
  r2Timeline: queryKeys.timeline('inquiries', 'r2'),
  o1: queryKeys.record('supplierInquiries', 'o1'),
  o1Timeline: queryKeys.timeline('supplierInquiries', 'o1'),
  o1Matches: queryKeys.matches('supplierInquiries', 'o1'),
  staff: queryKeys.staff,
  assignees: queryKeys.assignees,
  outbox: queryKeys.outbox(null),
  r1Outbox: queryKeys.outbox('r1'),
  audit: queryKeys.audit({}),
  unmatched: queryKeys.unmatchedMails,
} satisfies Record<string, QueryKey>;

type Cached = keyof typeof CACHED;

function cacheEverything(queryClient: QueryClient) {
  for (const key of Object.values(CACHED)) queryClient.setQueryData(key, { cached: true });
}

/** Which of the cached queries are invalidated (they re-read now if shown, else when next shown). */
const invalidated = (queryClient: QueryClient): Cached[] =>
  (Object.keys(CACHED) as Cached[]).filter((name) => queryClient.getQueryState(CACHED[name])?.isInvalidated).sort();

/** A fake API whose count answers the test releases one by one. */
function setup() {
  const store = createStore();
  const queryClient = createAdminQueryClient();
  cacheEverything(queryClient);
  const answers: ((value: UnreadCounts) => void)[] = [];
  const unreadCounts = vi.fn(() => new Promise<UnreadCounts>((resolve) => answers.push(resolve)));
  const markRead = vi.fn(async () => counts({ contacts: 1 }));
  const markAllRead = vi.fn(async () => counts());
  const platform = { notify: vi.fn(), setBadgeCount: vi.fn() };
  const announce = vi.fn();
  const live = createLiveUpdates({
    store,
    queryClient,
    api: () => ({ unreadCounts, markRead, markAllRead }),
    platform,
    me: () => ME,
    announce,
  });
  const answer = async (value: UnreadCounts) => {
    await vi.waitFor(() => expect(answers.length).toBeGreaterThan(0));
    answers.shift()!(value);
  };
  return { store, queryClient, platform, announce, live, unreadCounts, markRead, markAllRead, answer, answers };
}

describe('toastsFor', () => {
  it('toasts a colleague’s change, not one’s own, and an automatic assignment to its assignee only', () => {
    expect(toastsFor({ by: OTHER, ownerId: 'bob-id' }, ME)).toBe(true);
    expect(toastsFor({ by: { ...OTHER, id: ME }, ownerId: null }, ME)).toBe(false);
    expect(toastsFor({ by: AUTOMATIC_ASSIGNER, ownerId: ME }, ME)).toBe(true);
    expect(toastsFor({ by: AUTOMATIC_ASSIGNER, ownerId: 'bob-id' }, ME)).toBe(false);
  });

  it('toasts a follow-up reminder to the record’s owner, or to everyone when it has none', () => {
    expect(toastsFor({ by: FOLLOW_UP_REMINDER, ownerId: ME }, ME)).toBe(true);
    expect(toastsFor({ by: FOLLOW_UP_REMINDER, ownerId: null }, ME)).toBe(true);
    expect(toastsFor({ by: FOLLOW_UP_REMINDER, ownerId: 'bob-id' }, ME)).toBe(false);
  });
});

describe('listOfEvent', () => {
  it('maps each realtime event to its list', () => {
    expect(listOfEvent('inquiryUpdated')).toBe('inquiries');
    expect(listOfEvent('supplierInquiryUpdated')).toBe('supplierInquiries');
    expect(listOfEvent('contactUpdated')).toBe('contacts');
    expect(listOfEvent('subscriberUpdated')).toBe('subscribers');
  });
});

describe('live updates', () => {
  it('a new record invalidates its list and the dashboard, notifies, and takes the server’s unread counts', async () => {
    const { store, queryClient, platform, live, answer } = setup();
    live.handleEvent(event('contactUpdated', 'contact'));
    expect(invalidated(queryClient)).toEqual(['contacts', 'statsWeek', 'statsYear']);
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
    const { store, queryClient, platform, announce, live, answer } = setup();
    live.handleEvent(event('inquiryUpdated', 'inquiry', assignedToMe));
    // Every search of its list, the dashboard, and the record's own views; not another record's.
    expect(invalidated(queryClient)).toEqual(
      ['inquiries', 'inquiriesSearched', 'r1', 'r1Conversation', 'r1Matches', 'r1Timeline', 'statsWeek', 'statsYear'].sort(),
    );
    expect(platform.notify).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Assigned to you — Jane Doe', route: '/admin/inquiries/r1' }),
    );
    expect(announce).toHaveBeenCalledWith('ana@example.com assigned Jane Doe to me@example.com');
    await answer(counts({ inquiries: 1 }));
    await vi.waitFor(() => expect(store.get(unreadCountsAtom).inquiries).toBe(1));
  });

  it('another admin’s reply re-reads the record, its mails, its conversation and the outbox', () => {
    const { queryClient, platform, live } = setup();
    live.handleEvent(
      event('inquiryUpdated', 'inquiry', {
        ...assignedToMe,
        type: 'mail',
        text: 'replied by e-mail to Jane Doe',
        from: { status: 'New', ownerId: ME },
      }),
    );
    expect(invalidated(queryClient)).toEqual(
      [
        'inquiries',
        'inquiriesSearched',
        'r1',
        'r1Conversation',
        'r1Matches',
        'r1Timeline',
        'r1Outbox',
        'outbox',
        'statsWeek',
        'statsYear',
      ].sort(),
    );
    expect(platform.notify).not.toHaveBeenCalled();
  });

  it('a link re-reads both linked records and both lists, without a notification', () => {
    const { queryClient, platform, live } = setup();
    live.handleEvent({
      ...event('inquiryUpdated', 'inquiry'),
      change: {
        by: { id: 'a', email: 'ana@example.com', name: 'ana@example.com' },
        type: 'link',
        text: 'linked Jane Doe with Sam Supplier',
        status: 'New',
        ownerId: null,
        version: 1,
        from: { status: 'New', ownerId: null },
        other: { event: 'supplierInquiryUpdated', id: 'o1' },
      },
    });
    expect(invalidated(queryClient)).toEqual(
      [
        'inquiries',
        'inquiriesSearched',
        'supplierInquiries',
        'r1',
        'r1Conversation',
        'r1Matches',
        'r1Timeline',
        'o1',
        'o1Matches',
        'o1Timeline',
        'statsWeek',
        'statsYear',
      ].sort(),
    );
    expect(platform.notify).not.toHaveBeenCalled();
  });

  it('a customer’s reply re-reads the record’s views (its conversation too) and the unmatched mail, toasts its line and notifies', () => {
    const { queryClient, platform, announce, live } = setup();
    const line = 'Reply from Jane Doe — INQ-7K2M9Q';
    live.handleEvent(event('inquiryUpdated', 'inquiry', answerOf(line, null)));
    expect(invalidated(queryClient)).toEqual(
      [
        'inquiries',
        'inquiriesSearched',
        'r1',
        'r1Conversation',
        'r1Matches',
        'r1Timeline',
        'statsWeek',
        'statsYear',
        'unmatched',
      ].sort(),
    );
    // The line says who: it is not put after the customer's name again.
    expect(announce).toHaveBeenCalledWith(line);
    // The record has no owner: every admin is told; clicking opens the record.
    expect(platform.notify).toHaveBeenCalledWith(
      expect.objectContaining({ title: line, body: 'Jane Doe', route: '/admin/inquiries/r1' }),
    );
  });

  it('an automatic reply or a bounce is toasted and re-reads the views but notifies no one; a reply to a colleague’s record notifies only them', () => {
    const { queryClient, platform, announce, live } = setup();
    live.handleEvent(event('inquiryUpdated', 'inquiry', answerOf('Automatic reply from Jane Doe — INQ-7K2M9Q', ME)));
    live.handleEvent(event('inquiryUpdated', 'inquiry', answerOf('Bounce — INQ-7K2M9Q: 550 5.1.1 mailbox unavailable', ME)));
    live.handleEvent(event('inquiryUpdated', 'inquiry', answerOf('Reply from Jane Doe — INQ-7K2M9Q', 'bob-id')));
    expect(invalidated(queryClient)).toContain('r1Conversation');
    expect(announce.mock.calls).toEqual([
      ['Automatic reply from Jane Doe — INQ-7K2M9Q'],
      ['Bounce — INQ-7K2M9Q: 550 5.1.1 mailbox unavailable'],
      ['Reply from Jane Doe — INQ-7K2M9Q'],
    ]);
    expect(platform.notify).not.toHaveBeenCalled();
  });

  it('a record on screen re-reads at once when someone changes it', async () => {
    const { queryClient, live } = setup();
    const detail = vi.fn(async () => ({ _id: 'r1', status: 'New' }));
    const shown = new QueryObserver(queryClient, { queryKey: queryKeys.record('inquiries', 'r2'), queryFn: detail });
    const unsubscribe = shown.subscribe(() => undefined);
    await vi.waitFor(() => expect(detail).toHaveBeenCalledTimes(1));
    live.handleEvent({
      ...event('inquiryUpdated', 'inquiry', assignedToMe),
      summary: { ...event('inquiryUpdated', 'inquiry').summary, id: 'r2' },
    });
    await vi.waitFor(() => expect(detail).toHaveBeenCalledTimes(2));
    unsubscribe();
  });

  it('my own changes and changes to records of others notify nothing', () => {
    const { platform, live } = setup();
    live.handleEvent(
      event('inquiryUpdated', 'inquiry', { ...assignedToMe, by: { id: ME, email: 'me@example.com', name: 'me@example.com' } }),
    );
    live.handleEvent(event('inquiryUpdated', 'inquiry', { ...assignedToMe, ownerId: 'bob-id' }));
    expect(platform.notify).not.toHaveBeenCalled();
  });

  it('a follow-up reminder of my record is toasted and notified to me, with a click to the record', () => {
    const { platform, announce, live } = setup();
    const reminder: RealtimeChange = {
      ...assignedToMe,
      by: FOLLOW_UP_REMINDER,
      type: 'follow-up',
      text: 'Follow up: Jane Doe — call about the LC',
      ownerId: ME,
      from: { status: 'New', ownerId: ME },
    };
    live.handleEvent(event('inquiryUpdated', 'inquiry', reminder));
    expect(announce).toHaveBeenCalledWith('Follow up: Jane Doe — call about the LC');
    expect(platform.notify).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Follow up: Jane Doe — call about the LC',
        body: 'Jane Doe',
        route: '/admin/inquiries/r1',
      }),
    );
    // A colleague's reminder is theirs.
    platform.notify.mockClear();
    live.handleEvent(event('inquiryUpdated', 'inquiry', { ...reminder, ownerId: 'bob-id' }));
    expect(platform.notify).not.toHaveBeenCalled();
  });

  it('a response due soon or missed is toasted and notified to its owner, to everyone when it has none', () => {
    const { platform, announce, live } = setup();
    const missed: RealtimeChange = {
      ...assignedToMe,
      by: RESPONSE_TARGET_WATCH,
      type: 'response',
      text: 'Response target missed: Jane Doe',
      ownerId: null,
      from: { status: 'New', ownerId: null },
    };
    live.handleEvent(event('inquiryUpdated', 'inquiry', missed));
    expect(announce).toHaveBeenCalledWith('Response target missed: Jane Doe');
    expect(platform.notify).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Response target missed: Jane Doe', body: 'Jane Doe', route: '/admin/inquiries/r1' }),
    );
    platform.notify.mockClear();
    announce.mockClear();
    live.handleEvent(event('inquiryUpdated', 'inquiry', { ...missed, text: 'Response due soon: Jane Doe', ownerId: 'bob-id' }));
    expect(announce).not.toHaveBeenCalled();
    expect(platform.notify).not.toHaveBeenCalled();
  });

  it('opening a record marks it read and takes the counts the server answers', async () => {
    const { store, queryClient, platform, live, markRead } = setup();
    await live.markRead('contacts', 'r1');
    expect(markRead).toHaveBeenCalledWith('contacts', 'r1');
    expect(store.get(unreadCountsAtom).contacts).toBe(1);
    expect(platform.setBadgeCount).toHaveBeenLastCalledWith(1);
    // Its list re-reads its unread flags.
    expect(invalidated(queryClient)).toEqual(['contacts']);
  });

  it('a reconnect re-reads everything (anything may have changed meanwhile) and the counts', () => {
    const { queryClient, live, unreadCounts } = setup();
    live.handleReconnect();
    expect(invalidated(queryClient)).toEqual((Object.keys(CACHED) as Cached[]).sort());
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
