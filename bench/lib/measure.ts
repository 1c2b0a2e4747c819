import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

/** Load and latency measurement, kept bounded: fixed durations or request counts, 127.0.0.1 only. */

export const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
/** Rounds per comparison: the API and its yardstick alternate, so drifting machine load hits both alike. */
export const LOAD_ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
export const LOAD_CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

export interface Throughput {
  reqPerSec: number;
  /** CPU time (user + system) the server process spent per answered request: what it costs, whatever else runs. */
  cpuMsPerRequest: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** A server under load: where it answers, and its process id to read its CPU time from. */
export interface Target {
  url: string;
  pid: number;
  /** The API's pool of solved proofs (lib/proofs.ts); the driver and the bare app check none. */
  proofs?: () => Record<string, string>;
  /**
   * Resolves when the work the load left behind is done (the mails its submissions queued are
   * delivered): that time and CPU count toward the load's, so work deferred past the load's end is
   * not free and does not land in the next target's run.
   */
  settled?: () => Promise<void>;
}

const CLOCK_TICKS_PER_MS = 100 / 1000;

/** User + system CPU ms of a process so far (Linux /proc; fields 14 and 15 of stat, in clock ticks). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_MS;
}

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** A public submission: each request needs its own single-use spam-check proof (from the target's pool). */
  needsProof?: boolean;
}

/** autocannon against the target for LOAD_SECONDS with LOAD_CONNECTIONS keep-alive connections, then until it is settled. */
export async function load(target: Target, request: LoadRequest): Promise<Throughput> {
  const cpuBefore = cpuMs(target.pid);
  const startedMs = performance.now();
  const result = await autocannon({
    url: `${target.url}${request.path}`,
    method: request.method,
    headers: request.headers,
    body: request.body,
    connections: LOAD_CONNECTIONS,
    duration: LOAD_SECONDS,
    ...(request.needsProof &&
      target.proofs && {
        requests: [
          {
            setupRequest: (sent: autocannon.Request) => ({
              ...sent,
              headers: { ...(sent.headers as Record<string, string> | undefined), ...target.proofs!() },
            }),
          },
        ],
      }),
  });
  await target.settled?.();
  const cpu = cpuMs(target.pid) - cpuBefore;
  const seconds = (performance.now() - startedMs) / 1000;
  return {
    // Answered requests over the time until settled (autocannon's own average stops at its duration).
    reqPerSec: Math.round(result.requests.total / seconds),
    cpuMsPerRequest: result.requests.total > 0 ? Number((cpu / result.requests.total).toFixed(3)) : NaN,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** LOAD_ROUNDS alternating runs of each target; the median of each figure over the rounds. */
export async function loadAlternating(targets: Target[], request: LoadRequest): Promise<Throughput[]> {
  const runs: Throughput[][] = targets.map(() => []);
  for (let round = 0; round < LOAD_ROUNDS; round++) {
    for (const [i, target] of targets.entries()) runs[i].push(await load(target, request));
  }
  return runs.map((r) => ({
    reqPerSec: median(r.map((t) => t.reqPerSec)),
    cpuMsPerRequest: median(r.map((t) => t.cpuMsPerRequest)),
    p50: median(r.map((t) => t.p50)),
    p99: median(r.map((t) => t.p99)),
    non2xx: r.reduce((sum, t) => sum + t.non2xx, 0),
    errors: r.reduce((sum, t) => sum + t.errors, 0),
  }));
}

export interface Latency {
  p50: number;
  p99: number;
  max: number;
  count: number;
}

export function percentiles(samples: number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
  return { p50: round(at(0.5)), p99: round(at(0.99)), max: round(sorted.at(-1) ?? NaN), count: sorted.length };
}

export const round = (ms: number, digits = 2) => Number(ms.toFixed(digits));

/** One user, one request at a time: `count` timed requests after `warmup` untimed ones. */
export async function timeSequential(url: string, headers: Record<string, string>, count = 200, warmup = 20): Promise<Latency> {
  const samples: number[] = [];
  for (let i = 0; i < warmup + count; i++) {
    const started = performance.now();
    const res = await fetchOnFreshSocketIfClosed(url, headers);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    if (i >= warmup) samples.push(performance.now() - started);
  }
  return percentiles(samples);
}

/** A kept-alive socket the server closed while idle (e.g. during seeding) fails once: retry on a new one. */
async function fetchOnFreshSocketIfClosed(url: string, headers: Record<string, string>): Promise<Response> {
  try {
    return await fetch(url, { headers });
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code !== 'UND_ERR_SOCKET') throw error;
    return fetch(url, { headers });
  }
}
