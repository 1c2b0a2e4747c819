import { describe, expect, it } from 'vitest';
import { badgeDescription, badgeOverlayName, createBadge } from './badge';

function recordingTargets(platform: NodeJS.Platform) {
  const calls: unknown[][] = [];
  return {
    calls,
    targets: {
      platform,
      setAppBadgeCount: (count: number) => calls.push(['badge', count]),
      setOverlayIcon: (name: string | null, description: string) => calls.push(['overlay', name, description]),
    },
  };
}

describe('badge', () => {
  it('shows the unread count on the dock or launcher, skipping repeats', () => {
    for (const platform of ['darwin', 'linux'] as const) {
      const { calls, targets } = recordingTargets(platform);
      const badge = createBadge(targets);
      badge.set(3);
      badge.set(3);
      badge.set(12);
      badge.set(0);
      expect(calls).toEqual([
        ['badge', 3],
        ['badge', 12],
        ['badge', 0],
      ]);
    }
  });

  it('draws a numbered overlay on the Windows taskbar, 9+ beyond nine, none at zero', () => {
    const { calls, targets } = recordingTargets('win32');
    const badge = createBadge(targets);
    badge.set(1);
    badge.set(7);
    badge.set(40);
    badge.set(0);
    expect(calls).toEqual([
      ['overlay', 'badge-1.png', '1 unread record'],
      ['overlay', 'badge-7.png', '7 unread records'],
      ['overlay', 'badge-9plus.png', '40 unread records'],
      ['overlay', null, ''],
    ]);
  });

  it('has an overlay image for every name it can ask for', async () => {
    const { existsSync } = await import('node:fs');
    const { join } = await import('node:path');
    for (const count of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) {
      expect(existsSync(join(import.meta.dirname, '../../resources/badges', badgeOverlayName(count)!))).toBe(true);
    }
    expect(badgeOverlayName(0)).toBeNull();
    expect(badgeDescription(0)).toBe('');
  });
});
