/**
 * Builds better-sqlite3's native binding when it is missing, and does nothing when it loads.
 *
 * There is no prebuilt binding to download here, so installing compiles SQLite from source: about
 * 40 s on one core. README's test command installs with `npm ci --ignore-scripts`, and `npm test`
 * runs this first in the unit-test step, so the compile runs beside the linters instead of before
 * everything (docs/decisions.md#the-test-run). After a plain `npm ci` it only checks.
 *
 * It builds at -O1 instead of better-sqlite3's -O3, and without the analyses of -Wall and -Wextra,
 * whose warnings the package's own -w throws away (they doubled SQLite's compile): the build takes
 * 14 CPU-seconds instead of 26 with them and more at -O2 or -O3, and SQLite itself is about 1 % of
 * the API tests' CPU time. In a benchmark of inserts and queries (FTS5 too) -O1 was a tenth slower
 * than -O2, which matched -O3. Benchmarks run on the -O3 build of a plain `npm ci`
 * (bench/README.md).
 *
 * `node api/scripts/sqlite-driver.mjs`
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const apiRoot = resolve(import.meta.dirname, '..');

const loads = () =>
  spawnSync(process.execPath, ['-e', "new (require('better-sqlite3'))(':memory:').close()"], {
    cwd: apiRoot,
    stdio: 'ignore',
  }).status === 0;

if (!loads()) {
  console.log('Building better-sqlite3 (its native binding is missing)…');
  // The npm running this script (npm test), else the one on the PATH.
  const npm = process.env.npm_execpath
    ? { command: process.execPath, args: [process.env.npm_execpath] }
    : { command: 'npm', args: [] };
  // The makefiles node-gyp writes put CFLAGS and CXXFLAGS after the package's own flags.
  const compileFlags = (flags = '') => `-O1 -Wno-all -Wno-extra ${flags}`.trim();
  const rebuild = spawnSync(npm.command, [...npm.args, 'rebuild', 'better-sqlite3'], {
    cwd: resolve(apiRoot, '..'),
    env: { ...process.env, CFLAGS: compileFlags(process.env.CFLAGS), CXXFLAGS: compileFlags(process.env.CXXFLAGS) },
    stdio: 'inherit',
    shell: process.platform === 'win32' && !process.env.npm_execpath,
  });
  if (rebuild.status !== 0 || !loads()) {
    console.error('better-sqlite3 did not build: see the output above.');
    process.exit(1);
  }
}
