import { describe, expect, it } from 'vitest';
import { cannedReplySchema, fillPlaceholders, placeholderValues } from './canned-replies';
import { replySubjectOf, staffReplySchema } from './conversation';
import { RECORD_DEFINITIONS } from './records';

describe('canned replies', () => {
  it('fills the placeholders from the record, in any spacing and letter case, and leaves unknown ones for staff to see', () => {
    const values = placeholderValues(RECORD_DEFINITIONS.inquiries, {
      fullName: 'Asha Rao',
      reference: 'INQ-7K2M9Q',
      commodities: ['Copper', 'Nickel'],
    });
    expect(values).toEqual({ name: 'Asha Rao', reference: 'INQ-7K2M9Q', commodity: 'Copper, Nickel' });
    expect(fillPlaceholders('Dear {{name}}, about {{ Commodity }} ({{reference}}): {{price}}', values)).toBe(
      'Dear Asha Rao, about Copper, Nickel (INQ-7K2M9Q): {{price}}',
    );
    expect(
      placeholderValues(RECORD_DEFINITIONS.supplierInquiries, { fullName: 'Li Wei', productName: 'Cocoa beans' }).commodity,
    ).toBe('Cocoa beans');
    // 'Others' is what the buyer typed for it, when they did.
    const others = { commodities: ['Copper', 'Others'], otherCommodity: 'Cobalt hydroxide' };
    expect(placeholderValues(RECORD_DEFINITIONS.inquiries, others).commodity).toBe('Copper, Cobalt hydroxide');
    expect(placeholderValues(RECORD_DEFINITIONS.inquiries, { ...others, otherCommodity: '' }).commodity).toBe('Copper, Others');
    // A contact message is about nothing in particular.
    expect(placeholderValues(RECORD_DEFINITIONS.contacts, { name: 'Bea', reference: 'MSG-Q4N0ZT' })).toEqual({
      name: 'Bea',
      reference: 'MSG-Q4N0ZT',
      commodity: '',
    });
  });

  it('needs a title and a text', () => {
    expect(cannedReplySchema.safeParse({ title: ' ', body: 'x' }).error?.issues[0].message).toBe('Title is required');
    expect(cannedReplySchema.safeParse({ title: 'Price list', body: '' }).error?.issues[0].message).toBe('Text is required');
  });
});

describe('a staff reply', () => {
  it('is called after the thread’s subject, without its answer prefixes, with the reference unless it holds it', () => {
    expect(replySubjectOf('RE: Aw: re:Shipment window', 'INQ-7K2M9Q')).toBe('Re: Shipment window [INQ-7K2M9Q]');
    expect(replySubjectOf('We received your inquiry — INQ-7K2M9Q', 'INQ-7K2M9Q')).toBe(
      'Re: We received your inquiry — INQ-7K2M9Q',
    );
    expect(replySubjectOf('Re: [inq-7k2m9q] price', 'INQ-7K2M9Q')).toBe('Re: [inq-7k2m9q] price');
    expect(replySubjectOf(null, 'MSG-Q4N0ZT')).toBe('Re: MSG-Q4N0ZT');
    expect(replySubjectOf('Re: ', 'MSG-Q4N0ZT')).toBe('Re: MSG-Q4N0ZT');
  });

  it('takes one-line subjects, at most five copies of one address each, and at most ten files', () => {
    expect(staffReplySchema.parse({ message: ' Hi ', subject: ' Price ', cc: [' a@Example.COM '] })).toEqual({
      message: 'Hi',
      subject: 'Price',
      cc: ['a@example.com'],
    });
    const problem = (body: unknown) => staffReplySchema.safeParse(body).error?.issues[0].message;
    expect(problem({ message: 'x', subject: 'Price\r\nBcc: x@y.z' })).toBe('The subject is one line');
    expect(problem({ message: 'x', cc: ['a@x.com, b@y.com'] })).toBe(
      'Enter one email address only, without commas or semicolons',
    );
    expect(problem({ message: 'x', cc: Array.from({ length: 6 }, (_, i) => `c${i}@x.com`) })).toBe('Copy at most 5 addresses');
    expect(problem({ message: 'x', attachments: Array.from({ length: 11 }, (_, i) => `f${i}`) })).toBe('Attach at most 10 files');
  });
});
