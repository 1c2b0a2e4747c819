/**
 * Counts failed sign-ins per (e-mail, client address) in a sliding window; past the limit the
 * pair is refused until the oldest failure leaves the window. Kept in memory per process.
 */
export interface LoginThrottleOptions {
  maxFailures: number;
  windowMs: number;
  now?: () => number;
}

export function createLoginThrottle({ maxFailures, windowMs, now = Date.now }: LoginThrottleOptions) {
  const failures = new Map<string, number[]>();
  const keyOf = (email: string, address: string) => `${email.trim().toLowerCase()}|${address}`;
  const recent = (key: string) => {
    const cutoff = now() - windowMs;
    const list = (failures.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length) failures.set(key, list);
    else failures.delete(key);
    return list;
  };

  return {
    /** Milliseconds until another attempt is allowed, or 0 when it is allowed now. */
    retryAfterMs(email: string, address: string): number {
      const list = recent(keyOf(email, address));
      return list.length >= maxFailures ? list[0] + windowMs - now() : 0;
    },
    recordFailure(email: string, address: string) {
      const key = keyOf(email, address);
      failures.set(key, [...recent(key), now()]);
    },
    reset(email: string, address: string) {
      failures.delete(keyOf(email, address));
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
