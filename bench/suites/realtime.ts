import { withProof } from '@sourcing/api/test/form-proof';
import { WS_PROTOCOL, type RealtimeEvent } from '@sourcing/shared';
import WebSocket from 'ws';
import { percentiles, round } from '../lib/measure';
import { createStore, startApi, type Engine } from '../lib/processes';
import { printTable, writeResults, type Row } from '../lib/report';

/**
 * 200 admin WebSocket clients on one API process; contact messages submitted one after another;
 * for every (submission, client) pair the time from the submitter receiving 201 to that client
 * receiving the event. An event that arrives before the 201 (the server publishes just before it
 * answers) counts as 0 ms; the time from sending the request is reported beside it.
 */

const CLIENTS = Number(process.env.BENCH_WS_CLIENTS ?? 200);
const SUBMISSIONS = 50;

function connect(url: string, token: string, onEvent: (event: RealtimeEvent, at: number) => void): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, [WS_PROTOCOL, token]);
    socket.on('message', (data: Buffer) => onEvent(JSON.parse(data.toString()) as RealtimeEvent, performance.now()));
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

async function realtimeOn(engine: Engine): Promise<Row> {
  const store = await createStore(engine);
  const api = await startApi(store);
  const arrivals = new Map<string, number[]>();
  const sockets: WebSocket[] = [];
  try {
    const wsUrl = `${api.url.replace('http', 'ws')}/api/ws`;
    for (let i = 0; i < CLIENTS; i++) {
      sockets.push(
        await connect(wsUrl, api.token, (event, at) => {
          // A new record's event (not a re-sync request, not a later change), by its sender's name:
          // the 201 answers a reference, the event carries the id, the name is in both.
          if (!event.summary || event.change) return;
          const list = arrivals.get(event.summary.displayName) ?? [];
          list.push(at);
          arrivals.set(event.summary.displayName, list);
        }),
      );
    }
    const fromResponse: number[] = [];
    const fromRequest: number[] = [];
    for (let i = 0; i < SUBMISSIONS; i++) {
      const name = `Visitor ${i}`;
      const contact = await withProof(api, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name, email: `visitor${i}@example.com`, message: 'Realtime benchmark' }),
      });
      const sent = performance.now();
      const res = await fetch(`${api.url}/api/contact`, contact);
      const answered = performance.now();
      if (res.status !== 201) throw new Error(`contact answered ${res.status}`);
      await res.body?.cancel();
      const deadline = Date.now() + 5000;
      while ((arrivals.get(name)?.length ?? 0) < CLIENTS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 1));
      const times = arrivals.get(name) ?? [];
      if (times.length < CLIENTS) throw new Error(`only ${times.length} of ${CLIENTS} clients got event ${i}`);
      for (const at of times) {
        fromResponse.push(Math.max(0, at - answered));
        fromRequest.push(at - sent);
      }
    }
    const afterResponse = percentiles(fromResponse);
    const afterRequest = percentiles(fromRequest);
    return {
      engine,
      clients: CLIENTS,
      events: SUBMISSIONS,
      deliveries: afterResponse.count,
      'p50 ms after 201': afterResponse.p50,
      'p99 ms after 201': afterResponse.p99,
      'max ms after 201': afterResponse.max,
      'p50 ms after send': round(afterRequest.p50),
      'p99 ms after send': round(afterRequest.p99),
    };
  } finally {
    for (const socket of sockets) socket.terminate();
    await api.stop();
    await store.drop();
  }
}

export async function realtimeSuite(engines: Engine[]): Promise<void> {
  const rows: Row[] = [];
  for (const engine of engines) rows.push(await realtimeOn(engine));
  printTable(`Realtime: ${CLIENTS} admin WebSocket clients`, rows);
  console.log(`\nwritten ${writeResults('realtime', rows)}`);
}
