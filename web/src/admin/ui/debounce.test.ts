import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounce } from './debounce';

describe('debounce', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs once with the last value, after calls have stopped for the delay', () => {
    const runs: string[] = [];
    const later = debounce((value: string) => runs.push(value), 300);
    later('k');
    vi.advanceTimersByTime(200);
    later('ke');
    vi.advanceTimersByTime(299);
    expect(runs).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(runs).toEqual(['ke']);
  });

  it('runs the same value again when it is given again (a search retyped after a clear applies)', () => {
    const runs: string[] = [];
    const later = debounce((value: string) => runs.push(value), 300);
    later('tag');
    vi.advanceTimersByTime(300);
    later('');
    later('tag');
    vi.advanceTimersByTime(300);
    expect(runs).toEqual(['tag', 'tag']);
  });

  it('cancel drops the pending run', () => {
    const runs: string[] = [];
    const later = debounce((value: string) => runs.push(value), 300);
    later('stale');
    later.cancel();
    vi.advanceTimersByTime(1000);
    expect(runs).toEqual([]);
  });
});
