import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './support';

export interface BuiltServer {
  /** The production server bundle (what `npm start` and the Docker image run with plain node). */
  main: string;
  /** The admin CLI bundle. */
  admin: string;
}

let built: BuiltServer | null = null;

/**
 * Bundles the API as production does (api/scripts/build.mjs), once per test process, into a fresh
 * folder under api/node_modules/.cache: inside the api workspace, so the bundle's package imports
 * resolve as they do from api/dist (a version npm nests under api/node_modules included).
 */
export function buildServerBundle(): BuiltServer {
  if (built) return built;
  const cache = join(REPO_ROOT, 'api', 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const outdir = mkdtempSync(join(cache, 'sourcing-api-dist-'));
  // Node looks for "type" no further up than node_modules: say here that the bundle is ESM.
  writeFileSync(join(outdir, 'package.json'), '{ "type": "module" }\n');
  process.once('exit', () => rmSync(outdir, { recursive: true, force: true }));
  execFileSync(process.execPath, ['api/scripts/build.mjs', outdir], { cwd: REPO_ROOT, stdio: 'pipe' });
  built = { main: join(outdir, 'main.js'), admin: join(outdir, 'admin.js') };
  return built;
}
