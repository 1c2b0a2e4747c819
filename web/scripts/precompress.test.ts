import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const SCRIPT = join(import.meta.dirname, 'precompress.mjs');
/** A script of a few KB, as the build writes them. */
const SOURCE = Buffer.from(Array.from({ length: 400 }, (_, i) => `export const value${i} = ${i * 7};`).join('\n'));

const brotliAt = (quality: number) =>
  brotliCompressSync(SOURCE, {
    params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: SOURCE.length },
  });

describe('the build step precompressing the site (precompress.mjs)', () => {
  let dist: string;
  beforeEach(() => {
    dist = mkdtempSync(join(tmpdir(), 'precompress-'));
    writeFileSync(join(dist, 'app.js'), SOURCE);
    writeFileSync(join(dist, 'tiny.js'), 'export {};');
  });
  afterEach(() => rmSync(dist, { recursive: true, force: true }));

  const run = (env: Record<string, string> = {}) =>
    execFileSync(process.execPath, [SCRIPT], {
      env: { PATH: process.env.PATH ?? '', WEB_DIST_DIR: dist, ...env },
      stdio: 'pipe',
    });
  const written = (suffix: '.br' | '.gz') => readFileSync(join(dist, `app.js${suffix}`));

  it('writes the smallest files, Brotli quality 11 and gzip level 9, for every build not made for tests', () => {
    run();
    expect(written('.br').equals(brotliAt(11))).toBe(true);
    expect(written('.gz').equals(gzipSync(SOURCE, { level: 9 }))).toBe(true);
    expect(() => readFileSync(join(dist, 'tiny.js.br'))).toThrow(/ENOENT/);
  });

  it('compresses at the quick levels with PRECOMPRESS_LEVEL=fast, as the browser tests build', () => {
    run({ PRECOMPRESS_LEVEL: 'fast' });
    expect(written('.br').equals(brotliAt(1))).toBe(true);
    expect(written('.br').equals(brotliAt(11))).toBe(false);
    expect(gunzipSync(written('.gz')).equals(SOURCE)).toBe(true);
    expect(written('.gz').equals(gzipSync(SOURCE, { level: 1 }))).toBe(true);
  });

  it('refuses a level it does not know rather than guess', () => {
    expect(() => run({ PRECOMPRESS_LEVEL: 'smallest' })).toThrow(/PRECOMPRESS_LEVEL must be one of best, fast/);
  });
});
