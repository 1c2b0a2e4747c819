import { get } from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../test/support';
import { IMMUTABLE, REVALIDATE } from './serve-web';

describe('serving the built web', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ env: { EMBED_ORIGINS: 'https://partner.example, https://other.example' } });
    const web = server.deps.config.webDistDir;
    mkdirSync(join(web, 'assets'), { recursive: true });
    mkdirSync(join(web, 'admin'), { recursive: true });
    mkdirSync(join(web, 'about'), { recursive: true });
    writeFileSync(join(web, 'index.html'), '<title>site</title>');
    writeFileSync(join(web, 'about', 'index.html'), '<title>about</title>');
    writeFileSync(join(web, 'contact.html'), '<title>contact</title>');
    writeFileSync(join(web, '404.html'), '<title>not found</title>');
    writeFileSync(join(web, 'admin', 'index.html'), '<title>admin</title>');
    writeFileSync(join(web, 'assets', 'site-abc123.js'), 'console.log(1)');
    writeFileSync(join(web, 'robots.txt'), 'User-agent: *');
    mkdirSync(join(web, 'embed', 'commodity-inquiry'), { recursive: true });
    writeFileSync(join(web, 'embed', 'commodity-inquiry', 'index.html'), '<title>embedded form</title>');
  });
  afterAll(() => server?.close());

  it('serves exact files; hashed assets are immutable, the rest revalidated', async () => {
    const asset = await call(server, '/assets/site-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(asset.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(asset.text).toBe('console.log(1)');

    const robots = await call(server, '/robots.txt');
    expect(robots.headers.get('cache-control')).toBe(REVALIDATE);
    const home = await call(server, '/');
    expect(home.text).toBe('<title>site</title>');
    expect(home.headers.get('cache-control')).toBe(REVALIDATE);
  });

  it('serves the precompressed Brotli or gzip copy the client accepts, else the plain file', async () => {
    const web = server.deps.config.webDistDir;
    const source = 'console.log("compressible");'.repeat(100);
    writeFileSync(join(web, 'assets', 'big-def456.js'), source);
    writeFileSync(join(web, 'assets', 'big-def456.js.br'), brotliCompressSync(source));
    writeFileSync(join(web, 'assets', 'big-def456.js.gz'), gzipSync(source));
    const raw = (encoding: string) =>
      new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) =>
        get(`${server.url}/assets/big-def456.js`, { headers: { 'Accept-Encoding': encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        }).on('error', reject),
      );

    const br = await raw('gzip, deflate, br');
    expect(br.headers).toMatchObject({
      'content-encoding': 'br',
      vary: 'Accept-Encoding',
      'content-type': 'text/javascript; charset=utf-8',
    });
    expect(brotliDecompressSync(br.body).toString()).toBe(source);
    const gz = await raw('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(source);
    expect(gz.headers.etag).not.toBe(br.headers.etag);
    const plain = await raw('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(source);
  });

  it('answers 304 to a revalidation with the same ETag', async () => {
    const first = await fetch(`${server.url}/robots.txt`);
    const etag = first.headers.get('etag')!;
    // node:http, as fetch marks conditional requests no-cache.
    const status = await new Promise<number | undefined>((resolve, reject) =>
      get(`${server.url}/robots.txt`, { headers: { 'If-None-Match': etag } }, (res) => {
        res.resume();
        resolve(res.statusCode);
      }).on('error', reject),
    );
    expect(status).toBe(304);
  });

  it('finds <path>/index.html and <path>.html', async () => {
    expect((await call(server, '/about')).text).toBe('<title>about</title>');
    expect((await call(server, '/about/')).text).toBe('<title>about</title>');
    expect((await call(server, '/contact')).text).toBe('<title>contact</title>');
  });

  it('serves the admin app for /admin and any path below it', async () => {
    for (const path of ['/admin', '/admin/', '/admin/inquiries', '/admin/a/b/c']) {
      const res = await call(server, path);
      expect(res.status, path).toBe(200);
      expect(res.text).toBe('<title>admin</title>');
    }
  });

  it('answers unknown pages with 404.html and status 404, unknown assets and API paths with 404 too', async () => {
    const page = await call(server, '/no/such/page');
    expect(page.status).toBe(404);
    expect(page.text).toBe('<title>not found</title>');
    expect((await call(server, '/assets/missing.js')).status).toBe(404);
    const api = await call(server, '/api/no-such-thing');
    expect(api.status).toBe(404);
    expect(api.body).toEqual({ error: 'Not found' });
  });

  it('never serves files outside the web folder', async () => {
    writeFileSync(join(server.dataDir, 'secret.txt'), 'secret');
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt', '/%2e%2e%2fsecret.txt']) {
      const res = await call(server, path);
      expect(res.text, path).not.toContain('secret');
    }
  });

  it('sets security headers; only /embed/* may be framed, by the configured origins', async () => {
    const home = await call(server, '/');
    const csp = home.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/img-src 'self' data: blob: https:\/\/\*\.tile\.openstreetmap\.org/);
    expect(home.headers.get('x-frame-options')).toBe('DENY');
    expect(home.headers.get('x-content-type-options')).toBe('nosniff');
    expect(home.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(home.headers.get('strict-transport-security')).toBeNull();

    const embed = await call(server, '/embed/commodity-inquiry');
    expect(embed.headers.get('content-security-policy')).toContain(
      'frame-ancestors https://partner.example https://other.example',
    );
    expect(embed.headers.get('x-frame-options')).toBeNull();

    const api = await call(server, '/api/health');
    expect(api.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

/** GET with the path sent byte for byte (fetch and URL would resolve dot segments first). */
function rawGet(server: TestServer, path: string) {
  const { hostname, port } = new URL(server.url);
  return new Promise<{ status?: number; headers: Record<string, unknown>; text: string }>((resolve, reject) =>
    get({ host: hostname, port, path }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text }));
    }).on('error', reject),
  );
}

