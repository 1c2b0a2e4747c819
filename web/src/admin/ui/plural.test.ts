import { describe, expect, it } from 'vitest';
import { plural } from './plural';

describe('plural', () => {
  it('says one for exactly one, and many for none or more', () => {
    expect(plural(1, 'inquiry', 'inquiries')).toBe('1 inquiry');
    expect(plural(0, 'inquiry', 'inquiries')).toBe('0 inquiries');
    expect(plural(2, 'record', 'records')).toBe('2 records');
  });
});
