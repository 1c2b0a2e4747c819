import { describe, expect, it } from 'vitest';
import { describeEntry } from './timeline-text';

const ana = { id: 'a', email: 'ana@example.com', name: 'Ana Silva' };
const at = '2026-03-02T09:00:00.000Z';

describe('timeline lines', () => {
  it('say who did what, by their display name', () => {
    expect(describeEntry({ id: 'received', type: 'received', at, actor: null })).toBe('Received');
    expect(describeEntry({ id: '1', type: 'status', at, actor: ana, from: 'New', to: 'Quoted' })).toBe(
      'Ana Silva changed the status from New to Quoted',
    );
    expect(
      describeEntry({ id: '1b', type: 'status', at, actor: ana, from: 'Quoted', to: 'Lost', reason: 'Price too high' }),
    ).toBe('Ana Silva changed the status from Quoted to Lost: Price too high');
    expect(describeEntry({ id: '2', type: 'owner', at, actor: ana, from: null, to: ana })).toBe(
      'Ana Silva assigned it to Ana Silva',
    );
    expect(describeEntry({ id: '3', type: 'owner', at, actor: ana, from: ana, to: null })).toBe('Ana Silva unassigned it');
    expect(describeEntry({ id: '4', type: 'note', at, actor: ana, text: 'hi' })).toBe('Ana Silva added a note');
    expect(
      describeEntry({ id: '5', type: 'link', at, actor: ana, list: 'supplierInquiries', recordId: 'o', name: 'Sam Supplier' }),
    ).toBe('Ana Silva linked supplier offer Sam Supplier');
    expect(describeEntry({ id: '6', type: 'unlink', at, actor: ana, list: 'inquiries', recordId: 'i', name: null })).toBe(
      'Ana Silva unlinked buyer inquiry (since erased)',
    );
  });

  it('say which mail went to whom, and who replied', () => {
    const mail = { at, subject: 'We received your inquiry — INQ-7K2M9Q', to: ['bob@buyer.example'] };
    expect(describeEntry({ id: '5', type: 'mail', actor: null, purpose: 'confirmation', ...mail })).toBe(
      'Confirmation e-mailed to bob@buyer.example',
    );
    expect(
      describeEntry({ id: '6', type: 'mail', actor: null, purpose: 'staff-alert', ...mail, to: ['a@x.example', 'b@x.example'] }),
    ).toBe('Staff alert e-mailed to a@x.example, b@x.example');
    expect(describeEntry({ id: '7', type: 'mail', actor: ana, purpose: 'reply', ...mail })).toBe(
      'Ana Silva replied by e-mail to bob@buyer.example',
    );
    expect(describeEntry({ id: '8', type: 'mail', actor: null, purpose: 'staff-digest', ...mail, to: ['a@x.example'] })).toBe(
      'Staff digest e-mailed to a@x.example',
    );
  });

  it('say which mail was not sent to the sender, and why', () => {
    const withheld = { at, actor: null, type: 'withheld', purpose: 'confirmation', to: 'victim@example.com' } as const;
    expect(describeEntry({ id: '9', ...withheld, reason: 'recipient-limit' })).toBe(
      'Confirmation not e-mailed to victim@example.com: the address reached its limit of mails from the forms',
    );
    expect(describeEntry({ id: '10', ...withheld, reason: 'blocked' })).toBe(
      'Confirmation not e-mailed to victim@example.com: the address is on the block list',
    );
    expect(describeEntry({ id: '11', ...withheld, purpose: 'reply', to: 'ceo,hr@example.com', reason: 'invalid-address' })).toBe(
      'Reply not e-mailed to ceo,hr@example.com: it is not one e-mail address',
    );
  });
});
