import { describe, expect, it } from 'vitest';
import { changeNotificationFor, changeNotificationForBurst } from './notifications';
import type { RealtimeChange, RealtimeEvent } from './realtime';

const ME = 'me-id';
const CUSTOMER = { id: '', email: 'asha@buyer.example', name: 'Asha Rao' };

/** A mail that came back to contact message r1 (owned by `ownerId`), as the server announces it. */
const answer = (text: string, ownerId: string | null): RealtimeEvent => ({
  event: 'contactUpdated',
  summary: { id: 'r1', kind: 'contact', displayName: 'Asha Rao', createdAt: '2026-11-26T10:00:00.000Z' },
  change: { by: CUSTOMER, type: 'answer', text, status: 'Answered', ownerId, version: 3, from: { status: 'Answered', ownerId } },
});

const assigned: RealtimeChange = {
  by: { id: 'ana-id', email: 'ana@example.com', name: 'ana@example.com' },
  type: 'owner',
  text: 'assigned Jane Doe to me@example.com',
  status: 'New',
  ownerId: ME,
  version: 2,
  from: { status: 'New', ownerId: null },
};

describe('changeNotificationFor a mail that came back', () => {
  const reply = 'Reply from Asha Rao — MSG-7K2M9Q';

  it('tells the record’s owner of the customer’s reply: its line as the title, the record as the body, a click opens it', () => {
    expect(changeNotificationFor(answer(reply, ME), ME)).toEqual({
      title: reply,
      body: 'Asha Rao',
      route: '/admin/contact-queries/r1',
      event: answer(reply, ME),
    });
  });

  it('tells every admin when the record has no owner, and nobody else when it has one', () => {
    expect(changeNotificationFor(answer(reply, null), ME)).toMatchObject({ title: reply });
    expect(changeNotificationFor(answer(reply, null), 'bob-id')).toMatchObject({ title: reply });
    expect(changeNotificationFor(answer(reply, 'bob-id'), ME)).toBeNull();
  });

  it('notifies nothing for an automatic reply or a bounce: those only refresh the views', () => {
    expect(changeNotificationFor(answer('Automatic reply from Asha Rao — MSG-7K2M9Q', ME), ME)).toBeNull();
    expect(changeNotificationFor(answer('Bounce — MSG-7K2M9Q: 550 5.1.1 mailbox unavailable', null), ME)).toBeNull();
  });
});

describe('changeNotificationForBurst', () => {
  const notify = (event: RealtimeEvent) => changeNotificationFor(event, ME)!;

  it('counts a burst of customers’ replies as replies, one of mixed changes as changes', () => {
    const replies = [
      notify(answer('Reply from Asha Rao — MSG-7K2M9Q', ME)),
      notify(answer('Reply from Bilal — MSG-2B3C4D', null)),
    ];
    expect(changeNotificationForBurst(replies)).toMatchObject({
      title: '2 replies from customers',
      route: '/admin/contact-queries',
    });
    const assignment = notify({
      event: 'inquiryUpdated',
      summary: { id: 'i1', kind: 'inquiry', displayName: 'Jane Doe', createdAt: '2026-11-26T10:00:00.000Z' },
      change: assigned,
    });
    expect(changeNotificationForBurst([replies[0], assignment])).toMatchObject({
      title: '2 changes to your records',
      route: '/admin',
    });
  });
});
