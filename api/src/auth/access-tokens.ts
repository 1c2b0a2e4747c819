import { createSecretKey } from 'node:crypto';
import jwt from 'jsonwebtoken';

/** Who an access token speaks for. */
export interface AdminClaims {
  id: string;
  email: string;
}

export interface AccessTokens {
  sign(admin: AdminClaims): string;
  verify(token: string): AdminClaims | null;
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
        if (typeof payload === 'string' || !payload.sub || typeof payload.email !== 'string') return null;
        return { id: payload.sub, email: payload.email };
      } catch {
        return null;
      }
    },
  };
}
