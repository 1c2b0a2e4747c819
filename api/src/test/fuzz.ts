import { toCommodityInquiryFields, toSupplierOfferFields, composeSupplierOffer } from '@sourcing/shared';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { inquiryValues, supplierValues } from './forms';
import { ALLOWED_SAMPLES, exe } from './sample-files';

/** mulberry32: a small seeded generator, so a failing run can be replayed exactly. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  return {
    chance: (p: number) => next() < p,
    int,
    pick: <T>(items: readonly T[]): T => items[int(items.length)],
    bytes: (length: number) => Buffer.from(Array.from({ length }, () => int(256))),
  };
}
export type Random = ReturnType<typeof seededRandom>;

/** Text an attacker or a broken client sends: empty, huge, control characters, broken UTF-16, injections. */
const HOSTILE_TEXT = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  '\u0007\u001b[31m',
  'broken \ud83d',
  '\udc00',
  '\u202Efdp.exe',
  '😀 Zoë Müller',
  "' OR 1=1 --",
  '"; DROP TABLE inquiries; --',
  '<script>alert(1)</script>',
  '=HYPERLINK("http://evil")',
  ';=1+1',
  '../../../../etc/passwd',
  '..\\..\\windows',
  '%00',
  '%2e%2e%2f',
  '%E0%A4%A',
  '${jndi:ldap://x}',
  '{{7*7}}',
  '-1',
  '1e309',
  '99999999999999999999999',
  'null',
  'undefined',
  '[]',
  '{"a":',
  'x'.repeat(5000),
  'ä'.repeat(70_000),
];

const HOSTILE_VALUES: unknown[] = [null, true, 0, -1, 1.5, 1e308, [], [1, 'a'], {}, { $gt: '' }];

export function hostileText(random: Random): string {
  return random.pick(HOSTILE_TEXT);
}

const PERCENT_BYTES = Array.from({ length: 256 }, (_, byte) => `%${byte.toString(16).padStart(2, '0')}`);

/** Every byte of the text's UTF-8 percent-encoded (encodeURIComponent throws on broken UTF-16). */
export function percentEncoded(text: string): string {
  let encoded = '';
  for (const byte of Buffer.from(text)) encoded += PERCENT_BYTES[byte];
  return encoded;
}

function hostileValue(random: Random): unknown {
  return random.chance(0.7) ? hostileText(random) : random.pick(HOSTILE_VALUES);
}

/** A JSON-ish object: the real form's fields, some of them (or their names) replaced by hostile ones. */
export function hostileFields(random: Random, base: Record<string, unknown>): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(base)) {
    if (random.chance(0.1)) continue;
    fields[random.chance(0.03) ? hostileText(random) : key] = random.chance(0.3) ? hostileValue(random) : value;
  }
  if (random.chance(0.1)) fields[hostileText(random)] = hostileValue(random);
  // An own '__proto__' key, as JSON.parse makes one.
  if (random.chance(0.03)) Object.defineProperty(fields, '__proto__', { value: { polluted: 1 }, enumerable: true });
  return fields;
}

export const FORM_FIELDS = {
  inquiry: () => toCommodityInquiryFields(inquiryValues()),
  supplier: () => toSupplierOfferFields(composeSupplierOffer(supplierValues())),
  contact: () => ({ name: 'Jane Doe', email: 'jane@example.com', message: 'Hello' }),
  subscriber: () => ({ email: 'reader@example.com' }),
  login: () => ({ email: 'admin@example.com', password: 'a-password-of-sorts' }),
};

const FILE_NAMES = [
  'spec.pdf',
  '..',
  '.',
  '/',
  '',
  'a\u0000b.txt',
  'invoice\u202Efdp.txt',
  'x'.repeat(300),
  'a"b;c.png',
  'фото.jpg',
];

/** A multipart body from `fields` and files, malformed in one of many ways some of the time. */
export function hostileMultipart(
  random: Random,
  fields: Record<string, unknown>,
  fileField: string,
): { type: string; body: Buffer } {
  const boundary = `fuzz${random.int(1e9)}`;
  const parts: Buffer[] = [];
  const crlf = random.chance(0.05) ? '\n' : '\r\n';
  for (const [name, value] of Object.entries(fields)) {
    const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
    parts.push(Buffer.from(`--${boundary}${crlf}Content-Disposition: form-data; name="${name}"${crlf}${crlf}${text}${crlf}`));
  }
  const files = random.chance(0.5) ? random.int(13) : 0;
  for (let i = 0; i < files; i++) {
    const [, make] = random.pick(ALLOWED_SAMPLES);
    const content = random.chance(0.2) ? exe() : random.chance(0.2) ? random.bytes(random.int(4096)) : make();
    const name = random.chance(0.5) ? random.pick(FILE_NAMES) : `file${i}.pdf`;
    const field = random.chance(0.9) ? fileField : random.pick(['file', 'attachment', 'attachments', '']);
    const type = random.pick(['application/pdf', 'image/png', 'text/plain', '']);
    const header = random.chance(0.05)
      ? 'Content-Disposition form-data broken'
      : `Content-Disposition: form-data; name="${field}"; filename="${name}"${crlf}Content-Type: ${type}`;
    parts.push(Buffer.concat([Buffer.from(`--${boundary}${crlf}${header}${crlf}${crlf}`), content, Buffer.from(crlf)]));
  }
  if (!random.chance(0.1)) parts.push(Buffer.from(`--${boundary}--${crlf}`));
  let body = Buffer.concat(parts);
  if (random.chance(0.1)) body = body.subarray(0, random.int(body.length + 1));
  const type = random.pick([
    `multipart/form-data; boundary=${boundary}`,
    `multipart/form-data; boundary=${boundary}`,
    `multipart/form-data; boundary=${boundary}`,
    'multipart/form-data',
    `multipart/form-data; boundary=other`,
    `multipart/mixed; boundary=${boundary}`,
    `multipart/form-data; boundary="${boundary}"; charset=utf-16`,
  ]);
  return { type, body };
}

