/** The window opens where the admin left it, with the same size, as long as that spot is still on a screen. */
import { z } from 'zod';
import { readJsonFile, writeJsonFile } from './json-file';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WindowState {
  /** Absent: let the system place the window. */
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized: boolean;
}

export const DEFAULT_WINDOW_STATE: WindowState = { width: 1280, height: 820, maximized: false };
export const MIN_WINDOW_SIZE = { width: 800, height: 560 };
/** How much of the window's title bar must be on a screen for the saved position to be used. */
const MIN_VISIBLE = 100;

const storedState = z.object({
  x: z.number().int().optional(),
  y: z.number().int().optional(),
  width: z.number().int().min(MIN_WINDOW_SIZE.width).max(20_000),
  height: z.number().int().min(MIN_WINDOW_SIZE.height).max(20_000),
  maximized: z.boolean().default(false),
});

function overlap(a: Rect, b: Rect): { width: number; height: number } {
  return {
    width: Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x),
    height: Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y),
  };
}

/**
 * The state to open with: the saved one if it is valid and its top edge is visible on one of the
 * screens now attached (a monitor may have been unplugged), else the saved size centred by the system.
 */
export function restoreWindowState(saved: unknown, workAreas: Rect[]): WindowState {
  const parsed = storedState.safeParse(saved);
  if (!parsed.success) return DEFAULT_WINDOW_STATE;
  const { x, y, width, height, maximized } = parsed.data;
  if (x === undefined || y === undefined) return { width, height, maximized };
  const titleBar = { x, y, width, height: Math.min(height, 40) };
  const visible = workAreas.some((area) => {
    const shared = overlap(titleBar, area);
    return shared.width >= MIN_VISIBLE && shared.height > 0;
  });
  return visible ? { x, y, width, height, maximized } : { width, height, maximized };
}

export interface WindowStateFile {
  load(workAreas: Rect[]): Promise<WindowState>;
  save(state: WindowState): Promise<void>;
}

export function createWindowStateFile(file: string): WindowStateFile {
  return {
    load: async (workAreas) => restoreWindowState(await readJsonFile(file), workAreas),
    save: (state) => writeJsonFile(file, state),
  };
}

/** The part of BrowserWindow whose size and position are remembered. */
export interface TrackedWindow {
  on(event: 'resize' | 'move' | 'close', listener: () => void): unknown;
  getNormalBounds(): Rect;
  isMaximized(): boolean;
}

/** Saves the window's state shortly after it stops moving or resizing, and when it closes. */
export function trackWindowState(window: TrackedWindow, save: (state: WindowState) => void, delayMs = 500): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const current = (): WindowState => ({ ...window.getNormalBounds(), maximized: window.isMaximized() });
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(() => save(current()), delayMs);
  };
  window.on('resize', later);
  window.on('move', later);
  window.on('close', () => {
    clearTimeout(timer);
    save(current());
  });
}
