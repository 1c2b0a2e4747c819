import { describe, expect, it } from 'vitest';
import { UUID } from '../records/list/cursor';
import { orderedIds } from './ordered-ids';

describe('orderedIds', () => {
  it('are version 7 UUIDs whose first 48 bits are the millisecond', () => {
    const id = orderedIds(() => Date.UTC(2026, 10, 27, 12))();
    expect(id).toMatch(UUID);
    expect(id[14]).toBe('7');
    expect('89ab').toContain(id[19]);
    expect(parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toBe(Date.UTC(2026, 10, 27, 12));
  });

  it('sort in the order they were made: within one millisecond, past 4,096 of them, and when the clock steps back', () => {
    let ms = Date.UTC(2026, 10, 27, 12);
    const steps = [...Array<number>(5000).fill(0), 1, 1, -3, 0, 2, -1000, 0, 5];
    const next = orderedIds(() => ms);
    const made: string[] = [];
    for (const step of steps) {
      ms += step;
      made.push(next());
    }
    expect([...made].sort()).toEqual(made);
    expect(new Set(made).size).toBe(made.length);
  });
});
