import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createChallenge, randomInt, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { SpamRefusal } from '@sourcing/shared';
import type { FormGuardConfig } from '../config';

/** PBKDF2 runs natively in the browser's Web Crypto (the widget's default). */
const ALGORITHM = 'PBKDF2/SHA-256';

/** A solution that checked out: its key in the used-proof store and until when it must stay there. */
export interface AcceptedProof {
  key: string;
  expiresAt: Date;
}

export type ProofVerdict = { ok: true; proof: AcceptedProof } | { ok: false; refusal: SpamRefusal };

export interface FormChallenges {
  /** A signed challenge that remembers when it was issued (the start of the visitor's form). */
  issue(issuedAt: Date): Promise<Challenge>;
  /** Checks the widget's payload at `now`: signature, solution, expiry and how long the form took. */
  check(payload: string, now: Date): ProofVerdict;
}

interface SentPayload {
  challenge: Challenge;
  solution: Solution;
}

/** The two secrets a challenge is signed with (its parameters, and the answer's key), from ALTCHA_HMAC_KEY. */
export function signingSecrets(hmacKey: string) {
  return {
    hmacSignatureSecret: hmacKey,
    hmacKeySignatureSecret: createHmac('sha256', hmacKey).update('altcha key signature').digest('base64url'),
  };
}

/**
 * ALTCHA challenges (altcha-lib, deterministic mode): the server knows the answer's key and signs
 * it, so checking a solution is two HMACs, never the work itself (`isSolved`).
 */
export function createFormChallenges(config: FormGuardConfig): FormChallenges {
  const { hmacSignatureSecret, hmacKeySignatureSecret } = signingSecrets(config.hmacKey);
  const expireMs = config.expireMinutes * 60_000;

  return {
    issue: (issuedAt) =>
      createChallenge({
        algorithm: ALGORITHM,
        cost: config.cost,
        counter: randomInt(Math.ceil(config.maxNumber / 2), config.maxNumber),
        deriveKey,
        // Both times signed with the challenge and read with the server's clock (altcha-lib's own
        // `expiresAt` would be checked against the machine's clock instead).
        data: { issuedAt: issuedAt.getTime(), expiresAt: issuedAt.getTime() + expireMs },
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      }),

    check(text, now) {
      const sent = readPayload(text);
      if (!sent) return { ok: false, refusal: 'invalid' };
      const { issuedAt, expiresAt } = sent.challenge.parameters.data ?? {};
      if (
        !isSolved(sent, hmacSignatureSecret, hmacKeySignatureSecret) ||
        typeof issuedAt !== 'number' ||
        typeof expiresAt !== 'number'
      )
        return { ok: false, refusal: 'invalid' };
      if (expiresAt <= now.getTime()) return { ok: false, refusal: 'expired' };
      if (now.getTime() - issuedAt < config.minFillSeconds * 1000) return { ok: false, refusal: 'tooFast' };
      const key = createHash('sha256').update(sent.challenge.signature!).digest('hex');
      return { ok: true, proof: { key, expiresAt: new Date(expiresAt) } };
    },
  };
}

/** The widget's payload: base64 of `{ challenge, solution }`; null when it is anything else. */
function readPayload(text: string): SentPayload | null {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64').toString('utf8'));
  } catch {
    return null;
  }
  const { challenge, solution } = (value ?? {}) as Partial<SentPayload>;
  const wellFormed =
    typeof challenge?.signature === 'string' &&
    typeof challenge.parameters === 'object' &&
    challenge.parameters !== null &&
    typeof solution?.counter === 'number' &&
    typeof solution.derivedKey === 'string';
  return wellFormed ? { challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution } : null;
}

const HEX_BYTES = /^(?:[0-9a-f]{2})+$/;
const MAX_COUNTER = 0xffffffff;

/**
 * altcha-lib's `verifySolution` for a challenge issued above (its signature check, then the
 * solution's key against the signed key: steps 3 and 4a of the library), with node:crypto's
 * HMAC instead of Web Crypto's: the library runs four Web Crypto jobs per check, each an async
 * round through Node's crypto job queue, where the same two HMACs in node:crypto take microseconds.
 * `form-challenges.test.ts` holds this to the library's verdicts. A challenge without a key
 * signature is refused: this server signs every one, and the signature covers it, so it can be
 * neither removed nor forged.
 */
function isSolved({ challenge, solution }: SentPayload, signatureSecret: string, keySecret: string): boolean {
  const signed = hmacHex(signatureSecret, JSON.stringify(sortedKeys(challenge.parameters)));
  if (!sameText(challenge.signature!, signed)) return false;
  const { keySignature } = challenge.parameters;
  if (typeof keySignature !== 'string' || !HEX_BYTES.test(solution.derivedKey)) return false;
  if (!Number.isInteger(solution.counter) || solution.counter < 0 || solution.counter > MAX_COUNTER) return false;
  return sameText(keySignature, hmacHex(keySecret, Buffer.from(solution.derivedKey, 'hex')));
}

const hmacHex = (secret: string, data: string | Buffer) => createHmac('sha256', secret).update(data).digest('hex');

function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The JSON altcha-lib signs: object keys sorted at every depth, undefined values left out. */
function sortedKeys(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const entries = Object.keys(value)
    .sort()
    .flatMap((key) => {
      const item = (value as Record<string, unknown>)[key];
      return item === undefined ? [] : [[key, sortedKeys(item)] as const];
    });
  return Object.fromEntries(entries);
}
