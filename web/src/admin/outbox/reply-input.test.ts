import { describe, expect, it } from 'vitest';
import type { AttachmentFile, IncomingConversationMail, OutgoingConversationMail } from '@sourcing/shared';
import { addressesOf, replyFilesOf, replyRequest, withInserted } from './reply-input';

const upload: AttachmentFile = {
  storedName: 'a1.pdf',
  originalName: 'specs.pdf',
  fileName: 'specs.pdf',
  mimeType: 'application/pdf',
  size: 46,
  url: 'https://x.example/a1.pdf',
};

const sent: OutgoingConversationMail = {
  direction: 'out',
  id: 'o1',
  purpose: 'confirmation',
  at: '2026-11-26T10:00:00.000Z',
  to: ['asha@buyer.example'],
  subject: 'We received your inquiry — INQ-7K2M9Q',
  text: 'Thanks.',
  state: 'filed',
  lastError: null,
  bounce: null,
  attachments: [],
};

const answer = (attachments: IncomingConversationMail['attachments']): IncomingConversationMail => ({
  direction: 'in',
  id: 'i1',
  kind: 'reply',
  at: '2026-11-26T11:00:00.000Z',
  from: { address: 'asha@buyer.example', name: null },
  fromOtherAddress: false,
  to: ['desk@sourcing.example'],
  cc: [],
  subject: 'Re: We received your inquiry — INQ-7K2M9Q',
  replyText: 'Draft attached.',
  text: 'Draft attached.',
  html: null,
  attachments,
  seen: true,
});

describe('the files a reply may send', () => {
  it('are the form uploads, then the kept attachments of the mails that came back (not those left in the .eml)', () => {
    const mails = [
      sent,
      answer([
        { name: 'draft.pdf', contentType: 'application/pdf', size: 2048, url: 'https://x.example/b2.pdf', storedName: 'b2.pdf' },
        { name: 'huge.zip', contentType: 'application/zip', size: 9e7, notKept: 'Too large' },
      ]),
    ];
    expect(replyFilesOf([upload], mails)).toEqual([
      { storedName: 'a1.pdf', name: 'specs.pdf', size: 46, came: 'form' },
      { storedName: 'b2.pdf', name: 'draft.pdf', size: 2048, came: 'mail' },
    ]);
    expect(replyFilesOf([], [sent])).toEqual([]);
    // A file a staff reply added to the record is one of its files from then on; one sent again is listed once.
    const price = {
      name: 'prices.pdf',
      contentType: 'application/pdf',
      size: 99,
      storedName: 'c3.pdf',
      url: 'https://x.example/c3.pdf',
    };
    const fromReply = { storedName: 'c3.pdf', name: 'prices.pdf', size: 99, came: 'reply' };
    const again = { ...sent, id: 'o2', attachments: [price, { ...price, name: 'specs.pdf', storedName: 'a1.pdf' }] };
    expect(replyFilesOf([upload], [{ ...sent, attachments: [price] }, again])).toEqual([
      { storedName: 'a1.pdf', name: 'specs.pdf', size: 46, came: 'form' },
      fromReply,
    ]);
  });
});

describe('the reply form', () => {
  it('reads the Cc field as addresses separated by commas, semicolons or spaces', () => {
    expect(addressesOf(' a@x.example, b@y.example;c@z.example  d@w.example,, ')).toEqual([
      'a@x.example',
      'b@y.example',
      'c@z.example',
      'd@w.example',
    ]);
    expect(addressesOf('  ')).toEqual([]);
  });

  it('puts a canned reply in place of a blank box, else after the text and a blank line', () => {
    expect(withInserted('', 'Dear Asha,')).toBe('Dear Asha,');
    expect(withInserted(' \n', 'Dear Asha,')).toBe('Dear Asha,');
    expect(withInserted('Hello.\n\n', 'Price list attached.')).toBe('Hello.\n\nPrice list attached.');
  });

  it('sends the subject shown, the copies and the ticked files still listed; nothing for what is left blank', () => {
    const files = replyFilesOf(
      [upload],
      [answer([{ name: 'd.pdf', contentType: 'application/pdf', size: 1, storedName: 'b2.pdf' }])],
    );
    expect(
      replyRequest({
        text: 'Hi',
        subject: ' Contract ',
        cc: 'a@x.example; b@y.example',
        ticked: new Set(['b2.pdf', 'gone.pdf']),
        files,
      }),
    ).toEqual({ message: 'Hi', subject: 'Contract', cc: ['a@x.example', 'b@y.example'], attachments: ['b2.pdf'] });
    expect(replyRequest({ text: 'Hi', subject: ' ', cc: '', ticked: new Set(), files })).toEqual({ message: 'Hi' });
  });
});
