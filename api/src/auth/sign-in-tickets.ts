import { createSecretKey } from 'node:crypto';
import jwt from 'jsonwebtoken';

/** A ticket is good for this long: time to open the authenticator app and type a code. */
export const SIGN_IN_TICKET_TTL_SECONDS = 5 * 60;

/** What the ticket is for: a code of the account's authenticator, or setting one up first (REQUIRE_2FA). */
export type TicketStage = 'totp' | 'setup';

export interface SignInTicket {
  adminId: string;
  email: string;
  stage: TicketStage;
}

/**
 * The proof, between the two steps of a sign-in, that the first one (password or invitation) was
 * passed: a short-lived JWT of its own audience, so it can never pass as an access token, and an
 * access token never as a ticket. It holds no secret and grants nothing but the second step.
 */
export function createSignInTickets(secret: string, ttlSeconds = SIGN_IN_TICKET_TTL_SECONDS) {
  const key = createSecretKey(Buffer.from(`sign-in-ticket:${secret}`));
  const audience = 'sign-in-ticket';
  return {
    issue: ({ adminId, email, stage }: SignInTicket): string =>
      jwt.sign({ email, stage }, key, { algorithm: 'HS256', subject: adminId, audience, expiresIn: ttlSeconds }),
    /** The ticket's content if it is ours, of this stage and not expired; else null. */
    read(ticket: string, stage: TicketStage): SignInTicket | null {
      try {
        const payload = jwt.verify(ticket, key, { algorithms: ['HS256'], audience });
        if (typeof payload === 'string' || !payload.sub || payload.stage !== stage || typeof payload.email !== 'string')
          return null;
        return { adminId: payload.sub, email: payload.email, stage };
      } catch {
        return null;
      }
    },
  };
}

export type SignInTickets = ReturnType<typeof createSignInTickets>;
