import { describe, expect, it } from 'vitest';
import { engagementRate } from './engagement-rate';

describe('engagementRate', () => {
  it('is a dash when either count is zero', () => {
    expect(engagementRate(0, 10)).toBe('-');
    expect(engagementRate(5, 0)).toBe('-');
    expect(engagementRate(0, 0)).toBe('-');
  });

  it('is inquiries / subscribers x 100 with one decimal', () => {
    expect(engagementRate(1, 3)).toBe('33.3%');
    expect(engagementRate(2, 3)).toBe('66.7%');
    expect(engagementRate(1, 8)).toBe('12.5%');
    expect(engagementRate(1, 4)).toBe('25.0%');
  });

  it('is capped at 100%', () => {
    expect(engagementRate(10, 10)).toBe('100.0%');
    expect(engagementRate(250, 7)).toBe('100.0%');
  });
});
