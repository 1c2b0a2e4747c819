// Writes Brotli (.br) and gzip (.gz) copies of every compressible file of the build, so the API
// serves compressed bytes without spending CPU per request (like nginx's gzip_static).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.txt', '.xml', '.webmanifest', '.ico']);
const MIN_BYTES = 1024;
const dist = resolve(import.meta.dirname, '..', process.env.WEB_DIST_DIR ?? 'dist');

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
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
  });
  writeFileSync(`${path}.br`, br);
  writeFileSync(`${path}.gz`, gzipSync(raw, { level: 9 }));
  count += 1;
  before += raw.length;
  after += br.length;
}
console.log(`precompress: ${count} files, ${(before / 1024).toFixed(0)} KB -> ${(after / 1024).toFixed(0)} KB with Brotli`);
