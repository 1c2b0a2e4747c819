import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ALLOWED_SAMPLES, docx, exe, pdf, xlsx } from '../test/sample-files';
import { detectUploadType } from './detect-upload-type';
import { LEADING_BYTES } from './incoming-storage';
import type { IncomingFile } from './receive-files';

const dir = mkdtempSync(join(tmpdir(), 'detect-upload-type-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
/** A file as the incoming storage leaves it: on disk, its leading bytes kept. */
function written(name: string, bytes: Buffer): IncomingFile {
  const path = join(dir, String(++files));
  writeFileSync(path, bytes);
  return { path, originalName: name, size: bytes.length, leading: bytes.subarray(0, LEADING_BYTES) };
}

/** The sample grown past the leading bytes, still of its type. */
function larger(name: string, sample: () => Buffer): Buffer {
  // A zip's entries are read in order: a large one first puts what tells DOCX or XLSX past the leading bytes.
  const padding = { 'docProps/padding.xml': `<p>${'x'.repeat(2 * LEADING_BYTES)}</p>` };
  if (name.endsWith('.docx')) return docx(padding);
  if (name.endsWith('.xlsx')) return xlsx(padding);
  const text = name.endsWith('.csv') || name.endsWith('.txt');
  return Buffer.concat([sample(), text ? Buffer.from('more text\n'.repeat(1000)) : Buffer.alloc(2 * LEADING_BYTES)]);
}

describe('detectUploadType', () => {
  for (const [name, sample, mime] of ALLOWED_SAMPLES) {
    it(`tells ${name} by its content, whole in the leading bytes or larger than them`, async () => {
      expect((await detectUploadType(written(name, sample())))?.mime).toBe(mime);
      const big = written(name, larger(name, sample));
      expect(big.size).toBeGreaterThan(LEADING_BYTES);
      expect((await detectUploadType(big))?.mime).toBe(mime);
    });
  }

  it('refuses a program, whatever its name says', async () => {
    expect(await detectUploadType(written('spec.pdf', exe()))).toBeNull();
    expect(await detectUploadType(written('spec.pdf', Buffer.concat([exe(), Buffer.alloc(2 * LEADING_BYTES)])))).toBeNull();
  });

  it('does not read the file again for a type its leading bytes tell (PDF, JPEG, GIF, WebP, OLE)', async () => {
    const removed: IncomingFile = { path: join(dir, 'removed'), originalName: 'spec.pdf', size: 100_000, leading: pdf() };
    expect(await detectUploadType(removed)).toEqual({ mime: 'application/pdf', extension: '.pdf' });
  });
});
