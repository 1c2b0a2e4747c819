/** Helpers of the staff-account tests: invitation links from the outbox, authenticator codes, a signed-in session. */
import { simpleParser } from 'mailparser';
import { totpCodeAt } from '../account/totp';
import { OUTBOX, type OutboxRow } from '../mail/outbox-entity';
import type { TestServer } from './support';

export { totpCodeAt };

/** The token of the newest invitation mailed to `email` (what follows '#' in its link). */
export async function invitationToken(server: Pick<TestServer, 'deps'>, email: string): Promise<string> {
  const mails = await server.deps.db.reads
    .getRepository<OutboxRow>(OUTBOX)
    .find({ where: { purpose: 'invitation' }, order: { createdAt: 'DESC' } });
  const mail = mails.find((m) => m.recipients.includes(email));
  if (!mail) throw new Error(`no invitation mailed to ${email}`);
  const { text } = await simpleParser(mail.message);
  const token = /\/admin\/invitation#([\w-]+)/.exec(text ?? '')?.[1];
  if (!token) throw new Error('the invitation mail has no link');
  return token;
}

/** The cookies a response set, as a Cookie header for the next request (the refresh and device cookies). */
export const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
