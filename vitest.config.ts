import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const BUILT_DESKTOP_APP_TEST = 'desktop/src/test/built-app.test.ts';
/**
 * One module graph per worker instead of one per file: importing the same modules again for each
 * file was most of the time of these projects. Files still run one at a time per worker; a file's
 * vi.mock applies to that file alone.
 */
const ONE_GRAPH_PER_WORKER = { isolate: false };

export default defineConfig({
  test: {
    // At least three test files at a time, even on two cores (vitest's default is one less than the
    // cores): the API tests spend much of their time waiting on PostgreSQL, sockets and child
    // processes; with two workers on two cores a fifth of the CPU stayed idle once lint was done.
    maxWorkers: Math.max(3, availableParallelism() - 1),
    projects: [
      { test: { name: 'shared', include: ['shared/src/**/*.test.ts'], environment: 'node', ...ONE_GRAPH_PER_WORKER } },
      // The docs hold to the tree: links, file names, the migration table (docs/check).
      { test: { name: 'docs', include: ['docs/**/*.test.ts'], environment: 'node', ...ONE_GRAPH_PER_WORKER } },
      {
        test: {
          name: 'api',
          include: ['api/src/**/*.test.ts'],
          globalSetup: ['api/src/test/server-bundle.setup.ts', 'api/src/test/migrated-templates.setup.ts'],
          environment: 'node',
          pool: 'forks',
          // Each test starts its own app and database (api/src/test/support.ts).
          ...ONE_GRAPH_PER_WORKER,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}', 'web/scripts/**/*.test.ts'],
          environment: 'node',
          ...ONE_GRAPH_PER_WORKER,
        },
      },
      {
        test: {
          name: 'desktop',
          include: ['desktop/src/**/*.test.ts', 'desktop/*.test.ts'],
          exclude: [BUILT_DESKTOP_APP_TEST],
          environment: 'node',
          ...ONE_GRAPH_PER_WORKER,
          testTimeout: 30_000,
        },
      },
      // The built app (`npm run test:desktop-app` builds it first with electron-vite).
      { test: { name: 'desktop-app', include: [BUILT_DESKTOP_APP_TEST], environment: 'node', testTimeout: 30_000 } },
    ],
  },
});
