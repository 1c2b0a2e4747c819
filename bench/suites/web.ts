import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../lib/processes';

/** The public site's Lighthouse figures come from the site's own script, `npm run bench:web`, when present. */
export function webSuite(): void {
  const { scripts = {} } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
    scripts?: Record<string, string>;
  };
  if (!scripts['bench:web']) {
    console.log('\n### Web\n\n`npm run bench:web` does not exist: skipped.');
    return;
  }
  console.log('\n### Web (npm run bench:web)\n');
  const run = spawnSync('npm', ['run', '--silent', 'bench:web'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (run.status !== 0) throw new Error(`npm run bench:web exited with ${run.status}`);
}
