import type { LimiterFactory } from '../limits/limiters';
import { isRefusal, limitKey } from '../limits/limiters';

/** A sign-in whose check is taking longer than this (its replica died) no longer holds the account. */
const IN_FLIGHT_SECONDS = 30;
/** Failures are forgotten a day after the first of a series, and at once by a successful sign-in. */
const FAILURE_MEMORY_SECONDS = 24 * 60 * 60;
const ADDRESS_WINDOW_SECONDS = 15 * 60;

export interface LoginGuardOptions {
  /** Names its counters ('login' for passwords): each guard counts apart. */
  name?: string;
  limiters: LimiterFactory;
  /** Password checks that may fail per client address per 15 minutes, whatever the e-mail. */
  failuresPerAddress: number;
  /** Failures of one account from one address (or one device) before waits begin. */
  freeFailures: number;
  /** The longest wait after a failure (the waits double up to it). */
  maxDelaySeconds: number;
}

/** Who is signing in: the e-mail typed, the client's address and the device its cookie names, if any. */
export interface LoginSubject {
  email: string;
  address: string;
  device: string | null;
}

export type LoginRefusal = {
  ok: false;
  /** 'address': too many failures from this address; 'delay': this account must wait; 'busy': it is being checked now. */
  reason: 'address' | 'delay' | 'busy';
  retryAfterMs: number;
};

/** An attempt let through to the password check; it must be closed with one of these. */
export interface LoginAttempt {
  ok: true;
  succeeded(): Promise<void>;
  failed(): Promise<void>;
  /** The password was never checked (the server was too busy): nothing is counted. */
  abandoned(): Promise<void>;
}

/** Seconds to wait after the `failures`-th failure in a row: none at first, then 1, 2, 4 ... up to the maximum. */
export function delayAfterFailures(failures: number, freeFailures: number, maxDelaySeconds: number): number {
  return failures <= freeFailures ? 0 : Math.min(2 ** (failures - freeFailures - 1), maxDelaySeconds);
}

/**
 * Sign-in protection, counted before any password is hashed and shared by all replicas (see
 * docs/hardening.md): per client address a budget of failed checks across e-mails; per account
 * and address (or per device cookie) one check at a time and growing waits after failures, never
 * a long lockout.
 */
export function createLoginGuard({
  name = 'login',
  limiters,
  failuresPerAddress,
  freeFailures,
  maxDelaySeconds,
}: LoginGuardOptions) {
  const perAddress = limiters({ name: `${name}-address`, points: failuresPerAddress, durationSeconds: ADDRESS_WINDOW_SECONDS });
  const inFlight = limiters({ name: `${name}-in-flight`, points: 1, durationSeconds: IN_FLIGHT_SECONDS });
  const waits = limiters({ name: `${name}-wait`, points: 1, durationSeconds: maxDelaySeconds });
  const failures = limiters({ name: `${name}-failures`, points: 1_000_000_000, durationSeconds: FAILURE_MEMORY_SECONDS });

  return {
    async begin({ email, address, device }: LoginSubject): Promise<LoginAttempt | LoginRefusal> {
      const addressKey = limitKey(address);
      const key = device ? limitKey('device', device) : limitKey('account', email.trim().toLowerCase(), address);
      // A device the account signed in from before is judged on its own, not by its network.
      const countsForAddress = device === null;
      const refundAddress = async () => {
        if (countsForAddress) await perAddress.reward(addressKey);
      };

      if (countsForAddress) {
        try {
          await perAddress.consume(addressKey);
        } catch (reason) {
          if (!isRefusal(reason)) throw reason;
          // The store counted this attempt too; refused before a password check, it is no failure.
          await perAddress.reward(addressKey);
          return { ok: false, reason: 'address', retryAfterMs: reason.msBeforeNext };
        }
      }
      try {
        await inFlight.consume(key);
      } catch (reason) {
        await refundAddress();
        if (!isRefusal(reason)) throw reason;
        return { ok: false, reason: 'busy', retryAfterMs: 1000 };
      }
      // Read after taking the in-flight slot: a failure that just ended set its wait before freeing it.
      const wait = await waits.get(key);
      if (wait && wait.msBeforeNext > 0) {
        await inFlight.delete(key);
        await refundAddress();
        return { ok: false, reason: 'delay', retryAfterMs: wait.msBeforeNext };
      }

      return {
        ok: true,
        async succeeded() {
          await failures.delete(key);
          await inFlight.delete(key);
          await refundAddress();
        },
        async failed() {
          const { consumedPoints } = await failures.penalty(key);
          const delay = delayAfterFailures(consumedPoints, freeFailures, maxDelaySeconds);
          if (delay > 0) await waits.block(key, delay);
          await inFlight.delete(key);
        },
        async abandoned() {
          await inFlight.delete(key);
          await refundAddress();
        },
      };
    },
  };
}

export type LoginGuard = ReturnType<typeof createLoginGuard>;
