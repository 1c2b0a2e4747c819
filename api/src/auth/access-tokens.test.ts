import { describe, expect, it } from 'vitest';
import { createAccessTokens } from './access-tokens';

const SECRET = 'access-token-test-secret-0123456789';
const ADMIN = { id: '00000000-0000-4000-8000-000000000009', email: 'ops@example.com' };

describe('access tokens', () => {
  it('verify answers who the token speaks for and when it expires', () => {
    const tokens = createAccessTokens(SECRET, 600);
    const before = Date.now();
    const verified = tokens.verify(tokens.sign(ADMIN));
    expect(verified?.admin).toEqual(ADMIN);
    expect(verified!.expiresAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 600_000);
    expect(verified!.expiresAt).toBeLessThanOrEqual(Date.now() + 600_000);
  });

  it('refuses a token of another secret, a tampered one and an expired one', () => {
    const tokens = createAccessTokens(SECRET);
    expect(tokens.verify(createAccessTokens(`${SECRET}-other`).sign(ADMIN))).toBeNull();
    const [head, , sig] = tokens.sign(ADMIN).split('.');
    const forged = Buffer.from(JSON.stringify({ sub: ADMIN.id, email: 'boss@example.com', aud: 'admin' })).toString('base64url');
    expect(tokens.verify(`${head}.${forged}.${sig}`)).toBeNull();
    expect(createAccessTokens(SECRET, -1).verify(createAccessTokens(SECRET, -1).sign(ADMIN))).toBeNull();
  });
});
