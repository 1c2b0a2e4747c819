/** When to renew a short-lived access token (a JWT) so API calls never carry an expired one. */

/** Milliseconds before expiry at which the token is renewed. */
export const RENEW_BEFORE_EXPIRY_MS = 60_000;

/** Expiry time (ms since epoch) of a JWT, or null when it has none or is not a JWT. */
export function tokenExpiresAt(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json = JSON.parse(atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='))) as { exp?: unknown };
    return typeof json.exp === 'number' ? json.exp * 1000 : null;
  } catch {
    return null;
  }
}

/** Milliseconds from `now` until the token should be renewed (0 when due), or null if it never expires. */
export function msUntilRenewal(token: string, now: number): number | null {
  const expiresAt = tokenExpiresAt(token);
  if (expiresAt === null) return null;
  return Math.max(0, expiresAt - RENEW_BEFORE_EXPIRY_MS - now);
}
