import { createSecretBox, type SecretBox } from '../account/secret-box';
import { createBoundedQueue, type BoundedQueue } from '../limits/bounded-queue';
import type { LimiterFactory } from '../limits/limiters';
import type { Database } from '../db/database';
import type { AccessTokens } from './access-tokens';
import { createDeviceCookies, type DeviceCookies } from './device-cookies';
import { createLoginGuard, type LoginGuard } from './login-guard';
import { decoyHash, type ScryptCost } from './passwords';
import { createRefreshTokens, type RefreshTokens } from './refresh-tokens';
import type { SessionStates } from './session-states';
import { createSignInTickets, type SignInTickets } from './sign-in-tickets';

/** Who must sign in with a second factor (REQUIRE_2FA): nobody, owners, or every account. */
export type TwoFactorPolicy = 'off' | 'owners' | 'all';

export interface AdminAuthOptions {
  /** 'none' lets the desktop app (another origin) send the cookie; it needs HTTPS. */
  cookieSameSite: 'lax' | 'strict' | 'none';
  /** The server's JWT_SECRET: signs device cookies and sign-in tickets, and keys the secrets kept in the database. */
  secret: string;
  /** Origins besides the site's own whose pages may use the session endpoints (PUBLIC_URL, CORS_ORIGINS). */
  trustedOrigins: string[];
  limiters: LimiterFactory;
  /** Failed password checks per client address per 15 minutes, across e-mails. */
  loginFailuresPerAddress: number;
  /** Failures of one account from one address (or device) before waits begin, and the longest wait. */
  loginFreeFailures: number;
  loginMaxDelaySeconds: number;
  /** Password hashes computed at once, and how many more may wait, so sign-ins never take libuv's whole thread pool. */
  hashConcurrency: number;
  hashQueue: number;
  requireTwoFactor: TwoFactorPolicy;
  /** scrypt cost of the decoy hash (that of stored hashes); tests pass a small one. */
  scryptCost?: ScryptCost;
  /** Window in which a reused refresh token counts as two tabs refreshing at once (default 10 s). */
  refreshGraceMs?: number;
  /** The clock of authenticator codes (epoch ms); tests inject one. */
  now?: () => number;
}

export interface AdminAuth {
  db: Database;
  tokens: AccessTokens;
  sessions: Pick<SessionStates, 'catchUpWith'>;
  refreshTokens: RefreshTokens;
  /** Password checks: at sign-in, and when a signed-in admin confirms a change with theirs. */
  guard: LoginGuard;
  /** The second step of a sign-in (authenticator or recovery code), throttled like the password but counted apart. */
  secondStepGuard: LoginGuard;
  devices: DeviceCookies;
  tickets: SignInTickets;
  secrets: SecretBox;
  hashing: BoundedQueue;
  /** Checked against when the e-mail is unknown, so timing does not reveal accounts. */
  decoy: Promise<string>;
  now: () => number;
  options: AdminAuthOptions;
}

export function createAdminAuth(
  db: Database,
  tokens: AccessTokens,
  sessions: AdminAuth['sessions'],
  options: AdminAuthOptions,
): AdminAuth {
  const guard = (name: string) =>
    createLoginGuard({
      name,
      limiters: options.limiters,
      failuresPerAddress: options.loginFailuresPerAddress,
      freeFailures: options.loginFreeFailures,
      maxDelaySeconds: options.loginMaxDelaySeconds,
    });
  return {
    db,
    tokens,
    sessions,
    refreshTokens: createRefreshTokens(db, { graceMs: options.refreshGraceMs }),
    guard: guard('login'),
    secondStepGuard: guard('second-step'),
    devices: createDeviceCookies(options.secret),
    tickets: createSignInTickets(options.secret),
    secrets: createSecretBox(options.secret),
    hashing: createBoundedQueue({ concurrency: options.hashConcurrency, maxWaiting: options.hashQueue }),
    decoy: decoyHash(options.scryptCost),
    now: options.now ?? Date.now,
    options,
  };
}
