/** The proof check against altcha-lib's own verifySolution: the same verdict for a solved challenge and every forgery. */
import { solveChallenge, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { beforeAll, describe, expect, it } from 'vitest';
import { proofPayload } from '../test/form-proof';
import { createFormChallenges, signingSecrets } from './form-challenges';

const KEY = 'form-challenges-test-key';
const config = { hmacKey: KEY, cost: 1, maxNumber: 20, expireMinutes: 60, minFillSeconds: 0 };
const ISSUED = new Date('2026-11-25T10:00:00Z');
const CHECKED = new Date(ISSUED.getTime() + 10_000);

type Case = { challenge: Challenge; solution: unknown };

describe('the spam-check proof check', () => {
  const challenges = createFormChallenges(config);
  let solved: Case;
  let other: Case;

  const solve = async (challenge: Challenge): Promise<Case> => {
    const solution = await solveChallenge({ challenge, deriveKey });
    if (!solution) throw new Error('not solved');
    return { challenge, solution };
  };
  beforeAll(async () => {
    solved = await solve(await challenges.issue(ISSUED));
    other = await solve(await challenges.issue(ISSUED));
  });

  const ours = ({ challenge, solution }: Case) => challenges.check(proofPayload(challenge, solution), CHECKED).ok;
  const library = ({ challenge, solution }: Case) =>
    verifySolution({ challenge, solution: solution as Solution, deriveKey, ...signingSecrets(KEY) }).then(
      (result) => result.verified,
      () => false,
    );
  const withParameters = (change: (parameters: Record<string, unknown>) => Record<string, unknown>): Case => ({
    challenge: {
      ...solved.challenge,
      parameters: change({ ...solved.challenge.parameters }) as unknown as Challenge['parameters'],
    },
    solution: solved.solution,
  });
  const withSolution = (change: Record<string, unknown>): Case => ({
    challenge: solved.challenge,
    solution: { ...(solved.solution as object), ...change },
  });

  it('accepts a solved challenge, as the library does, whatever the order of its parameters', async () => {
    const reordered = withParameters((p) => Object.fromEntries(Object.entries(p).reverse()));
    for (const sent of [solved, other, reordered]) {
      expect(ours(sent)).toBe(true);
      expect(await library(sent)).toBe(true);
    }
  });

  it('refuses every forgery the library refuses', async () => {
    const key = (solved.solution as Solution).derivedKey;
    const signature = solved.challenge.signature!;
    const forged: Record<string, Case> = {
      "another challenge's key": withSolution({ derivedKey: (other.solution as Solution).derivedKey }),
      'the key in capitals': withSolution({ derivedKey: key.toUpperCase() }),
      'half a byte more': withSolution({ derivedKey: `${key}0` }),
      'no key': withSolution({ derivedKey: '' }),
      'a counter below zero': withSolution({ counter: -1 }),
      'a fractional counter': withSolution({ counter: 1.5 }),
      'a counter past 32 bits': withSolution({ counter: 2 ** 32 }),
      'an earlier issue time': withParameters((p) => ({ ...p, data: { ...(p.data as object), issuedAt: 0 } })),
      'a later expiry': withParameters((p) => ({ ...p, data: { ...(p.data as object), expiresAt: 9e15 } })),
      'no key signature': withParameters(({ keySignature: _dropped, ...p }) => p),
      'a parameter added': withParameters((p) => ({ ...p, extra: 1 })),
      'a signature changed': {
        ...solved,
        challenge: { ...solved.challenge, signature: `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}` },
      },
      'a signature in capitals': { ...solved, challenge: { ...solved.challenge, signature: signature.toUpperCase() } },
      'a signature cut short': { ...solved, challenge: { ...solved.challenge, signature: signature.slice(0, 32) } },
    };
    for (const [name, sent] of Object.entries(forged)) {
      expect([name, await library(sent)]).toEqual([name, false]);
      expect([name, ours(sent)]).toEqual([name, false]);
    }
  });

  it('refuses what another key signed', async () => {
    const foreign = createFormChallenges({ ...config, hmacKey: 'another-servers-key-0123' });
    const sent = await solve(await foreign.issue(ISSUED));
    expect(ours(sent)).toBe(false);
    expect(await library(sent)).toBe(false);
  });
});
