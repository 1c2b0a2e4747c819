/** What kind of app a session runs in: the desktop app's pages come from app://admin and its engine says Electron. */
export function clientOf(origin: string, userAgent: string): 'browser' | 'desktop' {
  return origin.startsWith('app://') || /\bElectron\//.test(userAgent) ? 'desktop' : 'browser';
}

const BROWSERS: [RegExp, string][] = [
  [/\bElectron\//, 'Desktop app'],
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** 'Chrome on Linux', 'Desktop app on Windows', '' when the user agent says nothing we know. */
export function deviceLabel(userAgent: string): string {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? '';
}
