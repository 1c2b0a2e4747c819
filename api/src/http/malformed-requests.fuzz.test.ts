import { request } from 'node:http';
import { FORM_PROOF_HEADER } from '@sourcing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiRouter } from '../routes/api-router';
import {
  FORM_FIELDS,
  hostileBody,
  hostileFrames,
  hostileText,
  percentEncoded,
  seededRandom,
  webSocketFrame,
  type Random,
} from '../test/fuzz';
import { exchangeFrames } from '../test/raw-websocket';
import { call, jsonBody, startTestServer, TEST_ENGINES, type TestServer } from '../test/support';
import { solvedProof, withProof } from '../test/form-proof';

/** Fixed, so a failure is replayed by running the test again; change it to explore further. */
const SEED = 20260415;
const REQUESTS = 2000;
const IN_FLIGHT = 8;
const SOCKETS = 300;

interface Sent {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Buffer;
  /** Sent with a freshly solved proof of work (a form as the site sends it), else without. */
  proved: boolean;
}

/** node:http, so paths, headers and bodies go out as generated (fetch would tidy them up). */
function send(server: TestServer, req: Sent): Promise<number> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    let answered = false;
    // One connection per request: the server may close a kept-alive connection after an early answer
    // (a refused body), and a reused socket's reset would be a race of this client, not a server fault.
    const outgoing = request(
      { host: hostname, port, method: req.method, path: req.path, headers: req.headers, agent: false },
      (res) => {
        answered = true;
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(res.statusCode ?? 0));
      },
    );
    // The server may answer (413, 415...) before the whole body is sent and close; the answer counts.
    outgoing.on('error', (error) => (answered ? undefined : reject(error)));
    // A request left unanswered (as upgrades on other paths once were) is a failure, not a hung test.
    outgoing.setTimeout(10_000, () => outgoing.destroy(new Error('no answer within 10 s')));
    outgoing.end(req.body);
  });
}

const WEB_PATHS = [
  '/',
  '/admin',
  '/admin/inquiries',
  '/embed/commodity-inquiry',
  '/assets/site.js',
  '/embed/..%2fadmin',
  '/%',
  '/api',
  '/api/ws',
];
const COOKIES = ['sourcing_refresh=abc', 'sourcing_device=x.y', 'sourcing_refresh=; sourcing_device=', `a=${'b'.repeat(3000)}`];

/**
 * A cursor that decodes, holding a date PostgreSQL may not have and an id that may not be a uuid;
 * or a sorted order's, with a value that may not fit its column (a time that is none, a status).
 */
function forgedCursor(random: Random): string {
  const at = random.pick(['2026-01-01T00:00:00Z', '-271821-04-20T00:00:00Z', 'x']);
  const id = random.pick(['-'.repeat(36), 'zz', '00000000-0000-4000-8000-000000000000']);
  const sorted = random.chance(0.5)
    ? [random.pick(SORTS), random.pick(['', 'x', '99999-01-01T00:00:00Z', 'Spam', null, 7]), at, id]
    : [at, id];
  return Buffer.from(JSON.stringify(sorted)).toString('base64url');
}

/** Orders of the lists, and names of none. */
const SORTS = ['fullName', '-fullName', 'updatedAt', '-updatedAt', 'status', '-owner', 'email', 'oldest', '-', '--email'];

/** Every path and query an attacker might aim at, with the real routes' parameters filled in badly or well. */
function fuzzedPath(random: Random, routePaths: string[]): string {
  const template = random.chance(0.85) ? random.pick(routePaths) : random.pick(WEB_PATHS);
  const path = template.replace(/:\w+/g, () =>
    random.pick([
      '00000000-0000-4000-8000-000000000000',
      '00000000-0000-4000-8000-000000000000.pdf',
      '..%2F..%2Fjwt-secret',
      percentEncoded(hostileText(random)),
      'export.csv',
    ]),
  );
  if (!random.chance(0.5)) return path;
  const keys = ['limit', 'cursor', 'q', 'since', 'sort', 'period', 'expires', 'sig', hostileText(random)];
  const query = Array.from({ length: 1 + random.int(4) }, () => {
    const value = random.pick([
      percentEncoded(hostileText(random)),
      String(random.int(1000) - 100),
      forgedCursor(random),
      random.pick(SORTS),
      '%00',
      '%zz',
    ]);
    return `${percentEncoded(random.pick(keys))}=${value}`;
  });
  return `${path}?${query.join('&')}`;
}

/**
 * Thousands of malformed requests (a fixed seed) against every public and admin endpoint: bodies,
 * encodings, paths, queries, cookies and tokens a broken client or an attacker sends. None may
 * be answered with a 5xx, and the server must answer normally afterwards.
 */
