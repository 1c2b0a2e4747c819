import { API_PATHS, API_PREFIX, FORM_PROOF_HEADER } from '@sourcing/shared';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { AppDeps } from '../app-deps';
import { createFormChallenges } from '../spam/form-challenges';

/** A server in this process (its challenges can be issued at any time) or only its address. */
export type ProofSource = { deps: Pick<AppDeps, 'formGuard' | 'now'> } | { url: string };

/** What the widget sends for a solved challenge. */
export function proofPayload(challenge: Challenge, solution: unknown): string {
  const sent = { challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution };
  return Buffer.from(JSON.stringify(sent)).toString('base64');
}

/**
 * A challenge of the server's, solved as the widget solves it (tests run with a small ALTCHA_COST and
 * ALTCHA_MAX_NUMBER). In process it is issued a minute before the server's now, as for a visitor who
 * took a minute over the form; otherwise it comes from GET /api/challenge.
 */
export async function solvedProof(source: ProofSource, issuedAt?: Date): Promise<string> {
  const challenge =
    'deps' in source
      ? await source.deps.formGuard.challenges.issue(issuedAt ?? new Date(source.deps.now().getTime() - 60_000))
      : ((await (await fetch(`${source.url}${API_PREFIX}${API_PATHS.formChallenge}`)).json()) as Challenge);
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the challenge was not solved');
  return proofPayload(challenge, solution);
}

/** `init` with a freshly solved proof in its headers: a public form as the site sends it. */
export async function withProof(source: ProofSource, init: RequestInit): Promise<RequestInit> {
  return {
    ...init,
    headers: { ...(init.headers as Record<string, string> | undefined), [FORM_PROOF_HEADER]: await solvedProof(source) },
  };
}

/**
 * Challenges issued in this process with a server's ALTCHA_HMAC_KEY (as cheap as ALTCHA_COST=1 and
 * ALTCHA_MAX_NUMBER=20 make them): what a benchmark needs to solve thousands without asking the server.
 */
export function proofSourceForKey(hmacKey: string): ProofSource {
  const challenges = createFormChallenges({ hmacKey, cost: 1, maxNumber: 20, expireMinutes: 60, minFillSeconds: 0 });
  return { deps: { formGuard: { challenges } as AppDeps['formGuard'], now: () => new Date() } };
}
