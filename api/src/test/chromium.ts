import { existsSync } from 'node:fs';

/**
 * The Chromium the browser tests drive: CHROMIUM_PATH when set, else Debian's headless shell
 * (`apt-get install chromium-headless-shell`: Chromium's own headless build, the one Playwright
 * runs headless by default; it draws no window, so it spends about a third less CPU per test),
 * else Debian's full Chromium, else undefined (Playwright's own download).
 */
export function testChromiumPath(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path));
}
