import { createHash } from 'node:crypto';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Database } from '../db/database';

export interface LimiterOptions {
  /** Names the counter; keys of different limiters never meet. */
  name: string;
  /** What may be counted per key within `durationSeconds` before consume() refuses. */
  points: number;
  durationSeconds: number;
}

/** Created by migration 1795000000060 in rate-limiter-flexible's layout. */
const RATE_LIMITS_TABLE = 'rate_limits';

/** Makes counters: shared by every replica on PostgreSQL, in this process's memory on SQLite. */
export type LimiterFactory = (options: LimiterOptions) => RateLimiterAbstract;

/**
 * rate-limiter-flexible over the `rate_limits` table (an atomic INSERT ... ON CONFLICT per count,
 * so replicas and concurrent requests never both see the last point free). Should PostgreSQL
 * fail, each replica counts in memory meanwhile rather than letting everything through.
 */
export function createLimiterFactory(db: Pick<Database, 'postgresPool'>): LimiterFactory {
  const pool = db.postgresPool;
  if (!pool) {
    return ({ name, points, durationSeconds }) => new RateLimiterMemory({ keyPrefix: name, points, duration: durationSeconds });
  }
  return ({ name, points, durationSeconds }) =>
    new RateLimiterPostgres({
      storeClient: pool,
      storeType: 'pool',
      tableName: RATE_LIMITS_TABLE,
      tableCreated: true,
      keyPrefix: name,
      points,
      duration: durationSeconds,
      insuranceLimiter: new RateLimiterMemory({ keyPrefix: name, points, duration: durationSeconds }),
    });
}

/**
 * The stored key of what is counted (an address, an e-mail and an address, ...): hashed, so keys
 * fit the table's column whatever their length and no e-mail address is stored in clear.
 */
export function limitKey(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\n')).digest('base64url');
}

/** A refusal by a limiter (as opposed to an error of its store). */
export function isRefusal(reason: unknown): reason is RateLimiterRes {
  return reason instanceof RateLimiterRes;
}

/** Whole seconds to wait, at least 1, for a Retry-After header. */
export const retryAfterSeconds = (ms: number) => String(Math.max(1, Math.ceil(ms / 1000)));
