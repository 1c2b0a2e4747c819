import { describe, expect, it } from 'vitest';
import { APP_VERSION_ARG } from '../common/ipc-channels';
import { mainWindowOptions, SESSION_PARTITION } from './window';

describe('mainWindowOptions', () => {
  const options = mainWindowOptions({
    state: { x: 10, y: 20, width: 1000, height: 700, maximized: false },
    preloadPath: '/app/out/preload/index.js',
    appVersion: '1.2.3',
  });

  it('locks the page down: isolated, sandboxed, no Node, no webviews', () => {
    expect(options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      preload: '/app/out/preload/index.js',
    });
  });

  it('uses a persistent session so the sign-in survives restarts', () => {
    expect(SESSION_PARTITION.startsWith('persist:')).toBe(true);
    expect(options.webPreferences?.partition).toBe(SESSION_PARTITION);
  });

  it('opens hidden (shown on ready-to-show) at the remembered place, telling the preload the version', () => {
    expect(options).toMatchObject({ show: false, x: 10, y: 20, width: 1000, height: 700 });
    expect(options.webPreferences?.additionalArguments).toEqual([`${APP_VERSION_ARG}1.2.3`]);
  });
});