/** A body (and its headers) for a POST: JSON, a form, multipart, garbage, sometimes wrongly or really compressed. */
export function hostileBody(
  random: Random,
  base: Record<string, unknown>,
  fileField: string | null,
): { headers: Record<string, string>; body: Buffer } {
  const fields = hostileFields(random, base);
  const kind = random.pick(['json', 'json', 'multipart', 'multipart', 'form', 'raw', 'none']);
  let type: string;
  let body: Buffer;
  switch (kind) {
    case 'json': {
      type = random.pick(['application/json', 'application/json; charset=utf-8', 'application/vnd.api+json', 'text/plain']);
      const text = JSON.stringify(random.chance(0.05) ? random.pick([[fields], 'text', 42, null]) : fields);
      body = Buffer.from(random.chance(0.1) ? text.slice(0, random.int(text.length)) : text);
      break;
    }
    case 'multipart':
      ({ type, body } = hostileMultipart(random, fields, fileField ?? 'attachment'));
      break;
    case 'form':
      type = 'application/x-www-form-urlencoded';
      body = Buffer.from(
        new URLSearchParams(Object.entries(fields).map(([k, v]): [string, string] => [k, String(v)])).toString(),
      );
      break;
    case 'raw':
      type = random.pick(['application/octet-stream', 'application/xml', 'text/html', '', 'application/json']);
      body = random.bytes(random.int(2048));
      break;
    default:
      type = '';
      body = Buffer.alloc(0);
  }
  const headers: Record<string, string> = type ? { 'Content-Type': type } : {};
  if (random.chance(0.15)) {
    const encoding = random.pick(['gzip', 'br', 'deflate', 'zstd', 'gzip, br', 'identity']);
    headers['Content-Encoding'] = encoding;
    // Sometimes what inflates past any limit: the 142 bytes that once ended the process were of this kind.
    if (random.chance(0.2)) body = Buffer.concat([body, Buffer.alloc(150_000 + random.int(1_000_000), 'x')]);
    if (random.chance(0.5) && encoding === 'gzip') body = gzipSync(body);
    else if (random.chance(0.5) && encoding === 'deflate') body = deflateSync(body);
    else if (random.chance(0.5) && encoding === 'br') body = brotliCompressSync(body);
    if (random.chance(0.3)) body = body.subarray(0, random.int(body.length + 1));
  }
  return { headers, body };
}

/** One WebSocket frame as a client sends it, well-formed or not (RFC 6455 section 5.2). */
export function webSocketFrame(
  random: Random,
  {
    opcode,
    payload,
    fin = true,
    rsv = 0,
    masked = true,
  }: { opcode: number; payload: Buffer; fin?: boolean; rsv?: number; masked?: boolean },
): Buffer {
  const first = (fin ? 0x80 : 0) | (rsv << 4) | opcode;
  const length =
    payload.length < 126
      ? Buffer.from([payload.length])
      : payload.length < 65536
        ? Buffer.from([126, payload.length >> 8, payload.length & 0xff])
        : Buffer.concat([
            Buffer.from([127, 0, 0, 0, 0]),
            Buffer.from([
              payload.length >>> 24,
              (payload.length >> 16) & 0xff,
              (payload.length >> 8) & 0xff,
              payload.length & 0xff,
            ]),
          ]);
  length[0] |= masked ? 0x80 : 0;
  if (!masked) return Buffer.concat([Buffer.from([first]), length, payload]);
  const mask = random.bytes(4);
  return Buffer.concat([Buffer.from([first]), length, mask, Buffer.from(payload.map((byte, i) => byte ^ mask[i % 4]))]);
}

/** A few frames an admin's broken client or a hostile one sends on the realtime socket. */
export function hostileFrames(random: Random): Buffer {
  const frames = Array.from({ length: 1 + random.int(4) }, () => {
    const payload = random.chance(0.1) ? random.bytes(4000 + random.int(3000)) : random.bytes(random.int(200));
    const opcode = random.pick([0x0, 0x1, 0x1, 0x2, 0x3, 0x7, 0x8, 0x9, 0xa, 0xb, 0xf]);
    const closePayload = random.pick([
      Buffer.alloc(0),
      Buffer.from([0x03, 0xe8]),
      Buffer.from([0x03, 0xe7]),
      Buffer.from([0x0f, 0xa0, 0xff]),
      random.bytes(1),
    ]);
    return webSocketFrame(random, {
      opcode,
      payload: opcode === 0x8 && random.chance(0.7) ? closePayload : payload,
      fin: random.chance(0.85),
      rsv: random.chance(0.1) ? 1 + random.int(7) : 0,
      masked: random.chance(0.9),
    });
  });
  const bytes = Buffer.concat(frames);
  return random.chance(0.1) ? bytes.subarray(0, random.int(bytes.length + 1)) : bytes;
}
