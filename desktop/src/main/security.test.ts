import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  decideNavigation,
  decideWindowOpen,
  denyAllPermissions,
  guardWebContents,
  isTrustedSenderUrl,
  type TrustedOrigins,
} from './security';

const trusted: TrustedOrigins = { app: 'app://admin', server: 'https://sourcing.example.com' };

describe('decideNavigation', () => {
  it('keeps the app’s own pages in the window', () => {
    expect(decideNavigation('app://admin/index.html#/admin/inquiries', trusted)).toBe('allow');
    expect(decideNavigation('app://admin/index.html?screen=server', trusted)).toBe('allow');
  });

  it('sends pages of the configured server to the browser instead of replacing the app', () => {
    expect(decideNavigation('https://sourcing.example.com/admin', trusted)).toBe('external');
  });

  it('compares parsed origins, not substrings', () => {
    for (const url of [
      'https://sourcing.example.com.evil.test/',
      'https://evil.test/?next=https://sourcing.example.com',
      'https://evil.test/sourcing.example.com',
      'http://sourcing.example.com/',
      'https://sourcing.example.com:8443/',
      'app://admin.evil/index.html',
      'https://user:pass@sourcing.example.com/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'not a url',
    ]) {
      expect(decideNavigation(url, trusted), url).toBe('deny');
    }
  });

  it('allows nothing of the server before one is configured', () => {
    expect(decideNavigation('https://sourcing.example.com/', { app: 'app://admin', server: null })).toBe('deny');
  });

  it('hands mail and phone links to the system', () => {
    expect(decideNavigation('mailto:buyer@example.com', trusted)).toBe('external');
    expect(decideWindowOpen('tel:+441234567890', trusted)).toBe('external');
  });
});

describe('decideWindowOpen', () => {
  it('never opens a new app window, even for the app itself', () => {
    expect(decideWindowOpen('app://admin/index.html', trusted)).toBe('deny');
    expect(decideWindowOpen('https://evil.test/', trusted)).toBe('deny');
    expect(decideWindowOpen('https://sourcing.example.com/api/uploads/x.pdf?sig=1', trusted)).toBe('external');
  });
});

/** Records what the security module asks of a webContents. */
function fakeContents() {
  const listeners = new Map<string, (...args: unknown[]) => void>();
  let openHandler: ((details: { url: string }) => { action: string }) | null = null;
  return {
    on(event: string, listener: (...args: unknown[]) => void) {
      listeners.set(event, listener);
      return this;
    },
    setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
      openHandler = handler;
    },
    fire(event: string, url = '') {
      let prevented = false;
      listeners.get(event)!({ url, preventDefault: () => (prevented = true) });
      return prevented;
    },
    open: (url: string) => openHandler!({ url }),
  };
}

describe('guardWebContents', () => {
  it('blocks navigation away from the app, opening server and mail links externally', () => {
    const contents = fakeContents();
    const opened: string[] = [];
    guardWebContents(
      contents as never,
      () => trusted,
      (url) => opened.push(url),
    );

    expect(contents.fire('will-navigate', 'app://admin/index.html')).toBe(false);
    expect(contents.fire('will-navigate', 'https://evil.test/')).toBe(true);
    expect(contents.fire('will-redirect', 'https://sourcing.example.com/login')).toBe(true);
    expect(contents.fire('will-attach-webview')).toBe(true);
    expect(contents.open('mailto:a@b.example')).toEqual({ action: 'deny' });
    expect(contents.open('https://evil.test/')).toEqual({ action: 'deny' });
    expect(opened).toEqual(['https://sourcing.example.com/login', 'mailto:a@b.example']);
  });

  it('reads the trusted origins at each navigation, so a changed server applies at once', () => {
    const contents = fakeContents();
    let current: TrustedOrigins = { app: 'app://admin', server: null };
    const opened: string[] = [];
    guardWebContents(
      contents as never,
      () => current,
      (url) => opened.push(url),
    );
    contents.open('https://sourcing.example.com/');
    current = trusted;
    contents.open('https://sourcing.example.com/');
    expect(opened).toEqual(['https://sourcing.example.com/']);
  });
});

describe('denyAllPermissions', () => {
  it('answers every permission request and check with no', () => {
    const answers: boolean[] = [];
    let check: (() => boolean) | null = null;
    denyAllPermissions({
      setPermissionRequestHandler: (handler) => handler!({} as never, 'media', (granted) => answers.push(granted), {} as never),
      setPermissionCheckHandler: (handler) => (check = handler as () => boolean),
    });
    expect(answers).toEqual([false]);
    expect(check!()).toBe(false);
  });
});

describe('isTrustedSenderUrl', () => {
  it('accepts only frames of the app origin', () => {
    expect(isTrustedSenderUrl('app://admin/index.html#/admin', 'app://admin')).toBe(true);
    expect(isTrustedSenderUrl('http://localhost:5173/', 'http://localhost:5173')).toBe(true);
    expect(isTrustedSenderUrl('https://sourcing.example.com/', 'app://admin')).toBe(false);
    expect(isTrustedSenderUrl(undefined, 'app://admin')).toBe(false);
  });
});

describe('contentSecurityPolicy', () => {
  it('lets the page reach only itself and the configured server over HTTP and WebSocket', () => {
    const policy = contentSecurityPolicy('https://sourcing.example.com');
    expect(policy).toContain("connect-src 'self' https://sourcing.example.com wss://sourcing.example.com");
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("default-src 'none'");
    expect(policy).not.toContain('unsafe-eval');
    expect(contentSecurityPolicy('http://10.0.0.5:3000')).toContain('ws://10.0.0.5:3000');
    expect(contentSecurityPolicy(null)).toContain("connect-src 'self';");
    expect(policy).toContain('frame-src https://sourcing.example.com;');
    expect(contentSecurityPolicy(null)).toContain("frame-src 'none';");
  });
});
