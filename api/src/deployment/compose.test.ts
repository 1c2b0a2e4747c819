import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UPLOAD_LIMITS } from '@sourcing/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import {
  dependencies,
  environmentOf,
  healthCommand,
  imageName,
  mountsOf,
  parseCompose,
  publishedPorts,
  type ComposeService,
} from '../test/compose-file';
import {
  evaluate,
  everyDirective,
  inherited,
  locationFor,
  named,
  parseNginx,
  proxyHeaders,
  sizeInBytes,
} from '../test/nginx-conf';
import { REPO_ROOT } from '../test/support';

/**
 * No Docker engine runs in CI, so the deployment files are checked by reading them for what they
 * mean, not how they are written (deploy/README.md): PostgreSQL with a volume and a health check,
 * API replicas on it sharing one uploads volume behind nginx only, and nginx passing the visitor's
 * address the way the API's TRUST_PROXY_HOPS expects (docs/hardening.md#who-a-client-is).
 */

const read = (path: string) => readFileSync(join(REPO_ROOT, path), 'utf8');
const compose = parseCompose(read('docker-compose.yml'));
const services = Object.entries(compose.services);
const serviceNamed = (name: string): ComposeService => {
  const service = compose.services[name];
  if (!service) throw new Error(`docker-compose.yml has no service ${name}`);
  return service;
};

/** What an operator puts in .env (deploy/example.env): the required secrets, nothing optional. */
const DOT_ENV = {
  POSTGRES_PASSWORD: 'postgres-password-0123',
  JWT_SECRET: 'jwt-secret-jwt-secret-jwt-secret-0123',
  ALTCHA_HMAC_KEY: 'altcha-key-altcha-key-altcha-key-0123',
};

