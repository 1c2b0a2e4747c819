/**
 * Draws the app icon (three gold bars on a blue tile) and the Windows taskbar badges, and writes
 * them as PNG, ICO and ICNS into desktop/resources. Plain Node, no image tools needed:
 *   node desktop/scripts/make-icons.mjs
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';

const RESOURCES = join(dirname(fileURLToPath(import.meta.url)), '../resources');
const SUPERSAMPLE = 4;

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** RGBA pixels (Uint8Array, size*size*4) to a PNG file. */
function encodePng(size, pixels) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    rows[y * (size * 4 + 1)] = 0;
    rows.set(pixels.subarray(y * size * 4, (y + 1) * size * 4), y * (size * 4 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Renders `paint(u, v)` (u, v in 0..1, returns [r, g, b, a] or null) with supersampled edges. */
function render(size, paint) {
  const pixels = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < SUPERSAMPLE; sy++) {
        for (let sx = 0; sx < SUPERSAMPLE; sx++) {
          const color = paint((x + (sx + 0.5) / SUPERSAMPLE) / size, (y + (sy + 0.5) / SUPERSAMPLE) / size);
          if (!color) continue;
          const alpha = color[3] / 255;
          sum[0] += color[0] * alpha;
          sum[1] += color[1] * alpha;
          sum[2] += color[2] * alpha;
          sum[3] += alpha;
        }
      }
      const i = (y * size + x) * 4;
      const coverage = sum[3] / SUPERSAMPLE ** 2;
      if (sum[3] > 0) pixels.set([sum[0] / sum[3], sum[1] / sum[3], sum[2] / sum[3], coverage * 255], i);
    }
  }
  return encodePng(size, pixels);
}

const mix = (a, b, t) => a.map((channel, i) => Math.round(channel + (b[i] - channel) * t));

function insideRoundedSquare(u, v, margin, radius) {
  const cx = Math.min(Math.max(u, margin + radius), 1 - margin - radius);
  const cy = Math.min(Math.max(v, margin + radius), 1 - margin - radius);
  return (u - cx) ** 2 + (v - cy) ** 2 <= radius ** 2 && u >= margin && u <= 1 - margin && v >= margin && v <= 1 - margin;
}

/** A bar seen from the front: a trapezoid wider at the bottom, with a lighter top face. */
function bar(u, v, left, top, width, height) {
  if (v < top || v > top + height) return null;
  const t = (v - top) / height;
  const inset = (1 - t) * width * 0.16;
  if (u < left + inset || u > left + width - inset) return null;
  return t < 0.28 ? [253, 224, 71, 255] : mix([245, 158, 11], [217, 119, 6], (t - 0.28) / 0.72).concat(255);
}

function appIcon(u, v) {
  if (!insideRoundedSquare(u, v, 0.04, 0.2)) return null;
  return (
    bar(u, v, 0.35, 0.27, 0.3, 0.2) ??
    bar(u, v, 0.18, 0.5, 0.3, 0.2) ??
    bar(u, v, 0.52, 0.5, 0.3, 0.2) ??
    mix([30, 64, 175], [14, 116, 144], (u + v) / 2).concat(255)
  );
}

/** 3x5 digits for the badge; '+' marks more than nine. */
const GLYPHS = {
  0: ['111', '101', '101', '101', '111'],
  1: ['010', '110', '010', '010', '111'],
  2: ['111', '001', '111', '100', '111'],
  3: ['111', '001', '111', '001', '111'],
  4: ['101', '101', '111', '001', '001'],
  5: ['111', '100', '111', '001', '111'],
  6: ['111', '100', '111', '101', '111'],
  7: ['111', '001', '010', '010', '010'],
  8: ['111', '101', '111', '101', '111'],
  9: ['111', '101', '111', '001', '111'],
  '+': ['000', '010', '111', '010', '000'],
};

function textAt(text, u, v, cell) {
  const width = text.length * 4 - 1;
  const column = Math.floor((u - 0.5) / cell + width / 2);
  const row = Math.floor((v - 0.5) / cell + 2.5);
  if (row < 0 || row > 4 || column < 0 || column >= width || column % 4 === 3) return false;
  return GLYPHS[text[Math.floor(column / 4)]][row][column % 4] === '1';
}

function badge(text) {
  const cell = text.length > 1 ? 0.1 : 0.13;
  return (u, v) => {
    if ((u - 0.5) ** 2 + (v - 0.5) ** 2 > 0.5 ** 2) return null;
    return textAt(text, u, v, cell) ? [255, 255, 255, 255] : [220, 38, 38, 255];
  };
}

/** ICO and ICNS are both containers of PNG images. */
function ico(images) {
  const header = Buffer.alloc(6 + images.length * 16);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(([size, png], i) => {
    const entry = 6 + i * 16;
    header[entry] = size >= 256 ? 0 : size;
    header[entry + 1] = size >= 256 ? 0 : size;
    header.writeUInt16LE(1, entry + 4);
    header.writeUInt16LE(32, entry + 6);
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map(([, png]) => png)]);
}

function icns(images) {
  const entries = images.map(([type, png]) => {
    const head = Buffer.alloc(8);
    head.write(type, 0, 'ascii');
    head.writeUInt32BE(png.length + 8, 4);
    return Buffer.concat([head, png]);
  });
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'ascii');
  head.writeUInt32BE(8 + entries.reduce((sum, e) => sum + e.length, 0), 4);
  return Buffer.concat([head, ...entries]);
}

function write(name, data) {
  const file = join(RESOURCES, name);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, data);
  console.log(`${name} (${data.length} bytes)`);
}

const sizes = [16, 32, 48, 64, 128, 256, 512, 1024];
const icon = Object.fromEntries(sizes.map((size) => [size, render(size, appIcon)]));
write('icon.png', icon[512]);
write('icon.ico', ico([16, 32, 48, 64, 128, 256].map((size) => [size, icon[size]])));
write(
  'icon.icns',
  icns([
    ['ic07', icon[128]],
    ['ic08', icon[256]],
    ['ic09', icon[512]],
    ['ic10', icon[1024]],
  ]),
);
for (let n = 1; n <= 9; n++) write(`badges/badge-${n}.png`, render(32, badge(String(n))));
write('badges/badge-9plus.png', render(32, badge('9+')));
