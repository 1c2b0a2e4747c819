import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../test/support';

/**
 * No Docker engine runs in CI, so the deployment files are checked by reading them: the compose
 * file must give PostgreSQL a volume and health check, run two API replicas on one uploads
 * volume with the settings they cannot run without, and put nginx with WebSocket upgrade in front.
 */

interface ComposeService {
  image?: string;
  build?: unknown;
  environment?: Record<string, string>;
  volumes?: string[];
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  deploy?: { replicas?: number };
  ports?: string[];
}
interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes: Record<string, unknown>;
}

const read = (path: string) => readFileSync(join(REPO_ROOT, path), 'utf8');
const compose = load(read('docker-compose.yml')) as ComposeFile;
const { postgres, api, proxy } = compose.services;
const healthCommand = (service: ComposeService) => service.healthcheck?.test.join(' ') ?? '';

describe('docker-compose.yml', () => {
  it('runs PostgreSQL on a named volume with a readiness health check', () => {
    expect(postgres.image).toMatch(/^postgres:15/);
    expect(postgres.volumes).toContain('pgdata:/var/lib/postgresql/data');
    expect(compose.volumes).toHaveProperty('pgdata');
    expect(healthCommand(postgres)).toContain('pg_isready');
    expect(postgres.environment?.POSTGRES_PASSWORD).toMatch(/^\$\{POSTGRES_PASSWORD:\?/);
  });

  it('runs two API replicas from the Dockerfile, on PostgreSQL, sharing one uploads volume', () => {
    expect(api.build).toBe('.');
    expect(api.deploy?.replicas).toBe(2);
    expect(api.depends_on?.postgres).toEqual({ condition: 'service_healthy' });
    expect(api.environment?.DATABASE_URL).toMatch(/^postgres:\/\/sourcing:\$\{POSTGRES_PASSWORD\}@postgres:5432\/sourcing$/);
    expect(api.environment?.UPLOADS_DIR).toBe('/uploads');
    expect(api.volumes).toContain('uploads:/uploads');
    expect(compose.volumes).toHaveProperty('uploads');
    expect(api.environment?.TRUST_PROXY_HOPS).toBe('1');
    // Publishing no port: only the proxy is reachable from outside.
    expect(api.ports).toBeUndefined();
  });

  it('refuses to start without a shared JWT_SECRET (a generated one would differ per replica)', () => {
    expect(api.environment?.JWT_SECRET).toMatch(/^\$\{JWT_SECRET:\?.+\}$/);
    expect(api.environment?.ALTCHA_HMAC_KEY).toMatch(/^\$\{ALTCHA_HMAC_KEY:\?.+\}$/);
  });

  it('checks each replica by its readiness endpoint (database reachable)', () => {
    expect(healthCommand(api)).toContain('http://127.0.0.1:3000/api/ready');
  });

  it('puts nginx in front, after the replicas are healthy, with the repository nginx.conf', () => {
    expect(proxy.image).toMatch(/^nginx:/);
    expect(proxy.depends_on?.api).toEqual({ condition: 'service_healthy' });
    expect(proxy.volumes).toContain('./deploy/nginx.conf:/etc/nginx/conf.d/default.conf:ro');
    expect(proxy.ports).toEqual(['${HTTP_PORT:-8080}:80']);
  });
});

describe('deploy/nginx.conf', () => {
  const nginx = read('deploy/nginx.conf');

  it('upgrades WebSocket connections for /api/ws over HTTP/1.1', () => {
    expect(nginx).toMatch(/map \$http_upgrade \$connection_upgrade \{\s*default upgrade;\s*''\s+close;\s*\}/);
    expect(nginx).toContain('proxy_http_version 1.1;');
    expect(nginx).toContain('proxy_set_header Upgrade $http_upgrade;');
    expect(nginx).toContain('proxy_set_header Connection $connection_upgrade;');
  });

  it('balances over every replica by re-resolving the api service, without sticky sessions', () => {
    expect(nginx).toMatch(/resolver 127\.0\.0\.11 valid=\d+s/);
    expect(nginx).toContain('set $api http://api:3000;');
    expect(nginx).toContain('proxy_pass $api;');
    expect(nginx).not.toMatch(/^\s*(ip_hash|sticky|hash)\b/m);
  });

  it('accepts a full supplier offer (10 files of 10 MB) and passes the visitor address', () => {
    expect(nginx).toMatch(/client_max_body_size 1[1-9]\dm;/);
  });

  it('sets X-Forwarded-For to the address it saw, dropping whatever the client sent', () => {
    expect(nginx).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    expect(nginx).not.toContain('$proxy_add_x_forwarded_for');
    expect(nginx).toContain('proxy_set_header X-Forwarded-Proto $scheme;');
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const dockerignore = read('.dockerignore').split('\n');

  it('builds in stages and runs the server as the non-root node user', () => {
    expect(dockerfile.match(/^FROM /gm)?.length).toBeGreaterThanOrEqual(2);
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(runtime).toMatch(/^USER node$/m);
    // The image runs the built bundle with plain node: no TypeScript loader, no sources, no tests.
    const command = /^CMD \[(.*)\]$/m.exec(runtime)?.[1] ?? '';
    expect(command).toMatch(/"node".*"api\/dist\/main\.js"/);
    expect(command).not.toMatch(/tsx|\.ts"/);
    expect(runtime).not.toMatch(/^COPY .*(\/src|shared)\b/m);
  });

  it('sends every package.json the lock file check needs, and no dependencies or secrets', () => {
    const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
    const copied = [...dockerfile.matchAll(/^COPY (\w+)\/package\.json/gm)].map((m) => m[1]);
    expect(copied.sort()).toEqual([...workspaces].sort());
    for (const workspace of copied) {
      const excluded = dockerignore.includes(workspace) || dockerignore.includes(`${workspace}/*`);
      expect(
        !excluded || dockerignore.includes(`!${workspace}/package.json`),
        `${workspace}/package.json reaches the build`,
      ).toBe(true);
    }
    expect(dockerignore).toEqual(expect.arrayContaining(['**/node_modules', '.env', '.git', 'data']));
  });
});
