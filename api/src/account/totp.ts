import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
const PERIOD_SECONDS = 30;
/** A code of the step before or after the current one still counts (a phone's clock a little off, a code typed as it changed). */
export const TOTP_WINDOW = 1;
const ISSUER = 'Indus Global Sourcing';

const totpOf = (secret: string, email = '') =>
  new TOTP({
    issuer: ISSUER,
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

/** A new 160-bit secret (RFC 4226's recommended length), base32 as authenticator apps take it. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** The otpauth:// URI the QR code holds, and that QR code as an SVG data URL (allowed by the admin's CSP: img-src data:). */
export async function totpEnrolment(secret: string, email: string) {
  const uri = totpOf(secret, email).toString();
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** The time step the code belongs to (within the window around `at`), or null for a wrong code. */
export function totpStepOf(secret: string, code: string, at: number): number | null {
  const totp = totpOf(secret);
  const delta = totp.validate({ token: code, timestamp: at, window: TOTP_WINDOW });
  return delta === null ? null : totp.counter({ timestamp: at }) + delta;
}

/** The code of the step at `at` (tests, like an authenticator app). */
export const totpCodeAt = (secret: string, at: number) => totpOf(secret).generate({ timestamp: at });

export const RECOVERY_CODE_COUNT = 10;
/** 32 letters and digits without the easily confused l, o, 0 and 1: ten of them are 50 bits. */
const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** 'k7m2p-x9qrt': ten characters shown in two groups. */
export function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** A recovery code as typed (any case, with or without the hyphen or spaces) in the form it is hashed. */
export const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
