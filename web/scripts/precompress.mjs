// Writes Brotli (.br) and gzip (.gz) copies of every compressible file of the build, so the API
// serves compressed bytes without spending CPU per request (like nginx's gzip_static).
//
// PRECOMPRESS_LEVEL=fast (set by `npm run test:e2e`, whose build only the browser tests read)
// compresses at quick levels instead of the smallest output, Brotli 11 and gzip 9, which every
// other build writes.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.txt', '.xml', '.webmanifest', '.ico']);
const MIN_BYTES = 1024;
const LEVELS = { best: { brotli: 11, gzip: 9 }, fast: { brotli: 1, gzip: 1 } };
const dist = resolve(import.meta.dirname, '..', process.env.WEB_DIST_DIR ?? 'dist');
const level = process.env.PRECOMPRESS_LEVEL ?? 'best';
if (!Object.hasOwn(LEVELS, level)) throw new Error(`PRECOMPRESS_LEVEL must be one of ${Object.keys(LEVELS).join(', ')}`);
const { brotli, gzip } = LEVELS[level];

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

let count = 0;
let before = 0;
let after = 0;
for (const path of files(dist)) {
  if (!COMPRESSIBLE.has(extname(path)) || statSync(path).size < MIN_BYTES) continue;
  const raw = readFileSync(path);
  const br = brotliCompressSync(raw, {
    params: { [constants.BROTLI_PARAM_QUALITY]: brotli, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
  });
  writeFileSync(`${path}.br`, br);
  writeFileSync(`${path}.gz`, gzipSync(raw, { level: gzip }));
  count += 1;
  before += raw.length;
  after += br.length;
}
console.log(
  `precompress: ${count} files, ${(before / 1024).toFixed(0)} KB -> ${(after / 1024).toFixed(0)} KB with Brotli ${brotli}`,
);
