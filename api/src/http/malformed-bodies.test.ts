import { request } from 'node:http';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_PROOF_HEADER } from '@sourcing/shared';
import { filesOnDisk } from '../test/forms';
import { solvedProof } from '../test/form-proof';
import { startTestServer, TEST_ENGINES, type TestServer } from '../test/support';

const BOUNDARY = 'AuditBoundary7MA4YWxk';
const multipartType = `multipart/form-data; boundary=${BOUNDARY}`;
const part = (headers: string, body: string) => `--${BOUNDARY}\r\n${headers}\r\n\r\n${body}\r\n`;
const fieldPart = (name: string, value: string) => part(`Content-Disposition: form-data; name="${name}"`, value);
const filePart = (field: string, name: string, body: string) =>
  part(`Content-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: text/plain`, body);
const closing = `--${BOUNDARY}--\r\n`;

interface RawAnswer {
  status: number;
  body: unknown;
}

/** node:http, so headers and bytes go out exactly as written (fetch would fix some of them); with a solved proof. */
async function send(
  server: TestServer,
  path: string,
  headers: Record<string, string>,
  body: string | Buffer,
): Promise<RawAnswer> {
  const { hostname, port } = new URL(server.url);
  const proof = await solvedProof(server);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: hostname, port, path, method: 'POST', headers: { ...headers, [FORM_PROOF_HEADER]: proof } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * What an audit sent to the public endpoints that used to answer 500: every one is the client's
 * error, answered 400 or 415 with a message, storing nothing.
 */
describe.each(TEST_ENGINES)('malformed bodies on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(() => server?.close());

  const stored = async () => {
    const counts: { n: string | number }[] = await server.deps.db.all(
      `SELECT (SELECT COUNT(*) FROM "inquiries") + (SELECT COUNT(*) FROM "supplier_inquiries")
        + (SELECT COUNT(*) FROM "contact_messages") AS n`,
    );
    return { rows: Number(counts[0].n), files: filesOnDisk(server) };
  };

  type Case = [name: string, path: string, headers: Record<string, string>, body: string | Buffer, status: number, error: RegExp];
  interface UploadCase {
    type?: string;
    encoding?: string;
    status?: number;
    error?: RegExp;
  }
  const upload = (name: string, body: string | Buffer, { type, encoding, status, error }: UploadCase = {}): Case => [
    name,
    '/api/supplier',
    { 'Content-Type': type ?? multipartType, ...(encoding ? { 'Content-Encoding': encoding } : {}) },
    body,
    status ?? 400,
    error ?? /^Malformed multipart body$/,
  ];
  const encoded = (name: string, path: string, encoding: string, body: string | Buffer, type = 'application/json'): Case => [
    name,
    path,
    { 'Content-Type': type, 'Content-Encoding': encoding },
    body,
    415,
    /^Request bodies cannot be sent with a Content-Encoding/,
  ];
  const malformedHeader = `--${BOUNDARY}\r\nContent-Disposition form-data name\r\n\r\nBob\r\n${closing}`;
  const cutShort = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="attachments"; filename="a.txt"\r\n\r\nhello`;
  const cases: Case[] = [
    upload('multipart without a closing boundary', fieldPart('fullName', 'Bob')),
    upload('multipart without a boundary', fieldPart('fullName', 'Bob'), { type: 'multipart/form-data' }),
    upload('a malformed part header', malformedHeader),
    upload('a file cut short', cutShort),
    upload('a NUL in a file name', filePart('attachments', 'a\u0000b.txt', 'hello') + closing),
    upload('a field name holding a list index of billions', fieldPart('certifications[4294967294]', 'ISO') + closing),
    upload('multipart/mixed', closing, {
      type: `multipart/mixed; boundary=${BOUNDARY}`,
      status: 415,
      error: /^Send the form as multipart\/form-data$/,
    }),
    upload('a gzip-encoded upload', gzipSync(closing), {
      encoding: 'gzip',
      status: 415,
      error: /^Request bodies cannot be sent with a Content-Encoding/,
    }),
    encoded('gzip JSON', '/api/contact', 'gzip', gzipSync('{"name":"Jane","email":"j@x.io"}')),
    encoded('JSON said to be Brotli but plain', '/api/contact', 'br', '{"name":"a"}'),
    encoded('JSON said to be gzip but plain', '/api/contact', 'gzip', '{"name":"a"}'),
    encoded('JSON said to be deflate but plain', '/api/subscribers', 'deflate', '{"email":"a@b.co"}'),
    encoded('truncated gzip JSON', '/api/contact', 'gzip', gzipSync('{"name":"Jane","email":"j@x.io"}').subarray(0, 20)),
    encoded('a form said to be gzip but plain', '/api/admin/login', 'gzip', 'email=a', 'application/x-www-form-urlencoded'),
  ];

  it.each(cases)('%s answers with a message and stores nothing', async (_name, path, headers, body, status, message) => {
    const before = await stored();
    const answer = await send(server, path, headers, body);
    expect(answer.status).toBe(status);
    expect((answer.body as { error: string }).error).toMatch(message);
    expect(await stored()).toEqual(before);
    expect(before.files.incoming).toEqual([]);
  });

  it('still takes a well-formed upload afterwards', async () => {
    const fields = {
      fullName: 'Sam',
      companyName: 'Co',
      phoneNumber: '+1 555',
      email: 'sam@example.com',
      productName: 'Coal',
      productCategory: 'Energy',
      supplyCapacity: '5 MT/month',
      pricePerUnit: 'USD 1 per MT',
      originCountry: 'India',
    };
    const parts = Object.entries(fields).map(([name, value]) => fieldPart(name, value));
    const body = parts.join('') + filePart('attachments', 'notes.txt', 'hello') + closing;
    const answer = await send(server, '/api/supplier', { 'Content-Type': multipartType }, body);
    expect(answer.status).toBe(201);
    expect(filesOnDisk(server).stored).toHaveLength(1);
  });
});
