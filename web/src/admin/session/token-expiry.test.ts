import { describe, expect, it } from 'vitest';
import { msUntilRenewal, RENEW_BEFORE_EXPIRY_MS, tokenExpiresAt } from './token-expiry';

const jwtWith = (payload: object) =>
  `header.${btoa(JSON.stringify(payload)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.signature`;

describe('tokenExpiresAt', () => {
  it('reads exp (seconds) of a JWT as milliseconds', () => {
    expect(tokenExpiresAt(jwtWith({ sub: 'a', exp: 1_700_000_000 }))).toBe(1_700_000_000_000);
  });

  it('is null without exp or for something that is not a JWT', () => {
    expect(tokenExpiresAt(jwtWith({ sub: 'a' }))).toBeNull();
    expect(tokenExpiresAt('opaque-token')).toBeNull();
    expect(tokenExpiresAt('a.!!!.c')).toBeNull();
  });
});

describe('msUntilRenewal', () => {
  const exp = 1_700_000_900;
  const token = jwtWith({ exp });

  it('renews a minute before expiry', () => {
    expect(msUntilRenewal(token, exp * 1000 - 15 * 60_000)).toBe(15 * 60_000 - RENEW_BEFORE_EXPIRY_MS);
  });

  it('is due at once when the token is about to expire or already has', () => {
    expect(msUntilRenewal(token, exp * 1000 - 10_000)).toBe(0);
    expect(msUntilRenewal(token, exp * 1000 + 10_000)).toBe(0);
  });

  it('is null for a token without expiry', () => {
    expect(msUntilRenewal('opaque', 0)).toBeNull();
  });
});