describe('paths that could be read two ways', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { EMBED_ORIGINS: 'https://partner.example' } });
    const web = server.deps.config.webDistDir;
    mkdirSync(join(web, 'admin'), { recursive: true });
    mkdirSync(join(web, 'embed', 'commodity-inquiry'), { recursive: true });
    writeFileSync(join(web, 'admin', 'index.html'), '<title>admin</title>');
    writeFileSync(join(web, 'embed', 'commodity-inquiry', 'index.html'), '<title>embedded form</title>');
  });
  afterAll(() => server?.close());

  it('refuses encoded separators and dot segments instead of framing the admin under the embed policy', async () => {
    for (const path of [
      '/embed/..%2fadmin',
      '/embed/..%2Fadmin/inquiries',
      '/embed/..%5cadmin',
      '/embed/%2e%2e/admin',
      '/embed/../admin',
      '/embed/./../admin',
      '/embed/commodity-inquiry%00',
      '/embed/%E0%A4%A',
      '/api/uploads/..%2F..%2Fjwt-secret',
    ]) {
      const res = await rawGet(server, path);
      expect(res.status, path).toBe(400);
      expect(res.text, path).not.toContain('<title>admin</title>');
      expect(res.headers['x-frame-options'], path).toBe('DENY');
      expect(res.headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
    }
  });

  it('decides the framing policy from the path the file is served from', async () => {
    const encoded = await rawGet(server, '/%65mbed/commodity-inquiry');
    expect(encoded.text).toBe('<title>embedded form</title>');
    expect(encoded.headers['content-security-policy']).toContain('frame-ancestors https://partner.example');
    const admin = await rawGet(server, '/%61dmin');
    expect(admin.text).toBe('<title>admin</title>');
    expect(admin.headers['x-frame-options']).toBe('DENY');
  });
});

describe('behind a trusted HTTPS proxy', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { TRUST_PROXY_HOPS: '1', CORS_ORIGINS: 'https://app.example' } });
  });
  afterAll(() => server?.close());

  it('adds HSTS when the proxy says the request was HTTPS', async () => {
    const res = await call(server, '/api/health', { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it('answers CORS with credentials for configured origins only', async () => {
    const allowed = await call(server, '/api/health', { headers: { Origin: 'https://app.example' } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(allowed.headers.get('access-control-allow-credentials')).toBe('true');
    const preflight = await call(server, '/api/contact', {
      method: 'OPTIONS',
      headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');

    const other = await call(server, '/api/health', { headers: { Origin: 'https://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});
