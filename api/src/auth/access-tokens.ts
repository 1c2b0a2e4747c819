import { createSecretKey } from 'node:crypto';
import type { Role } from '@sourcing/shared';
import jwt from 'jsonwebtoken';
import { ACCESS_TOKEN_TTL_SECONDS } from './access-token-lifetime';
import type { SessionCheck } from './session-states';

/** Who an access token speaks for. */
export interface AdminClaims {
  id: string;
  email: string;
}

/** A signed-in admin as the routes see them: the token's claims and the account's current role. */
export interface SignedInAdmin extends AdminClaims {
  role: Role;
}

/** A valid access token: who it speaks for, its session (refresh-token family) and when it stops being valid (epoch ms). */
export interface VerifiedToken {
  admin: SignedInAdmin;
  sessionId: string | null;
  expiresAt: number;
}

export interface AccessTokens {
  /** A token for the admin; `sessionId` is the refresh-token family it belongs to (absent only in tests and tools). */
  sign(admin: AdminClaims, sessionId?: string): string;
  /**
   * The one check of an access token (bearer header, signed-in downloads, the realtime socket):
   * signature and expiry, then the account (not disabled) and the session (not revoked).
   */
  verify(token: string): VerifiedToken | null;
}

export interface AccessTokenOptions {
  /** Accounts and revoked sessions, from memory (session-states.ts). */
  sessions: SessionCheck;
  ttlSeconds?: number;
}

/** Short-lived HS256 JWTs carried as bearer tokens (and as the realtime socket's subprotocol). */
export function createAccessTokens(
  secret: string,
  { sessions, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS }: AccessTokenOptions,
): AccessTokens {
  // Made once: given the string, jsonwebtoken would first try (and fail, throwing) to parse it as
  // a public key on every call, the largest CPU cost of an admin request in the benchmark.
  const key = createSecretKey(Buffer.from(secret));
  return {
    sign: (admin, sessionId) =>
      jwt.sign({ email: admin.email, ...(sessionId ? { sid: sessionId } : {}) }, key, {
        algorithm: 'HS256',
        subject: admin.id,
        expiresIn: ttlSeconds,
        audience: 'admin',
      }),
    verify(token) {
      let payload: string | jwt.JwtPayload;
      try {
        payload = jwt.verify(token, key, { algorithms: ['HS256'], audience: 'admin' });
      } catch {
        return null;
      }
      if (typeof payload === 'string' || !payload.sub || typeof payload.email !== 'string' || !payload.exp) return null;
      const sessionId = typeof payload.sid === 'string' ? payload.sid : null;
      const role = sessions.roleOf(payload.sub, sessionId);
      if (!role) return null;
      return { admin: { id: payload.sub, email: payload.email, role }, sessionId, expiresAt: payload.exp * 1000 };
    },
  };
}
