import { describe, expect, it } from 'vitest';
import { outcomeReasonsOf } from './desk';
import { BUYER_INQUIRY } from './records';

describe('outcome reasons', () => {
  it('are the definition’s reasons of a status that asks why, and none for any other status or kind', () => {
    expect(outcomeReasonsOf('inquiries', 'Lost')).toBe(BUYER_INQUIRY.outcomeReasons?.Lost);
    expect(outcomeReasonsOf('inquiries', 'Won')?.at(-1)).toBe('Other');
    for (const status of ['New', 'Quoted', 'Spam', 'constructor', '__proto__', 'toString']) {
      expect(outcomeReasonsOf('inquiries', status)).toBeNull();
    }
    expect(outcomeReasonsOf('supplierInquiries', 'Rejected')).toBeNull();
    expect(outcomeReasonsOf('contacts', 'Answered')).toBeNull();
  });
});
