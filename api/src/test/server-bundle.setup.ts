import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { BUILT_SERVER_DIR, buildServerInto, bundleFolder } from './built-server';

/**
 * The api project's global setup: bundles the API of the tree once for the whole run, for the
 * tests that start the production bundle as a process (replicas, the admin CLI, migrations), and
 * again before each re-run in watch mode, so no test runs a bundle older than the code.
 */
export default function setup(project: TestProject) {
  const outdir = bundleFolder();
  buildServerInto(outdir);
  process.env[BUILT_SERVER_DIR] = outdir;
  project.onTestsRerun(() => {
    buildServerInto(outdir);
  });
  return () => {
    delete process.env[BUILT_SERVER_DIR];
    rmSync(outdir, { recursive: true, force: true });
  };
}