describe.each(TEST_ENGINES)('malformed requests on %s', (engine) => {
  let server: TestServer;
  let routes: { method: string; path: string }[];

  beforeAll(async () => {
    server = await startTestServer({ engine });
    routes = createApiRouter(server.deps).stack.flatMap((layer) =>
      layer.methods.filter((m) => m !== 'HEAD').map((method) => ({ method, path: String(layer.path) })),
    );
  });
  afterAll(() => server?.close());

  function fuzzedRequest(random: Random): Sent {
    const route = random.pick(routes);
    const method = random.chance(0.85) ? route.method : random.pick(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD']);
    const path = fuzzedPath(random, random.chance(0.9) ? [route.path] : routes.map((r) => r.path));
    const headers: Record<string, string> = {};
    const auth = random.int(4);
    if (auth === 1) Object.assign(headers, server.adminHeaders());
    if (auth === 2) headers.Authorization = random.pick(['Bearer x.y.z', 'Bearer', 'Basic YTpi', `Bearer ${'a'.repeat(4000)}`]);
    if (random.chance(0.2)) headers.Cookie = random.pick(COOKIES);
    if (random.chance(0.2)) headers.Origin = random.pick([server.url, 'https://evil.example', 'null', 'app://admin']);
    if (random.chance(0.1)) headers['Sec-Fetch-Site'] = random.pick(['cross-site', 'same-origin', 'none', 'same-site']);
    if (random.chance(0.1)) headers['X-Forwarded-For'] = random.pick(['1.2.3.4', 'garbage', '::1, 10.0.0.1', '', '2001:db8::1']);
    if (random.chance(0.02)) Object.assign(headers, { Connection: 'Upgrade', Upgrade: random.pick(['websocket', 'h2c']) });
    let body: Buffer = Buffer.alloc(0);
    const proved = random.chance(0.8);
    if (method === 'POST' || method === 'PUT' || method === 'PATCH') {
      const form = path.includes('/inquiry')
        ? FORM_FIELDS.inquiry()
        : path.includes('/supplier')
          ? FORM_FIELDS.supplier()
          : path.includes('/contact')
            ? FORM_FIELDS.contact()
            : path.includes('/subscribers')
              ? FORM_FIELDS.subscriber()
              : FORM_FIELDS.login();
      const fileField = path.includes('/supplier') ? 'attachments' : 'attachment';
      const made = hostileBody(random, form, fileField);
      Object.assign(headers, made.headers);
      body = made.body;
    }
    return { method, path, headers, body, proved };
  }

  it(`answers ${REQUESTS} malformed requests without a 5xx, then still serves`, { timeout: 120_000 }, async () => {
    const random = seededRandom(SEED);
    const requests = Array.from({ length: REQUESTS }, () => fuzzedRequest(random));
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    const worker = async () => {
      while (next < requests.length) {
        const req = requests[next++];
        try {
          const proof: Record<string, string> = req.proved ? { [FORM_PROOF_HEADER]: await solvedProof(server) } : {};
          const status = await send(server, { ...req, headers: { ...req.headers, ...proof } });
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (status >= 500) failures.push(`${status} ${req.method} ${req.path} ${JSON.stringify(req.headers).slice(0, 200)}`);
        } catch (error) {
          // Node's client refuses some generated headers or paths before sending: nothing reached the server.
          if ((error as NodeJS.ErrnoException).code?.startsWith('ERR_')) continue;
          failures.push(
            `no answer (${(error as Error).message}) ${req.method} ${req.path} ${JSON.stringify(req.headers).slice(0, 200)}`,
          );
        }
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));

    expect(failures).toEqual([]);
    // The mix really exercised the handlers, not only the front door.
    expect([...statuses.keys()]).toEqual(expect.arrayContaining([200, 201, 400, 401, 404]));
    expect((await call(server, '/api/health')).status).toBe(200);
    expect((await call(server, '/api/contact', await withProof(server, jsonBody(FORM_FIELDS.contact())))).status).toBe(201);
    expect((await call(server, '/api/contact?limit=1', { headers: server.adminHeaders() })).status).toBe(200);
  });

  it(
    `closes ${SOCKETS} realtime sockets sent malformed frames, each alone, then still serves`,
    { timeout: 120_000 },
    async () => {
      const random = seededRandom(SEED + 1);
      const token = server.adminHeaders().Authorization.slice('Bearer '.length);
      // Whatever the frames did, a clean close frame after them ends the socket: the server closes it either way.
      const goodbye = () => webSocketFrame(random, { opcode: 0x8, payload: Buffer.from([0x03, 0xe8]) });
      const codes = new Map<number, number>();
      let next = 0;
      const worker = async () => {
        while (next++ < SOCKETS) {
          const code = await exchangeFrames(server.url, token, Buffer.concat([hostileFrames(random), goodbye()]));
          codes.set(code, (codes.get(code) ?? 0) + 1);
        }
      };
      await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
      // Protocol errors (1002), bad text (1007), too large (1009) and clean closes all happened.
      expect([...codes.keys()]).toEqual(expect.arrayContaining([1000, 1002, 1007, 1009]));
      expect((await call(server, '/api/health')).status).toBe(200);
    },
  );
});
