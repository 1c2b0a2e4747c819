import { readFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import Ajv from 'ajv';
import type { Configuration } from 'electron-builder';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { APP_ID, WINDOW_TITLE } from './src/main/window';

const desktopDir = import.meta.dirname;
const config = load(readFileSync(join(desktopDir, '../electron-builder.yml'), 'utf8')) as Configuration;
const desktopPackage = JSON.parse(readFileSync(join(desktopDir, 'package.json'), 'utf8'));
/** electron-builder's published schema of its configuration (`scheme.json`, the one editors check the file with). */
const configurationSchema = createRequire(import.meta.url)('app-builder-lib/scheme.json') as object;

const targetNames = (targets: unknown) =>
  (targets as (string | { target: string })[]).map((t) => (typeof t === 'string' ? t : t.target));

describe('electron-builder.yml', () => {
  it('passes electron-builder’s own configuration schema', () => {
    // Not strict: the schema uses electron-builder's own `typeof` keyword beside the standard ones.
    const valid = new Ajv({ allErrors: true, strict: false }).compile(configurationSchema);
    expect(valid(config), JSON.stringify(valid.errors)).toBe(true);
    expect(valid({ ...config, notAnOption: true })).toBe(false);
  });

  it('names the app as main does (Windows ties notifications to the app id)', () => {
    expect(config.appId).toBe(APP_ID);
    expect(config.productName).toBe(WINDOW_TITLE);
    expect(desktopPackage.productName).toBe(WINDOW_TITLE);
  });

  it('builds AppImage and deb for Linux, an NSIS installer for Windows and a dmg for macOS', () => {
    expect(targetNames(config.linux?.target)).toEqual(['AppImage', 'deb']);
    expect(targetNames(config.win?.target)).toEqual(['nsis']);
    expect(targetNames(config.mac?.target)).toEqual(['dmg']);
  });

  it('packs only the build output, plus the icons main reads at run time', () => {
    expect(config.files).toEqual(['out/**/*']);
    expect(config.extraResources).toEqual([
      { from: 'resources/badges', to: 'badges' },
      { from: 'resources/icon.png', to: 'icon.png' },
    ]);
    expect(Object.keys(desktopPackage.dependencies ?? {})).toEqual([]);
    expect(desktopPackage.main).toBe('out/main/index.js');
  });

  it('uses icons that exist, in the formats each platform wants', () => {
    const icons = [config.linux?.icon, config.win?.icon, config.mac?.icon];
    expect(icons).toEqual(['resources/icon.png', 'resources/icon.ico', 'resources/icon.icns']);
    for (const icon of icons) expect(existsSync(join(desktopDir, icon!)), icon!).toBe(true);
    const png = readFileSync(join(desktopDir, 'resources/icon.png'));
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([512, 512]);
    expect(readFileSync(join(desktopDir, 'resources/icon.icns')).subarray(0, 4).toString()).toBe('icns');
    expect(readFileSync(join(desktopDir, 'resources/icon.ico')).readUInt16LE(2)).toBe(1);
  });

  it('packages the same Electron the app is developed with', () => {
    expect(config.electronVersion).toBe(desktopPackage.devDependencies.electron);
  });
});
