import { describe, expect, it } from 'vitest';
import { PLACEHOLDERS } from '@sourcing/shared';
import { firstLineOf, PLACEHOLDER_HINT, PLACEHOLDER_MEANINGS } from './canned-text';

describe('a canned reply on Settings', () => {
  it('is listed by its first line that says something', () => {
    expect(firstLineOf('\n  \nDear {{name}},\r\nThanks for {{reference}}.')).toBe('Dear {{name}},');
    expect(firstLineOf('One line')).toBe('One line');
    expect(firstLineOf(' \n ')).toBe('');
  });

  it('explains every placeholder the reply form fills in', () => {
    expect(Object.keys(PLACEHOLDER_MEANINGS)).toEqual([...PLACEHOLDERS]);
    expect(PLACEHOLDER_HINT).toBe('Write {{name}}, {{reference}} or {{commodity}} where the record’s own words go.');
  });
});
