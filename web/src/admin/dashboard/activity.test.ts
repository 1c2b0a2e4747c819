import { describe, expect, it } from 'vitest';
import { describeActivity } from './activity';

const at = '2026-11-22T10:00:00.000Z';

describe('describeActivity', () => {
  it('uses the text of docs/admin.md#recent-activities for each kind and a distinct circle colour', () => {
    const inquiry = describeActivity({ id: '1', kind: 'inquiry', name: 'jane Doe', createdAt: at });
    const contact = describeActivity({ id: '2', kind: 'contact', name: 'Omar', createdAt: at });
    const subscriber = describeActivity({ id: '3', kind: 'subscriber', name: 'news@example.com', createdAt: at });
    expect([inquiry.text, contact.text, subscriber.text]).toEqual([
      'submitted a new inquiry',
      'sent a contact message',
      'joined the newsletter',
    ]);
    expect(new Set([inquiry.colourClass, contact.colourClass, subscriber.colourClass]).size).toBe(3);
  });

  it('shows the upper-case initial of the name, or ? for a blank one', () => {
    expect(describeActivity({ id: '1', kind: 'inquiry', name: ' jane', createdAt: at }).initial).toBe('J');
    expect(describeActivity({ id: '1', kind: 'contact', name: '  ', createdAt: at }).initial).toBe('?');
  });
});
