/**
 * Bundles the API for production: `api/dist/main.js` (the server) and `api/dist/admin.js` (the
 * admin CLI). Our workspaces (`@sourcing/*`, TypeScript source) are inlined; every other package
 * stays an import of node_modules (native better-sqlite3, pg, TypeORM...). Node runs the result
 * as is, with no TypeScript loader: `node --enable-source-maps api/dist/main.js`.
 *
 * `node api/scripts/build.mjs [outdir]` (default api/dist); also used by the bundle's own test.
 */
import { build } from 'esbuild';
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';

const apiRoot = resolve(import.meta.dirname, '..');

/** The migration files, in order (src/db/all-migrations.ts reads them from here in the bundle, where there is no folder). */
const migrationFiles = () => readdirSync(resolve(apiRoot, 'src/db/migrations')).sort();

/** Bare imports stay external unless they are one of our workspaces. */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@sourcing/') ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildApi(outdir = resolve(apiRoot, 'dist')) {
  await build({
    absWorkingDir: apiRoot,
    entryPoints: { main: 'src/main.ts', admin: 'src/cli/admin.ts' },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [externalPackages],
    define: { BUNDLED_MIGRATION_FILES: JSON.stringify(migrationFiles()) },
  });
  return outdir;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildApi(process.argv[2] ? resolve(process.argv[2]) : undefined);
}
