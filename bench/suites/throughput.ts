import { inquiryForm, inquiryValues } from '@sourcing/api/test/forms';
import { pdf } from '@sourcing/api/test/sample-files';
import { loadAlternating, type LoadRequest } from '../lib/measure';
import { proofPool } from '../lib/proofs';
import { createStore, startApi, startBare, startDriver, type Engine } from '../lib/processes';
import { printTable, ratio, writeResults, type Row } from '../lib/report';
import { seedInquiries, submitTemplateInquiry } from '../lib/seed';
import { mailsDelivered } from '../lib/store-check';

/**
 * API throughput beside two yardsticks, in the same run: the driver app (the same SQL through
 * better-sqlite3 / pg, no ORM or middleware: what the database allows) and a bare Koa app (the
 * same bytes and no work: what HTTP allows). Routes: contact form (JSON), buyer inquiry with a
 * 100 KB PDF (multipart), the first page of the admin inquiry list over 1,000 rows, a search of
 * it, and the dashboard stats.
 */

const LIST_ROWS = 1000;

/** A valid PDF padded to 100 KB with a comment, as a visitor's specification sheet. */
function pdf100k(): Buffer {
  const head = pdf();
  return Buffer.concat([head, Buffer.from(`%${'x'.repeat(100 * 1024 - head.length - 2)}\n`)]);
}

