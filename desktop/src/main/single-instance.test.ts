import { describe, expect, it } from 'vitest';
import { claimSingleInstance } from './single-instance';

function fakeApp(gotLock: boolean) {
  const calls: string[] = [];
  const listeners = new Map<string, () => void>();
  return {
    calls,
    listeners,
    app: {
      requestSingleInstanceLock: () => gotLock,
      quit: () => void calls.push('quit'),
      on: (event: string, listener: () => void) => listeners.set(event, listener),
    },
  };
}

describe('claimSingleInstance', () => {
  it('lets the first instance run and brings its window forward when the app is started again', () => {
    const first = fakeApp(true);
    let shown = 0;
    expect(claimSingleInstance(first.app as never, () => shown++)).toBe(true);
    first.listeners.get('second-instance')!();
    expect(shown).toBe(1);
    expect(first.calls).toEqual([]);
  });

  it('quits a second instance', () => {
    const second = fakeApp(false);
    expect(claimSingleInstance(second.app as never, () => {})).toBe(false);
    expect(second.calls).toEqual(['quit']);
    expect(second.listeners.size).toBe(0);
  });
});
