import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './repo-root';

export interface BuiltServer {
  /** The production server bundle (what `npm start` and the Docker image run with plain node). */
  main: string;
  /** The admin CLI bundle. */
  admin: string;
}

/** The folder of the bundle built for a vitest run (server-bundle.setup.ts sets it for the run's test processes). */
export const BUILT_SERVER_DIR = 'SOURCING_BUILT_SERVER_DIR';

const inFolder = (outdir: string): BuiltServer => ({ main: join(outdir, 'main.js'), admin: join(outdir, 'admin.js') });

/**
 * A new folder under api/node_modules/.cache for a bundle: inside the api workspace, so the
 * bundle's package imports resolve as they do from api/dist (a version npm nests under
 * api/node_modules included).
 */
export function bundleFolder(): string {
  const cache = join(REPO_ROOT, 'api', 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  return mkdtempSync(join(cache, 'sourcing-api-dist-'));
}

/** Bundles the API of the tree as production does (api/scripts/build.mjs) into `outdir`. */
export function buildServerInto(outdir: string): BuiltServer {
  // Node looks for "type" no further up than node_modules: say here that the bundle is ESM.
  writeFileSync(join(outdir, 'package.json'), '{ "type": "module" }\n');
  execFileSync(process.execPath, ['api/scripts/build.mjs', outdir], { cwd: REPO_ROOT, stdio: 'pipe' });
  return inFolder(outdir);
}

let built: BuiltServer | null = null;

/**
 * The API bundled from this tree: in a vitest run, the one its global setup built for every test
 * process of the run; elsewhere (the benchmarks) built once per process.
 */
export function buildServerBundle(): BuiltServer {
  const runBundle = process.env[BUILT_SERVER_DIR];
  if (runBundle) return inFolder(runBundle);
  if (built) return built;
  const outdir = bundleFolder();
  process.once('exit', () => rmSync(outdir, { recursive: true, force: true }));
  built = buildServerInto(outdir);
  return built;
}
