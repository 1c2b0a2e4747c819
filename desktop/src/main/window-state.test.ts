import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createWindowStateFile, DEFAULT_WINDOW_STATE, restoreWindowState, trackWindowState, type Rect } from './window-state';
import { tempFolder } from '../test/temp-folder';

const laptop: Rect = { x: 0, y: 0, width: 1440, height: 900 };
const monitorRight: Rect = { x: 1440, y: 0, width: 2560, height: 1440 };

describe('restoreWindowState', () => {
  it('reopens where the window was when that spot is on a screen', () => {
    const saved = { x: 1600, y: 100, width: 1200, height: 800, maximized: true };
    expect(restoreWindowState(saved, [laptop, monitorRight])).toEqual(saved);
  });

  it('keeps the size but lets the system place it when its screen is gone', () => {
    const saved = { x: 1600, y: 100, width: 1200, height: 800, maximized: false };
    expect(restoreWindowState(saved, [laptop])).toEqual({ width: 1200, height: 800, maximized: false });
  });

  it('falls back to the default for nonsense', () => {
    for (const saved of [undefined, null, 'x', { width: 10, height: 10 }, { width: 'big', height: 900 }]) {
      expect(restoreWindowState(saved, [laptop])).toEqual(DEFAULT_WINDOW_STATE);
    }
  });
});

describe('createWindowStateFile', () => {
  it('saves and loads the state, ignoring a broken file', async () => {
    const file = join(await tempFolder('window-state-'), 'window-state.json');
    const states = createWindowStateFile(file);
    expect(await states.load([laptop])).toEqual(DEFAULT_WINDOW_STATE);
    await states.save({ x: 20, y: 30, width: 1000, height: 700, maximized: false });
    expect(await states.load([laptop])).toEqual({ x: 20, y: 30, width: 1000, height: 700, maximized: false });
    await writeFile(file, '{');
    expect(await states.load([laptop])).toEqual(DEFAULT_WINDOW_STATE);
  });
});

describe('trackWindowState', () => {
  it('saves once after moves settle, and at once on close', () => {
    vi.useFakeTimers();
    const listeners = new Map<string, () => void>();
    let bounds = { x: 0, y: 0, width: 900, height: 600 };
    const window = {
      on: (event: string, listener: () => void) => listeners.set(event, listener),
      getNormalBounds: () => bounds,
      isMaximized: () => false,
    };
    const saved: unknown[] = [];
    trackWindowState(window, (state) => saved.push(state), 500);
    listeners.get('move')!();
    bounds = { ...bounds, x: 50 };
    listeners.get('resize')!();
    vi.advanceTimersByTime(499);
    expect(saved).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(saved).toEqual([{ x: 50, y: 0, width: 900, height: 600, maximized: false }]);
    bounds = { ...bounds, width: 1000 };
    listeners.get('close')!();
    expect(saved).toHaveLength(2);
    expect(saved[1]).toEqual({ x: 50, y: 0, width: 1000, height: 600, maximized: false });
    vi.useRealTimers();
  });
});
