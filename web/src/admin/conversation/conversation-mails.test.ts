import { describe, expect, it } from 'vitest';
import type { IncomingConversationMail, OutgoingConversationMail } from '@sourcing/shared';
import { emlFileName, isUnseenReply, newWordsOf, readsReplies, threadOf } from './conversation-mails';

const sent = (purpose: OutgoingConversationMail['purpose']): OutgoingConversationMail => ({
  direction: 'out',
  id: purpose,
  purpose,
  at: '2026-11-26T10:00:00.000Z',
  to: ['asha@buyer.example'],
  subject: 'Re: MSG-7K2M9Q',
  text: 'Ready in Kandla.',
  state: 'filed',
  lastError: null,
  bounce: null,
  attachments: [],
});

const received = (kind: IncomingConversationMail['kind'], seen = false): IncomingConversationMail => ({
  direction: 'in',
  id: `${kind}-${seen}`,
  kind,
  at: '2026-11-26T11:00:00.000Z',
  from: { address: 'asha@buyer.example', name: 'Asha Rao' },
  fromOtherAddress: false,
  to: ['desk@sourcing.example'],
  cc: [],
  subject: 'Re: MSG-7K2M9Q',
  replyText: 'Send the contract.',
  text: 'Send the contract.\n\n> Ready in Kandla.',
  html: null,
  attachments: [],
  seen,
});

describe('the conversation of a record', () => {
  it('is the mails the customer got and every mail that came back, in order; staff alerts and notices stay in the Mails card', () => {
    const mails = [
      sent('confirmation'),
      sent('staff-alert'),
      sent('assignment'),
      sent('reply'),
      received('reply'),
      received('bounce'),
    ];
    expect(threadOf(mails).map((m) => m.id)).toEqual(['confirmation', 'reply', 'reply-false', 'bounce-false']);
  });

  it('waits to be read only for the customer’s own replies not seen yet', () => {
    expect(isUnseenReply(received('reply'))).toBe(true);
    expect(isUnseenReply(received('reply', true))).toBe(false);
    expect(isUnseenReply(received('auto-reply'))).toBe(false);
    expect(isUnseenReply(received('bounce'))).toBe(false);
    expect(isUnseenReply(sent('reply'))).toBe(false);
  });

  it('is read by its owner, or by anyone when it has none', () => {
    expect(readsReplies('me', 'me')).toBe(true);
    expect(readsReplies('me', null)).toBe(true);
    expect(readsReplies('me', 'bob')).toBe(false);
    expect(readsReplies(null, null)).toBe(false);
  });

  it('shows a mail’s new words first, or all of them when none were told apart', () => {
    expect(newWordsOf({ replyText: 'New.', text: 'New.\n> Old.' })).toBe('New.');
    expect(newWordsOf({ replyText: '', text: '> Only quoted.' })).toBe('> Only quoted.');
  });

  it('downloads a received mail under its record’s reference, or its id', () => {
    expect(emlFileName('MSG-7K2M9Q')).toBe('mail-MSG-7K2M9Q.eml');
  });
});
