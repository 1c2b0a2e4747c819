import { inquiryForm, inquiryValues } from '@sourcing/api/test/forms';
import { pdf } from '@sourcing/api/test/sample-files';
import { loadAlternating, type LoadRequest } from '../lib/measure';
import { createStore, startApi, startBare, type Engine } from '../lib/processes';
import { printTable, ratio, writeResults, type Row } from '../lib/report';
import { seedInquiries, submitTemplateInquiry } from '../lib/seed';

/**
 * API throughput beside a bare Koa app answering the same routes with the same bytes and no work,
 * in the same run: contact form (JSON), buyer inquiry with a 100 KB PDF (multipart), and the first
 * page of the admin inquiry list over 1,000 rows.
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

async function throughputOn(engine: Engine): Promise<Row[]> {
  const store = await createStore(engine);
  const api = await startApi(store);
  try {
    await seedInquiries(store, await submitTemplateInquiry(api.url), 1, LIST_ROWS);
    const multipart = await inquiryMultipart();
    const routes: [string, LoadRequest][] = [
      [
        'POST /api/contact',
        {
          method: 'POST',
          path: '/api/contact',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            name: 'Jane Doe',
            email: 'jane@example.com',
            message: 'Please send me your copper price list.',
          }),
        },
      ],
      [
        'POST /api/inquiry (100 KB PDF)',
        { method: 'POST', path: '/api/inquiry', headers: { 'Content-Type': multipart.contentType }, body: multipart.body },
      ],
      [
        'GET /api/inquiry/inquiries (page 1 of 1k)',
        { method: 'GET', path: '/api/inquiry/inquiries', headers: { Authorization: `Bearer ${api.token}` } },
      ],
    ];

    // The bare app answers with the real API's status and body for each route.
    const responses: Record<string, { status: number; body: string }> = {};
    for (const [, request] of routes) {
      const body = typeof request.body === 'string' || !request.body ? request.body : new Uint8Array(request.body);
      const res = await fetch(`${api.url}${request.path}`, { method: request.method, headers: request.headers, body });
      responses[`${request.method} ${request.path}`] = { status: res.status, body: await res.text() };
      if (!res.ok) throw new Error(`${request.method} ${request.path} answered ${res.status}`);
    }
    const bare = await startBare(responses);
    try {
      const rows: Row[] = [];
      for (const [name, request] of routes) {
        const [real, yardstick] = await loadAlternating([api.url, bare.url], request);
        rows.push({
          engine,
          route: name,
          'api req/s': real.reqPerSec,
          'bare req/s': yardstick.reqPerSec,
          'api/bare': ratio(real.reqPerSec, yardstick.reqPerSec),
          'api p50 ms': real.p50,
          'api p99 ms': real.p99,
          'bare p50 ms': yardstick.p50,
          'bare p99 ms': yardstick.p99,
          failed: real.non2xx + real.errors,
        });
      }
      return rows;
    } finally {
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
  printTable('API throughput beside a bare Koa app', rows);
  console.log(`\nwritten ${writeResults('throughput', rows)}`);
}
