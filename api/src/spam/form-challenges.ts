import { createHash, createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
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
  check(payload: string, now: Date): Promise<ProofVerdict>;
}

interface SentPayload {
  challenge: Challenge;
  solution: Solution;
}

/**
 * ALTCHA challenges (altcha-lib, deterministic mode): the server knows the answer's key and signs
 * it, so checking a solution is two HMACs, never the work itself.
 */
export function createFormChallenges(config: FormGuardConfig): FormChallenges {
  const hmacSignatureSecret = config.hmacKey;
  const hmacKeySignatureSecret = createHmac('sha256', config.hmacKey).update('altcha key signature').digest('base64url');
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

    async check(text, now) {
      const sent = readPayload(text);
      if (!sent) return { ok: false, refusal: 'invalid' };
      const result = await verifySolution({ ...sent, deriveKey, hmacSignatureSecret, hmacKeySignatureSecret }).catch(() => null);
      const { issuedAt, expiresAt } = sent.challenge.parameters.data ?? {};
      if (!result?.verified || typeof issuedAt !== 'number' || typeof expiresAt !== 'number')
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
