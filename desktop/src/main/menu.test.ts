import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { aboutDetail, buildMenuTemplate, MENU_LABELS } from './menu';

function items(template: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return template.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? items(item.submenu) : [])]);
}

function clickLabel(template: MenuItemConstructorOptions[], label: string) {
  const item = items(template).find((i) => i.label === label);
  expect(item, label).toBeDefined();
  (item!.click as () => void)();
}

describe('application menu', () => {
  for (const platform of ['darwin', 'win32', 'linux'] as const) {
    it(`offers reload, server address, about and quit on ${platform}`, () => {
      const called: string[] = [];
      const template = buildMenuTemplate(platform, {
        reload: () => called.push('reload'),
        showServerSettings: () => called.push('server'),
        showAbout: () => called.push('about'),
        quit: () => called.push('quit'),
      });
      for (const label of [MENU_LABELS.reload, MENU_LABELS.serverSettings, MENU_LABELS.about, MENU_LABELS.quit]) {
        clickLabel(template, label);
      }
      expect(called).toEqual(['reload', 'server', 'about', 'quit']);
      const roles = items(template).map((i) => i.role);
      expect(roles).toEqual(expect.arrayContaining(['copy', 'paste', 'selectAll']));
    });
  }

  it('puts About and Quit in the app menu on macOS, in Help and File elsewhere', () => {
    const noop = { reload() {}, showServerSettings() {}, showAbout() {}, quit() {} };
    expect(buildMenuTemplate('darwin', noop)[0].label).toBe('Sourcing Admin');
    expect(buildMenuTemplate('win32', noop).map((m) => m.label)).toEqual(['File', 'Edit', 'View', 'Help']);
  });

  it('says which version and server the About box is about', () => {
    expect(aboutDetail({ version: '0.1.0', electron: '39.5.0', server: 'https://sourcing.example.com' })).toBe(
      'Version 0.1.0 (Electron 39.5.0)\nServer: https://sourcing.example.com',
    );
    expect(aboutDetail({ version: '0.1.0', electron: '39.5.0', server: null })).toContain('Server: not set yet');
  });
});