/** The exact multipart bytes and content type the browser would send for an inquiry with one PDF. */
async function inquiryMultipart(): Promise<{ body: Buffer; contentType: string }> {
  const form = inquiryForm(inquiryValues(), [{ name: 'specification.pdf', bytes: pdf100k(), type: 'application/pdf' }]);
  const request = new Request('http://127.0.0.1/', { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

/** Signed links differ in their origin (port), expiry second and signature, submissions in their new id; nothing else may. */
const comparable = (body: string) =>
  body
    .replace(/http:\/\/127\.0\.0\.1:\d+\//g, 'ORIGIN/')
    .replace(/expires=\d+&sig=[\w-]+/g, 'expires=E&sig=S')
    .replace(/"reference":"[\w-]+"/, '"reference":"R"');

/** The driver answers each route with the API's status and JSON (the check that it is the same work). */
async function expectSameAnswers(
  apiUrl: string,
  driverUrl: string,
  routes: [string, LoadRequest][],
  proofs: () => Record<string, string>,
): Promise<void> {
  for (const [name, request] of routes) {
    const answer = async (url: string) => {
      const body = typeof request.body === 'string' || !request.body ? request.body : new Uint8Array(request.body);
      const headers = { ...request.headers, ...(request.needsProof ? proofs() : {}) };
      const res = await fetch(`${url}${request.path}`, { method: request.method, headers, body });
      return `${res.status} ${comparable(await res.text())}`;
    };
    const driven = await answer(driverUrl);
    const real = await answer(apiUrl);
    if (driven !== real) {
      // Where they part: a page is ~75 KB, its start says nothing.
      let at = 0;
      while (driven[at] === real[at]) at++;
      const around = (text: string) => text.slice(Math.max(0, at - 300), at + 300);
      throw new Error(
        `${name}: the driver answers differently at character ${at}\napi:    ${around(real)}\ndriver: ${around(driven)}`,
      );
    }
  }
}

async function throughputOn(engine: Engine): Promise<Row[]> {
  const store = await createStore(engine);
  const api = await startApi(store);
  try {
    // Each listed inquiry has one file, so a page signs 50 attachment links.
    const template = await submitTemplateInquiry(api.url, [{ name: 'specification.pdf', bytes: pdf(), type: 'application/pdf' }]);
    await seedInquiries(store, template, 1, LIST_ROWS);
    const multipart = await inquiryMultipart();
    // Every submission carries its own spam-check proof, as a visitor's does (the driver ignores it).
    const proofs = await proofPool();
    const routes: [string, LoadRequest][] = [
      [
        'POST /api/contact',
        {
          method: 'POST',
          path: '/api/contact',
          headers: { 'Content-Type': 'application/json' },
          needsProof: true,
          body: JSON.stringify({
            name: 'Jane Doe',
            email: 'jane@example.com',
            message: 'Please send me your copper price list.',
          }),
        },
      ],
      [
        'POST /api/inquiry (100 KB PDF)',
        {
          method: 'POST',
          path: '/api/inquiry',
          headers: { 'Content-Type': multipart.contentType },
          body: multipart.body,
          needsProof: true,
        },
      ],
      [
        'GET /api/inquiry/inquiries (page 1 of 1k)',
        { method: 'GET', path: '/api/inquiry/inquiries', headers: { Authorization: `Bearer ${api.token}` } },
      ],
      [
        'GET /api/inquiry/inquiries?q=buyer 42',
        {
          method: 'GET',
          path: `/api/inquiry/inquiries?q=${encodeURIComponent('buyer 42')}`,
          headers: { Authorization: `Bearer ${api.token}` },
        },
      ],
      [
        'GET /api/admin/stats?period=month',
        { method: 'GET', path: '/api/admin/stats?period=month', headers: { Authorization: `Bearer ${api.token}` } },
      ],
    ];
    const only = process.env.BENCH_ROUTES?.split(',').map((s) => s.trim());
    const chosen = only ? routes.filter(([name]) => only.some((o) => name.includes(o))) : routes;

    // The bare app answers with the real API's status and body for each route.
    const responses: Record<string, { status: number; body: string }> = {};
    for (const [, request] of routes) {
      const body = typeof request.body === 'string' || !request.body ? request.body : new Uint8Array(request.body);
      const headers = { ...request.headers, ...(request.needsProof ? proofs() : {}) };
      const res = await fetch(`${api.url}${request.path}`, { method: request.method, headers, body });
      responses[`${request.method} ${request.path}`] = { status: res.status, body: await res.text() };
      if (!res.ok) throw new Error(`${request.method} ${request.path} answered ${res.status}`);
    }
    const bare = await startBare(responses);
    const driver = await startDriver(store);
    try {
      await expectSameAnswers(api.url, driver.url, chosen, proofs);
      const rows: Row[] = [];
      for (const [name, request] of chosen) {
        // A submission's run lasts until the mails it queued are delivered (the API's outbox worker, the driver's own).
        const targets = [api, driver, bare].map((p) => ({
          url: p.url,
          pid: p.child.pid!,
          proofs: p === api ? proofs : undefined,
          settled: request.needsProof && p !== bare ? () => mailsDelivered(store) : undefined,
        }));
        const [real, floor, yardstick] = await loadAlternating(targets, request);
        rows.push({
          engine,
          route: name,
          'api req/s': real.reqPerSec,
          'driver req/s': floor.reqPerSec,
          'bare req/s': yardstick.reqPerSec,
          'api/driver': ratio(real.reqPerSec, floor.reqPerSec),
          'api/bare': ratio(real.reqPerSec, yardstick.reqPerSec),
          // CPU per request of each Node process: steadier than req/s on a shared machine.
          'api cpu ms/req': real.cpuMsPerRequest,
          'driver cpu ms/req': floor.cpuMsPerRequest,
          'api/driver by cpu': ratio(floor.cpuMsPerRequest, real.cpuMsPerRequest),
          'api p50 ms': real.p50,
          'api p99 ms': real.p99,
          // Apart: the driver draws references without the API's retry, so a rare collision is its own 500.
          'api failed': real.non2xx + real.errors,
          'driver failed': floor.non2xx + floor.errors,
        });
      }
      return rows;
    } finally {
      await driver.stop();
      await bare.stop();
    }
  } finally {
    await api.stop();
    await store.drop();
  }
}

export async function throughputSuite(engines: Engine[]): Promise<void> {
  const rows: Row[] = [];
  for (const engine of engines) rows.push(...(await throughputOn(engine)));
  printTable('API throughput beside the driver baseline and a bare Koa app', rows);
  console.log(`\nwritten ${writeResults('throughput', rows)}`);
}
