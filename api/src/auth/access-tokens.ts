import { createSecretKey } from 'node:crypto';
import jwt from 'jsonwebtoken';

/** Who an access token speaks for. */
export interface AdminClaims {
  id: string;
  email: string;
}

/** A valid access token: who it speaks for and when it stops being valid (epoch ms). */
export interface VerifiedToken {
  admin: AdminClaims;
  expiresAt: number;
}

export interface AccessTokens {
  sign(admin: AdminClaims): string;
  /** The one check of an access token (bearer header, signed-in downloads, the realtime socket). */
  verify(token: string): VerifiedToken | null;
}

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

/** Short-lived HS256 JWTs carried as bearer tokens (and as the realtime socket's subprotocol). */
export function createAccessTokens(secret: string, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): AccessTokens {
  // Made once: given the string, jsonwebtoken would first try (and fail, throwing) to parse it as
  // a public key on every call, the largest CPU cost of an admin request in the benchmark.
  const key = createSecretKey(Buffer.from(secret));
  return {
    sign: (admin) =>
      jwt.sign({ email: admin.email }, key, {
        algorithm: 'HS256',
        subject: admin.id,
        expiresIn: ttlSeconds,
        audience: 'admin',
      }),
    verify(token) {
      try {
        const payload = jwt.verify(token, key, { algorithms: ['HS256'], audience: 'admin' });
        if (typeof payload === 'string' || !payload.sub || typeof payload.email !== 'string' || !payload.exp) return null;
        return { admin: { id: payload.sub, email: payload.email }, expiresAt: payload.exp * 1000 };
      } catch {
        return null;
      }
    },
  };
}
