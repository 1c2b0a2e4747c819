import { FORM_PROOF_HEADER, HONEYPOT_FIELD, SPAM_CHECK_MESSAGES, type SpamRefusal } from '@sourcing/shared';
import type { Middleware } from 'koa';
import type { Database } from '../db/database';
import type { FormGuardConfig } from '../config';
import { HttpError } from '../http/errors';
import { createFormChallenges, type FormChallenges } from './form-challenges';
import { createUsedProofs } from './used-proofs';

export interface FormGuard {
  challenges: FormChallenges;
  /** Before the body (and its files) is read: a fresh, solved challenge, used once. */
  proof: Middleware;
  /** Once the form is read: the honeypot field is empty. */
  honeypot: Middleware;
}

const refuse = (refusal: SpamRefusal) => new HttpError(400, SPAM_CHECK_MESSAGES[refusal]);

/**
 * The spam check of every public submission (docs/forms.md#spam-protection), nothing sent to any
 * third party: an ALTCHA proof of work in the X-Altcha header, issued at least FORM_MIN_FILL_SECONDS
 * earlier and accepted once across replicas, and an empty honeypot. A refusal is a 400 and stores nothing.
 */
export function createFormGuard(config: FormGuardConfig, db: Pick<Database, 'all' | 'run'>, now: () => Date): FormGuard {
  const challenges = createFormChallenges(config);
  const used = createUsedProofs(db);
  return {
    challenges,
    proof: async (ctx, next) => {
      const payload = ctx.get(FORM_PROOF_HEADER).trim();
      if (!payload) throw refuse('missing');
      const at = now();
      const verdict = challenges.check(payload, at);
      if (!verdict.ok) throw refuse(verdict.refusal);
      if (!(await used.claim(verdict.proof, at))) throw refuse('used');
      await next();
    },
    honeypot: async (ctx, next) => {
      const body = ((ctx.request as { body?: unknown }).body ?? {}) as Record<string, unknown>;
      const value = body[HONEYPOT_FIELD];
      if (value !== undefined && value !== '') throw refuse('honeypot');
      await next();
    },
  };
}
