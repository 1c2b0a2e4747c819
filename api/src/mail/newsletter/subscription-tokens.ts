import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a confirmation link works. */
export const CONFIRMATION_TTL_SECONDS = 7 * 24 * 60 * 60;

export type TokenPurpose = 'confirm' | 'unsubscribe';

/**
 * Signed subscriber tokens: `<id>.<expires unix s>.<hmac>`. A confirmation token expires; an
 * unsubscribe token (expires 0) works as long as the address is on the list, as RFC 8058 wants.
 */
export function createSubscriptionTokens(secret: string, now: () => Date) {
  const key = `newsletter:${secret}`;
  const signature = (purpose: TokenPurpose, id: string, expires: number) =>
    createHmac('sha256', key).update(`${purpose}\n${id}\n${expires}`).digest('base64url');
  return {
    sign(purpose: TokenPurpose, id: string): string {
      const expires = purpose === 'confirm' ? Math.floor(now().getTime() / 1000) + CONFIRMATION_TTL_SECONDS : 0;
      return `${id}.${expires}.${signature(purpose, id, expires)}`;
    },
    /** The subscriber id of a valid, unexpired token, else null. */
    verify(purpose: TokenPurpose, token: unknown): string | null {
      if (typeof token !== 'string') return null;
      const match = /^([0-9a-f-]{36})\.(\d{1,12})\.([\w-]{43})$/i.exec(token);
      if (!match) return null;
      const [, id, expiresText, sig] = match;
      const expires = Number(expiresText);
      if (purpose === 'confirm' ? expires * 1000 < now().getTime() : expires !== 0) return null;
      const expected = Buffer.from(signature(purpose, id, expires));
      const given = Buffer.from(sig);
      return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
    },
  };
}

export type SubscriptionTokens = ReturnType<typeof createSubscriptionTokens>;
