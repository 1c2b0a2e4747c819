import { createServer, type Server } from 'node:http';
import { connect as connectSocket, type AddressInfo } from 'node:net';
import { WS_PROTOCOL, type RealtimeEvent } from '@sourcing/shared';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createAccessTokens } from '../auth/access-tokens';
import { createLogger } from '../http/logger';
import { createLocalEventBus, type EventBus } from './event-bus';
import { attachRealtimeHub, REALTIME_PATH, TOKEN_EXPIRED_CLOSE, tokenFromProtocols, type RealtimeHub } from './hub';
import { createPostgresEventBus } from './postgres-event-bus';

/** Every account is an owner and no session is revoked: revocation is proven against the real states in sessions-revoked.test.ts. */
const sessions = { roleOf: () => 'owner' as const, onChange: () => () => undefined };
const tokens = createAccessTokens('hub-test-secret-0123456789abcdef', { sessions });
const event = (id: string): RealtimeEvent => ({
  event: 'contactUpdated',
  summary: { id, kind: 'contact', displayName: 'Jane Doe', detail: 'jane@example.com', createdAt: new Date(0).toISOString() },
});

interface Running {
  url: string;
  server: Server;
  hub: RealtimeHub;
  bus: EventBus;
}
const running: Running[] = [];

async function start(bus: EventBus = createLocalEventBus(), heartbeatMs?: number): Promise<Running> {
  const server = createServer((_req, res) => res.end());
  const hub = attachRealtimeHub(server, { bus, tokens, sessions, heartbeatMs, logger: createLogger('silent') });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const entry = { url: `ws://127.0.0.1:${port}${REALTIME_PATH}`, server, hub, bus };
  running.push(entry);
  return entry;
}

afterEach(async () => {
  for (const r of running.splice(0)) {
    await r.hub.close();
    await r.bus.close();
    await new Promise((resolve) => r.server.close(resolve));
  }
});

function connect(url: string, protocols: string[]): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, protocols);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/**
 * Sends a raw request on a socket that never closes its own side (like a client that walks away)
 * and answers what the server wrote once the server has closed the connection.
 */
function rawExchange(server: Server, request: string): Promise<string> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const socket = connectSocket({ port, host: '127.0.0.1', allowHalfOpen: true });
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    socket.on('error', reject);
    socket.on('end', () => resolve(received));
    socket.write(request);
  });
}

const openConnections = (server: Server) =>
  new Promise<number>((resolve, reject) => server.getConnections((error, count) => (error ? reject(error) : resolve(count))));

const nextMessage = (ws: WebSocket) =>
  new Promise<unknown>((resolve) => ws.once('message', (data) => resolve(JSON.parse(String(data)))));

describe('realtime hub', () => {
  it('reads the token offered as a subprotocol', () => {
    expect(tokenFromProtocols(`${WS_PROTOCOL}, abc.def.ghi`)).toBe('abc.def.ghi');
    expect(tokenFromProtocols('other, abc')).toBeNull();
    expect(tokenFromProtocols(undefined)).toBeNull();
  });

  it('refuses a client without a valid admin token', async () => {
    const { url } = await start();
    await expect(connect(url, [])).rejects.toThrow(/401/);
    await expect(connect(url, [WS_PROTOCOL, 'forged.token.value'])).rejects.toThrow(/401/);
    const other = createAccessTokens('another-secret-0123456789abcdef', { sessions }).sign({ id: '1', email: 'a@b.co' });
    await expect(connect(url, [WS_PROTOCOL, other])).rejects.toThrow(/401/);
  });

  it('answers and closes every upgrade request that is not for the socket path', { timeout: 10_000 }, async () => {
    const { server } = await start();
    const websocketOffer = 'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==';
    const requests = [
      `GET / HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n${websocketOffer}\r\n\r\n`,
      'POST /api/contact HTTP/1.1\r\nHost: x\r\nConnection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\nContent-Length: 0\r\n\r\n',
      'GET http://[bad HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n',
    ];
    const answers = await Promise.all(requests.map((request) => rawExchange(server, request)));
    expect(answers.map((answer) => answer.split('\r\n')[0])).toEqual([
      'HTTP/1.1 404 Not Found',
      'HTTP/1.1 404 Not Found',
      'HTTP/1.1 404 Not Found',
    ]);
    for (const answer of answers) expect(answer).toContain('Connection: close');
    // The client above never closes its side: the server must have closed the sockets itself.
    await expect.poll(() => openConnections(server)).toBe(0);
  });

  it('pushes every bus event to every connected admin', async () => {
    const { url, bus, hub } = await start();
    const token = tokens.sign({ id: '1', email: 'admin@example.com' });
    const [a, b] = await Promise.all([connect(url, [WS_PROTOCOL, token]), connect(url, [WS_PROTOCOL, token])]);
    expect(a.protocol).toBe(WS_PROTOCOL);
    expect(hub.clientCount()).toBe(2);
    const received = Promise.all([nextMessage(a), nextMessage(b)]);
    await bus.publish(event('42'));
    expect(await received).toEqual([event('42'), event('42')]);
    a.close();
    b.close();
  });

  it('drops a client that stops answering pings', async () => {
    const { url, hub } = await start(createLocalEventBus(), 50);
    const token = tokens.sign({ id: '1', email: 'admin@example.com' });
    const ws = await connect(url, [WS_PROTOCOL, token]);
    // A dead peer: it stops answering pings.
    ws.pong = () => undefined;
    await new Promise((resolve) => ws.once('close', resolve));
    await expect.poll(() => hub.clientCount()).toBe(0);
  });

  it('closes the socket when its access token expires, so the client reconnects with a fresh one', async () => {
    const { url } = await start();
    const shortLived = createAccessTokens('hub-test-secret-0123456789abcdef', { sessions, ttlSeconds: 1 }).sign({
      id: '1',
      email: 'a@b.co',
    });
    const ws = await connect(url, [WS_PROTOCOL, shortLived]);
    const code = await new Promise((resolve) => ws.once('close', resolve));
    expect(code).toBe(TOKEN_EXPIRED_CLOSE);
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('PostgreSQL event bus', () => {
  it('carries an event published on one replica to admins connected to another', async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const replicaA = await start(await createPostgresEventBus(url));
    const replicaB = await start(await createPostgresEventBus(url));
    const token = tokens.sign({ id: '1', email: 'admin@example.com' });
    const onA = await connect(replicaA.url, [WS_PROTOCOL, token]);
    const onB = await connect(replicaB.url, [WS_PROTOCOL, token]);
    const received = Promise.all([nextMessage(onA), nextMessage(onB)]);
    await replicaB.bus.publish(event('7'));
    expect(await received).toEqual([event('7'), event('7')]);
    onA.close();
    onB.close();
  });
});
