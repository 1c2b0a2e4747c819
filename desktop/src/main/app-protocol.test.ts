import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentTypeOf, resolveAppFile, serveAppFiles } from './app-protocol';
import { tempFolder } from '../test/temp-folder';

const root = '/opt/app/out/renderer';

describe('resolveAppFile', () => {
  it('maps app://admin paths to files of the renderer build', () => {
    expect(resolveAppFile('app://admin/', root)).toBe(join(root, 'index.html'));
    expect(resolveAppFile('app://admin/index.html?screen=server#/admin', root)).toBe(join(root, 'index.html'));
    expect(resolveAppFile('app://admin/assets/index-abc.js', root)).toBe(join(root, 'assets/index-abc.js'));
  });

  it('never leaves the build folder or answers for another host', () => {
    // Dot segments in the URL itself are clamped by the URL parser; encoded slashes are caught after decoding.
    expect(resolveAppFile('app://admin/../../etc/passwd', root)).toBe(join(root, 'etc/passwd'));
    expect(resolveAppFile('app://admin/%2e%2e/%2e%2e/etc/passwd', root)).toBe(join(root, 'etc/passwd'));
    for (const url of [
      'app://admin/assets/..%2f..%2f..%2fsecret',
      'app://admin/..%5c..%5csecret',
      'app://admin/%00',
      'app://other/index.html',
      'https://admin/index.html',
      'app://admin/%E0%A4%A',
    ]) {
      expect(resolveAppFile(url, root), url).toBeNull();
    }
  });
});

describe('serveAppFiles', () => {
  it('serves files with their type, nosniff and the CSP of the configured server', async () => {
    const dir = await tempFolder('renderer-');
    await mkdir(join(dir, 'assets'));
    await writeFile(join(dir, 'assets', 'main.js'), 'console.log(1)');
    let handler: ((request: Request) => Promise<Response>) | null = null;
    const fetched: string[] = [];
    serveAppFiles(
      { handle: (_scheme: string, h: never) => (handler = h) },
      async (fileUrl) => {
        fetched.push(fileUrl);
        if (!fileUrl.endsWith('main.js')) throw new Error('ENOENT');
        return new Response('console.log(1)');
      },
      dir,
      () => 'https://sourcing.example.com',
    );
    const ok = await handler!(new Request('app://admin/assets/main.js'));
    expect(await ok.text()).toBe('console.log(1)');
    expect(ok.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(ok.headers.get('x-content-type-options')).toBe('nosniff');
    expect(ok.headers.get('content-security-policy')).toContain("connect-src 'self' https://sourcing.example.com");
    expect(fetched[0]).toBe(`file://${join(dir, 'assets', 'main.js')}`);
    expect((await handler!(new Request('app://admin/..%2f..%2fx'))).status).toBe(404);
    expect((await handler!(new Request('app://admin/favicon.ico'))).status).toBe(404);
  });

  it('knows the types the renderer build contains', () => {
    expect(contentTypeOf('index.html')).toBe('text/html; charset=utf-8');
    expect(contentTypeOf('a.CSS')).toBe('text/css; charset=utf-8');
    expect(contentTypeOf('font.woff2')).toBe('font/woff2');
    expect(contentTypeOf('blob.bin')).toBe('application/octet-stream');
  });
});
