import { connect } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom, webSocketFrame } from '../test/fuzz';
import { exchangeFrames } from '../test/raw-websocket';
import { startBuiltServer, type BuiltTestServer } from '../test/replica-process';
import { signIn } from '../test/staff';
import { TEST_ENGINES } from '../test/support';
import { NO_CONTENT_ENCODING } from './body';

/** The bytes of one request as written, answered with the status line's code (0 when the server closed without one). */
function rawRequest(url: string, head: string, body: Buffer): Promise<number> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0)));
    socket.once('connect', () => {
      socket.write(head.replace(/\n/g, '\r\n') + '\r\n');
      socket.end(body);
    });
    socket.setTimeout(10_000, () => reject(new Error('no answer within 10 s')));
  });
}

const post = (path: string, headers: Record<string, string>, body: Buffer) =>
  [
    `POST ${path} HTTP/1.1`,
    'Host: 127.0.0.1',
    'Connection: close',
    `Content-Length: ${body.length}`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    '',
  ].join('\n');

/**
 * What an adversarial run found ending the whole process (docs/hardening.md#no-input-ends-the-process):
 * compressed bodies cut short or inflating past the limit, and malformed WebSocket frames. The
 * production bundle runs as its own process, with its guard that counts escaped errors; after every
 * input the same process must still answer, with nothing escaped.
 */
describe.each(TEST_ENGINES)('hostile input against the built server on %s', (engine) => {
  let server: BuiltTestServer;
  let token: string;

  beforeAll(async () => {
    server = await startBuiltServer(engine);
    token = (await signIn(server, server.admin.email, server.admin.password)).accessToken;
  });
  afterAll(() => server?.close());

  const stillServing = async () => {
    expect(server.alive(), server.replica.output.join('')).toBe(true);
    const health = await fetch(`${server.url}/api/health`).then((r) => r.json());
    expect(health).toMatchObject({ status: 'ok', escapedErrors: 0 });
    expect(server.replica.output.join('')).not.toContain('escaped error');
  };

  const json = (size: number) => Buffer.from(`{"a":"${'x'.repeat(size)}"}`);
  const bodies: [name: string, encoding: string, body: Buffer][] = [
    // 142 bytes that used to end the process: inflates past the 100 KB limit, then ends too early.
    ['gzip past the limit and cut short', 'gzip', gzipSync(json(104_000)).subarray(0, -4)],
    ['deflate past the limit and cut short', 'deflate', deflateSync(json(104_000)).subarray(0, -4)],
    ['Brotli cut short', 'br', brotliCompressSync(json(104_000)).subarray(0, -3)],
    ['a gzip bomb (64 MB of zeros)', 'gzip', gzipSync(Buffer.alloc(64 * 1024 * 1024))],
    ['gzip of a small valid body', 'gzip', gzipSync(Buffer.from('{"email":"a@example.com"}'))],
  ];

  it.each(bodies)('refuses %s with 415 and keeps serving', async (_name, encoding, body) => {
    for (const path of ['/api/contact', '/api/subscribers', '/api/admin/login', '/api/nowhere']) {
      const head = post(path, { 'Content-Type': 'application/json', 'Content-Encoding': encoding }, body);
      const status = await rawRequest(server.url, head, body);
      expect(status, path).toBe(415);
    }
    const answer = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Encoding': encoding },
      body: new Uint8Array(body.subarray(0, 1024)),
    });
    expect(await answer.json()).toEqual({ error: NO_CONTENT_ENCODING });
    await stillServing();
  });

  it('keeps serving while a body trickles in, and after it is abandoned or cut short', async () => {
    const { hostname, port } = new URL(server.url);
    const slow = connect({ host: hostname, port: Number(port) });
    slow.on('error', () => undefined);
    await new Promise<void>((resolve) => slow.once('connect', resolve));
    slow.write(
      post('/api/contact', { 'Content-Type': 'application/json' }, Buffer.alloc(50_000)).replace(/\n/g, '\r\n') + '\r\n',
    );
    slow.write('{"name":"');
    await stillServing();
    slow.destroy();
    // Announced longer than sent: the client hangs up halfway.
    const cut = post('/api/contact', { 'Content-Type': 'application/json' }, Buffer.alloc(10_000));
    const partial = connect({ host: hostname, port: Number(port) });
    partial.on('error', () => undefined);
    partial.resume();
    await new Promise<void>((resolve) => partial.once('connect', resolve));
    partial.end(cut.replace(/\n/g, '\r\n') + '\r\n{"name":"half');
    await new Promise((resolve) => partial.once('close', resolve));
    // Past the limit, uncompressed.
    expect(
      await rawRequest(server.url, post('/api/contact', { 'Content-Type': 'application/json' }, json(200_000)), json(200_000)),
    ).toBe(413);
    await stillServing();
  });

  const random = seededRandom(7);
  const frame = (shape: Parameters<typeof webSocketFrame>[1]) => webSocketFrame(random, shape);
  const text = (payload: Buffer | string) => ({ opcode: 0x1, payload: Buffer.from(payload) });
  const frames: [name: string, bytes: Buffer, closeCode: number][] = [
    ['an over-limit text message', frame(text('a'.repeat(5000))), 1009],
    ['an over-limit binary message', frame({ opcode: 0x2, payload: Buffer.alloc(5000) }), 1009],
    ['invalid UTF-8', frame(text(Buffer.from([0x68, 0xff, 0xfe]))), 1007],
    ['an unmasked frame', frame({ ...text('hi'), masked: false }), 1002],
    ['a reserved opcode', frame({ opcode: 0x3, payload: Buffer.from('x') }), 1002],
    ['RSV1 set without an extension', frame({ ...text('hi'), rsv: 4 }), 1002],
    ['close code 999', frame({ opcode: 0x8, payload: Buffer.from([0x03, 0xe7]) }), 1002],
    ['a fragmented ping', frame({ opcode: 0x9, payload: Buffer.from('p'), fin: false }), 1002],
    ['an orphan continuation', frame({ opcode: 0x0, payload: Buffer.from('c') }), 1002],
  ];

  it.each(frames)('closes the socket that sent %s, and only that one', async (_name, bytes, closeCode) => {
    expect(await exchangeFrames(server.url, token, bytes)).toBe(closeCode);
    await stillServing();
  });

  it('still accepts a well-behaved socket after all of them', async () => {
    const goodbye = frame({ opcode: 0x8, payload: Buffer.from([0x03, 0xe8]) });
    expect(await exchangeFrames(server.url, token, goodbye)).toBe(1000);
    await stillServing();
  });
});
