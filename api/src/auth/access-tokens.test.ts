import type { Role } from '@sourcing/shared';
import { describe, expect, it } from 'vitest';
import { createAccessTokens } from './access-tokens';
import type { SessionCheck } from './session-states';

const SECRET = 'access-token-test-secret-0123456789';
const ADMIN = { id: '00000000-0000-4000-8000-000000000009', email: 'ops@example.com' };

/** Accounts by id (null: disabled) and revoked sessions, as session-states.ts would hold them. */
function sessionsOf(accounts: Record<string, Role | null>, revoked: string[] = []): SessionCheck {
  return {
    roleOf: (adminId, sessionId) => (sessionId && revoked.includes(sessionId) ? null : (accounts[adminId] ?? null)),
  };
}
const sessions = sessionsOf({ [ADMIN.id]: 'agent' });

describe('access tokens', () => {
  it('verify answers who the token speaks for, their current role, the session and when it expires', () => {
    const tokens = createAccessTokens(SECRET, { sessions, ttlSeconds: 600 });
    const before = Date.now();
    const verified = tokens.verify(tokens.sign(ADMIN, 'session-1'));
    expect(verified?.admin).toEqual({ ...ADMIN, role: 'agent' });
    expect(verified?.sessionId).toBe('session-1');
    expect(verified!.expiresAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 600_000);
    expect(verified!.expiresAt).toBeLessThanOrEqual(Date.now() + 600_000);
    expect(tokens.verify(tokens.sign(ADMIN))?.sessionId).toBeNull();
  });

  it('refuses a token of another secret, a tampered one and an expired one', () => {
    const tokens = createAccessTokens(SECRET, { sessions });
    expect(tokens.verify(createAccessTokens(`${SECRET}-other`, { sessions }).sign(ADMIN))).toBeNull();
    const [head, , sig] = tokens.sign(ADMIN).split('.');
    const forged = Buffer.from(JSON.stringify({ sub: ADMIN.id, email: 'boss@example.com', aud: 'admin' })).toString('base64url');
    expect(tokens.verify(`${head}.${forged}.${sig}`)).toBeNull();
    const expired = createAccessTokens(SECRET, { sessions, ttlSeconds: -1 });
    expect(expired.verify(expired.sign(ADMIN))).toBeNull();
  });

  it('refuses a valid token of a revoked session, of a disabled account and of an unknown one', () => {
    const signer = createAccessTokens(SECRET, { sessions });
    const check = (states: SessionCheck, token: string) => createAccessTokens(SECRET, { sessions: states }).verify(token);
    expect(check(sessionsOf({ [ADMIN.id]: 'owner' }, ['gone']), signer.sign(ADMIN, 'gone'))).toBeNull();
    expect(check(sessionsOf({ [ADMIN.id]: 'owner' }, ['gone']), signer.sign(ADMIN, 'live'))?.admin.role).toBe('owner');
    expect(check(sessionsOf({ [ADMIN.id]: null }), signer.sign(ADMIN, 'live'))).toBeNull();
    expect(check(sessionsOf({}), signer.sign(ADMIN, 'live'))).toBeNull();
  });
});