/** The ENV of the image's last stage: what the container starts with before compose's environment. */
function imageEnvironment(): Record<string, string> {
  const dockerfile = read('Dockerfile');
  const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
  const pairs = [...runtime.matchAll(/^ENV (.+)$/gm)].flatMap((m) => m[1].trim().split(/\s+/));
  return Object.fromEntries(pairs.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
}

/** The replicas: the service built from the repository's Dockerfile. */
const [apiName, api] = services.find(([, service]) => service.build !== undefined) ?? [];
const apiEnv = { ...imageEnvironment(), ...environmentOf(api!, DOT_ENV) };
const dataDir = mkdtempSync(join(tmpdir(), 'sourcing-compose-'));
/** The configuration each replica runs with, read by the API's own loader. */
const apiConfig = loadConfig({ ...apiEnv, DATA_DIR: dataDir }, () => {});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The database the replicas connect to, and the service that runs it. */
const databaseUrl = new URL(apiConfig.databaseUrl ?? 'missing:');
const postgres = serviceNamed(databaseUrl.hostname);

/** Only the proxy is reachable from outside. */
const published = services.filter(([, service]) => (service.ports ?? []).length > 0);
const [proxyName, proxy] = published[0] ?? [];

describe('docker-compose.yml', () => {
  it('runs PostgreSQL on a named volume with a readiness health check', () => {
    expect(imageName(postgres.image)).toBe('postgres');
    const postgresEnv = environmentOf(postgres, DOT_ENV);
    const data = mountsOf(postgres).find((m) => m.target === (postgresEnv.PGDATA ?? '/var/lib/postgresql/data'));
    expect(data?.named, 'the database lives on a named volume').toBe(true);
    expect(compose.volumes).toHaveProperty(data!.source!);
    expect(healthCommand(postgres)).toContain('pg_isready');
    // No default password: without one in .env, compose refuses to start.
    expect(() => environmentOf(postgres, { ...DOT_ENV, POSTGRES_PASSWORD: undefined })).toThrow(/POSTGRES_PASSWORD/);
  });

  it('gives the replicas a DATABASE_URL to the postgres service, with its credentials, once it is healthy', () => {
    const postgresEnv = environmentOf(postgres, DOT_ENV);
    expect(databaseUrl.protocol).toMatch(/^postgres(ql)?:$/);
    expect(databaseUrl.port || '5432').toBe(postgresEnv.PGPORT ?? '5432');
    expect(decodeURIComponent(databaseUrl.username)).toBe(postgresEnv.POSTGRES_USER ?? 'postgres');
    expect(decodeURIComponent(databaseUrl.password)).toBe(postgresEnv.POSTGRES_PASSWORD);
    expect(databaseUrl.pathname.slice(1)).toBe(postgresEnv.POSTGRES_DB ?? postgresEnv.POSTGRES_USER ?? 'postgres');
    expect(dependencies(api!)[databaseUrl.hostname]).toBe('service_healthy');
  });

  it('runs several replicas sharing one named uploads volume', () => {
    expect(api!.deploy?.replicas ?? 1).toBeGreaterThanOrEqual(2);
    const uploads = mountsOf(api!).find((m) => m.target === apiConfig.uploadsDir);
    expect(uploads?.named, `a named volume at UPLOADS_DIR (${apiConfig.uploadsDir})`).toBe(true);
    expect(compose.volumes).toHaveProperty(uploads!.source!);
  });

  it('backs up on a schedule into one named volume every replica shares (one takes each backup)', () => {
    const { backups } = apiConfig.storage;
    expect(backups.dir).not.toBeNull();
    const mount = mountsOf(api!).find((m) => m.target === backups.dir);
    expect(mount?.named, `a named volume at BACKUP_DIR (${backups.dir})`).toBe(true);
    expect(compose.volumes).toHaveProperty(mount!.source!);
    expect(backups).toMatchObject({ everyHours: 24, keep: 7 });
  });

  it('trusts exactly the one proxy hop in front of the replicas (docs/hardening.md#who-a-client-is)', () => {
    expect(apiConfig.trustProxyHops).toBe(1);
    expect(published.map(([name]) => name)).toEqual([proxyName]);
    expect(dependencies(proxy)[apiName!]).toBe('service_healthy');
  });

  it('publishes no port of the API or the database: only the proxy is reachable from outside', () => {
    expect(published).toHaveLength(1);
    expect(proxyName).not.toBe(apiName);
    expect(imageName(proxy.image)).toBe('nginx');
  });

  it('refuses to start without a shared JWT_SECRET and ALTCHA_HMAC_KEY (generated ones would differ per replica)', () => {
    expect(() => environmentOf(api!, { ...DOT_ENV, JWT_SECRET: undefined })).toThrow(/JWT_SECRET/);
    expect(() => environmentOf(api!, { ...DOT_ENV, ALTCHA_HMAC_KEY: '' })).toThrow(/ALTCHA_HMAC_KEY/);
    expect(apiConfig.jwtSecret).toBe(DOT_ENV.JWT_SECRET);
    expect(apiConfig.formGuard.hmacKey).toBe(DOT_ENV.ALTCHA_HMAC_KEY);
  });

  it('passes the mail server and sender an operator sets in .env to every replica (docs/mail.md)', () => {
    const withMail = { ...DOT_ENV, SMTP_URL: 'smtp://desk:secret@smtp.example.com:587', MAIL_FROM: 'Desk <desk@example.com>' };
    const config = loadConfig({ ...imageEnvironment(), ...environmentOf(api!, withMail), DATA_DIR: dataDir }, () => {});
    expect(config.mail).toMatchObject({ smtpUrl: withMail.SMTP_URL, from: withMail.MAIL_FROM });
  });

  it('checks each replica by its readiness endpoint (database reachable) on the port it listens on', () => {
    const url = new URL(/https?:\/\/[^\s'")]+/.exec(healthCommand(api!) ?? '')?.[0] ?? 'missing:');
    expect(url.pathname).toBe('/api/ready');
    expect(Number(url.port || 80)).toBe(apiConfig.port);
  });
});

describe('deploy/nginx.conf', () => {
  const http = parseNginx(read('deploy/nginx.conf'));
  const mount = mountsOf(proxy).find((m) => m.source?.replace(/^\.\//, '') === 'deploy/nginx.conf');
  const [server] = named(http, 'server');
  const levels = (location: ReturnType<typeof locationFor>) => [http, server.block ?? [], location?.block ?? []];
  const proxying = everyDirective(server.block ?? []).filter((d) => d.name === 'location' && named(d.block, 'proxy_pass').length);

  it("is the proxy service's configuration, served on the port the proxy publishes", () => {
    expect(mount?.target).toMatch(/^\/etc\/nginx\/conf\.d\/[^/]+\.conf$/);
    expect(mount?.readOnly).toBe(true);
    const listens = named(server.block, 'listen').map((d) => Number(/(\d+)$/.exec(d.args[0])?.[1]));
    expect(listens).toEqual(expect.arrayContaining(publishedPorts(proxy, DOT_ENV)));
  });

  it('proxies everything to the API service on the port it listens on', () => {
    const location = locationFor(server, '/');
    const target = new URL(evaluate(inherited(levels(location), 'proxy_pass')?.[0] ?? '', http, levels(location)));
    expect(target.hostname).toBe(apiName);
    expect(Number(target.port || 80)).toBe(apiConfig.port);
    expect(locationFor(server, '/api/ws')).toBeDefined();
  });

  it('re-resolves the api name so every replica gets requests, without sticky sessions', () => {
    // nginx resolves a proxy_pass without variables once at start; with one, through `resolver`.
    for (const location of proxying) expect(inherited(levels(location), 'proxy_pass')?.[0]).toMatch(/\$/);
    expect(inherited([http, server.block ?? []], 'resolver')).toContain('127.0.0.11');
    expect(everyDirective(http).filter((d) => ['ip_hash', 'hash', 'sticky'].includes(d.name))).toEqual([]);
  });

  it('overwrites X-Forwarded-For with the address it saw instead of appending to what the client sent', () => {
    expect(proxying.length).toBeGreaterThan(0);
    for (const location of proxying) {
      const headers = proxyHeaders(levels(location));
      expect(headers.get('x-forwarded-for'), `location ${location.args.join(' ')}`).toBe('$remote_addr');
      expect(headers.get('x-forwarded-proto')).toBe('$scheme');
    }
  });

  it('upgrades WebSocket connections for /api/ws over HTTP/1.1', () => {
    const location = locationFor(server, '/api/ws');
    const headers = proxyHeaders(levels(location));
    expect(inherited(levels(location), 'proxy_http_version')).toEqual(['1.1']);
    expect(headers.get('upgrade')).toBe('$http_upgrade');
    const connection = (upgrade: string) =>
      evaluate(headers.get('connection') ?? '', http, levels(location), { http_upgrade: upgrade });
    expect(connection('websocket').toLowerCase()).toBe('upgrade');
  });

  it('accepts a full supplier offer (every file at the largest size, plus its fields)', () => {
    const limit = inherited([http, server.block ?? []], 'client_max_body_size')?.[0] ?? '1m';
    expect(sizeInBytes(limit)).toBeGreaterThan(UPLOAD_LIMITS.maxSupplierFiles * UPLOAD_LIMITS.maxFileBytes);
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

  it("installs a pg_dump of the compose database's major version for the backups, and owns the backup folder", () => {
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    const base = /^FROM node:\d+-(\w+)/m.exec(runtime)?.[1];
    const client = /apt-get install .*postgresql-client-(\d+)/.exec(runtime)?.[1];
    const server = /^postgres:(\d+)/.exec(postgres.image ?? '')?.[1];
    // Debian bookworm ships client 15; pg_dump refuses a server newer than itself.
    expect([base, client]).toEqual(['bookworm', '15']);
    expect(Number(client)).toBeGreaterThanOrEqual(Number(server));
    expect(runtime).toMatch(new RegExp(`chown node:node .*${apiConfig.storage.backups.dir}`));
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
