import type { Role } from '@sourcing/shared';
import { MoreThanOrEqual } from 'typeorm';
import type { Database } from '../db/database';
import type { Logger } from '../http/logger';
import { ACCESS_TOKEN_TTL_SECONDS } from './access-token-lifetime';
import { AdminEntity, RefreshTokenEntity } from './schema';

/** How often each replica re-reads accounts and revoked sessions: the most a revocation waits elsewhere. */
export const SESSION_STATES_REFRESH_MS = 2000;

/** The one question the access-token check asks on every request; answered from memory. */
export interface SessionCheck {
  /** The account's current role, or null when it is unknown or disabled, or this session was revoked. */
  roleOf(adminId: string, sessionId: string | null): Role | null;
}

export interface SessionStates extends SessionCheck {
  /** Reads the database now; called at start and after a change made on this replica. */
  refresh(): Promise<void>;
  /**
   * Before a token is issued for an account just read from the database (a sign-in, a refresh):
   * reads the states again unless they already hold it with this role. An account made or changed
   * elsewhere (the admin CLI, another replica) would otherwise have its first tokens refused here
   * until the next periodic read.
   */
  catchUpWith(adminId: string, role: Role): Promise<void>;
  /** Called after each read, so open sockets of sessions now refused can be closed. */
  onChange(listener: () => void): () => void;
  close(): void;
}

interface SessionStatesOptions {
  logger: Logger;
  refreshMs?: number;
  now?: () => number;
}

/**
 * Accounts (role, disabled) and sessions revoked while their access tokens may still be alive,
 * cached per process and re-read every couple of seconds (docs/sessions.md). Both are small: the
 * staff, and the sessions ended in the last access-token lifetime. So a request never waits on the
 * database for this, and every replica refuses a revoked session within a refresh period.
 */
export function createSessionStates(db: Pick<Database, 'reads'>, options: SessionStatesOptions): SessionStates {
  const now = options.now ?? Date.now;
  // An access token outlives its session's revocation by at most its lifetime; a minute of slack for clocks.
  const remembered = (ACCESS_TOKEN_TTL_SECONDS + 60) * 1000;
  let accounts = new Map<string, Role | null>();
  let revoked = new Set<string>();
  const listeners = new Set<() => void>();
  let reading: Promise<void> | null = null;
  let readAgain = false;

  async function read(): Promise<void> {
    const [admins, tokens] = await Promise.all([
      db.reads.getRepository(AdminEntity).find({ select: { id: true, role: true, disabledAt: true } }),
      db.reads.getRepository(RefreshTokenEntity).find({
        select: { familyId: true },
        where: { revokedAt: MoreThanOrEqual(now() - remembered) },
      }),
    ]);
    accounts = new Map(admins.map((a) => [a.id, a.disabledAt === null ? a.role : null]));
    revoked = new Set(tokens.map((t) => t.familyId));
    for (const listener of listeners) listener();
  }

  /** Single-flight, but a call made during a read gets a read that starts after it. */
  function refresh(): Promise<void> {
    if (reading) {
      readAgain = true;
      return reading;
    }
    reading = (async () => {
      try {
        do {
          readAgain = false;
          await read();
        } while (readAgain);
      } finally {
        reading = null;
      }
    })();
    return reading;
  }

  const timer = setInterval(() => {
    refresh().catch((error: unknown) =>
      // The last known states stay in force until the database answers again.
      options.logger.error('reading session states failed', { error: error instanceof Error ? error.message : String(error) }),
    );
  }, options.refreshMs ?? SESSION_STATES_REFRESH_MS);
  timer.unref();

  return {
    roleOf(adminId, sessionId) {
      if (sessionId !== null && revoked.has(sessionId)) return null;
      return accounts.get(adminId) ?? null;
    },
    refresh,
    catchUpWith: (adminId, role) => (accounts.get(adminId) === role ? Promise.resolve() : refresh()),
    onChange(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    close() {
      clearInterval(timer);
      listeners.clear();
    },
  };
}
