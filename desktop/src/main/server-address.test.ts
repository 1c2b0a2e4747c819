import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  changeServerAddress,
  checkServerAddress,
  createServerAddressStore,
  parseServerAddress,
  SERVER_ADDRESS_ERRORS,
} from './server-address';
import { tempFolder } from '../test/temp-folder';

describe('parseServerAddress', () => {
  it('keeps the origin of an http or https address', () => {
    expect(parseServerAddress('  https://Sourcing.Example.com/admin/login  ')).toEqual({
      ok: true,
      origin: 'https://sourcing.example.com',
    });
    expect(parseServerAddress('http://10.0.0.5:3000')).toEqual({ ok: true, origin: 'http://10.0.0.5:3000' });
    expect(parseServerAddress('https://sourcing.example.com:443/')).toEqual({
      ok: true,
      origin: 'https://sourcing.example.com',
    });
  });

  it('explains what is wrong with anything else', () => {
    expect(parseServerAddress('')).toEqual({ ok: false, error: SERVER_ADDRESS_ERRORS.empty });
    expect(parseServerAddress('sourcing.example.com')).toEqual({ ok: false, error: SERVER_ADDRESS_ERRORS.invalid });
    expect(parseServerAddress('ftp://sourcing.example.com')).toEqual({ ok: false, error: SERVER_ADDRESS_ERRORS.scheme });
    expect(parseServerAddress('file:///etc/passwd')).toEqual({ ok: false, error: SERVER_ADDRESS_ERRORS.scheme });
    expect(parseServerAddress('javascript:alert(1)')).toEqual({ ok: false, error: SERVER_ADDRESS_ERRORS.scheme });
    expect(parseServerAddress('https://admin:secret@sourcing.example.com')).toEqual({
      ok: false,
      error: SERVER_ADDRESS_ERRORS.credentials,
    });
  });
});

describe('checkServerAddress against real HTTP servers', () => {
  let healthy: Server;
  let other: Server;
  const origin = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const requested: string[] = [];

  beforeAll(async () => {
    healthy = createServer((req, res) => {
      requested.push(req.url ?? '');
      res.writeHead(req.url === '/api/health' ? 200 : 404, { 'Content-Type': 'application/json' }).end('{"status":"ok"}');
    });
    other = createServer((_req, res) => res.writeHead(404).end('not here'));
    await Promise.all([healthy, other].map((s) => new Promise<void>((r) => s.listen(0, '127.0.0.1', r))));
  });
  afterAll(() => Promise.all([healthy, other].map((s) => new Promise((r) => s.close(r)))));

  it('accepts a server whose /api/health answers', async () => {
    expect(await checkServerAddress(`${origin(healthy)}/some/page`, fetch)).toEqual({ ok: true, origin: origin(healthy) });
    expect(requested).toContain('/api/health');
  });

  it('refuses a server without /api/health, and an address nobody answers', async () => {
    const wrong = await checkServerAddress(origin(other), fetch);
    expect(wrong).toEqual({ ok: false, error: `${origin(other)} answered 404: it does not look like the sourcing server.` });
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const gone = origin(closed);
    await new Promise((r) => closed.close(r));
    expect(await checkServerAddress(gone, fetch)).toEqual({
      ok: false,
      error: `Could not reach ${gone}. Check the address and your network connection.`,
    });
  });

  it('stores the address only when the server checks out, and reports the change', async () => {
    const folder = await tempFolder('server-address-');
    const store = createServerAddressStore(join(folder, 'nested', 'server.json'));
    const changes: string[] = [];
    expect(await changeServerAddress(origin(other), store, fetch, (o) => changes.push(o))).toMatchObject({ ok: false });
    expect(await store.get()).toBeNull();
    expect(await changeServerAddress(`${origin(healthy)}/`, store, fetch, (o) => changes.push(o))).toEqual({ ok: true });
    expect(await store.get()).toBe(origin(healthy));
    expect(changes).toEqual([origin(healthy)]);
    // A fresh store (the next start of the app) reads the same file.
    expect(await createServerAddressStore(join(folder, 'nested', 'server.json')).get()).toBe(origin(healthy));
  });
});

describe('createServerAddressStore', () => {
  it('ignores a missing, broken or tampered file', async () => {
    const folder = await tempFolder('server-address-');
    const file = join(folder, 'server.json');
    const store = createServerAddressStore(file);
    expect(await store.get()).toBeNull();
    await writeFile(file, '{not json');
    expect(await store.get()).toBeNull();
    await writeFile(file, JSON.stringify({ serverUrl: 'file:///etc' }));
    expect(await store.get()).toBeNull();
    await store.set('https://sourcing.example.com');
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ serverUrl: 'https://sourcing.example.com' });
  });
});
