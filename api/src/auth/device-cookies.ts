import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { normaliseEmail } from './admin-accounts';

export const DEVICE_COOKIE = 'sourcing_device';
export const DEVICE_COOKIE_TTL_MS = 180 * 24 * 60 * 60 * 1000;

export interface DeviceCookies {
  /** A new cookie value binding this browser to the account that just signed in. */
  issue(email: string): string;
  /** The device the cookie names when it was issued for this e-mail, else null. */
  deviceOf(cookie: string | undefined, email: string): string | null;
}

/**
 * OWASP's device cookies: a browser that signed in to an account gets a signed cookie for it, and
 * its later attempts on that account are throttled under the cookie rather than under the network
 * address, so passwords mistyped by someone else in the same office cannot hold its owner back.
 */
export function createDeviceCookies(secret: string): DeviceCookies {
  const key = `device:${secret}`;
  const signature = (email: string, device: string) =>
    createHmac('sha256', key)
      .update(`${normaliseEmail(email)}\n${device}`)
      .digest('base64url');
  return {
    issue(email) {
      const device = randomBytes(18).toString('base64url');
      return `${device}.${signature(email, device)}`;
    },
    deviceOf(cookie, email) {
      const [device, given, ...rest] = (cookie ?? '').split('.');
      if (!device || !given || rest.length) return null;
      const expected = Buffer.from(signature(email, device));
      const actual = Buffer.from(given);
      return expected.length === actual.length && timingSafeEqual(expected, actual) ? device : null;
    },
  };
}
