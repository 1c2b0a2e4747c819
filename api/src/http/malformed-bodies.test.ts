import { request } from 'node:http';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesOnDisk } from '../test/forms';
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

/** node:http, so headers and bytes go out exactly as written (fetch would fix some of them). */
function send(server: TestServer, path: string, headers: Record<string, string>, body: string | Buffer): Promise<RawAnswer> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path, method: 'POST', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null });
      });
    });
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
    const counts: { n: string | number }[] = await server.deps.dataSource.query(
      'SELECT (SELECT COUNT(*) FROM "inquiries") + (SELECT COUNT(*) FROM "supplier_inquiries") + (SELECT COUNT(*) FROM "contact_messages") AS n',
    );
    return { rows: Number(counts[0].n), files: filesOnDisk(server) };
  };

  const cases: [string, string, Record<string, string>, string | Buffer, number, RegExp][] = [
    ['multipart without a closing boundary', '/api/inquiry', { 'Content-Type': multipartType }, fieldPart('fullName', 'Bob'), 400, /^Malformed multipart body$/],
    ['multipart without a boundary', '/api/inquiry', { 'Content-Type': 'multipart/form-data' }, fieldPart('fullName', 'Bob'), 400, /^Malformed multipart body$/],
    ['a malformed part header', '/api/supplier', { 'Content-Type': multipartType }, `--${BOUNDARY}\r\nContent-Disposition form-data name\r\n\r\nBob\r\n${closing}`, 400, /^Malformed multipart body$/],
    ['a file cut short', '/api/supplier', { 'Content-Type': multipartType }, `--${BOUNDARY}\r\nContent-Disposition: form-data; name="attachments"; filename="a.txt"\r\n\r\nhello`, 400, /^Malformed multipart body$/],
    ['a NUL in a file name', '/api/supplier', { 'Content-Type': multipartType }, filePart('attachments', 'a\u0000b.txt', 'hello') + closing, 400, /./],
    ['multipart/mixed', '/api/inquiry', { 'Content-Type': `multipart/mixed; boundary=${BOUNDARY}` }, closing, 415, /^Send the form as multipart\/form-data$/],
    ['a gzip-encoded upload', '/api/supplier', { 'Content-Type': multipartType, 'Content-Encoding': 'gzip' }, gzipSync(closing), 415, /Content-Encoding/],
    ['JSON said to be Brotli but plain', '/api/contact', { 'Content-Type': 'application/json', 'Content-Encoding': 'br' }, '{"name":"a"}', 400, /could not be read/],
    ['JSON said to be gzip but plain', '/api/contact', { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }, '{"name":"a"}', 400, /could not be read/],
    ['JSON said to be deflate but plain', '/api/subscribers', { 'Content-Type': 'application/json', 'Content-Encoding': 'deflate' }, '{"email":"a@b.co"}', 400, /could not be read/],
    ['truncated gzip JSON', '/api/contact', { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }, gzipSync('{"name":"Jane","email":"j@x.io","message":"hi"}').subarray(0, 20), 400, /could not be read/],
    ['a form said to be gzip but plain', '/api/admin/login', { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Encoding': 'gzip' }, 'email=a', 400, /could not be read/],
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
    const fields = { fullName: 'Sam', companyName: 'Co', phoneNumber: '+1 555', email: 'sam@example.com' };
    const required = { productName: 'Coal', productCategory: 'Energy', supplyCapacity: '5 MT/month', pricePerUnit: 'USD 1 per MT', originCountry: 'India' };
    const body = Object.entries({ ...fields, ...required }).map(([k, v]) => fieldPart(k, v)).join('') + filePart('attachments', 'notes.txt', 'hello') + closing;
    const answer = await send(server, '/api/supplier', { 'Content-Type': multipartType }, body);
    expect(answer.status).toBe(201);
    expect(filesOnDisk(server).stored).toHaveLength(1);
  });
});
