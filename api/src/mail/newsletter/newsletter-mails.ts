import { API_PATHS, API_PREFIX } from '@sourcing/shared';
import type { Config } from '../../config';
import type { Transaction } from '../../db/database';
import type { AnyRow } from '../../records/record-kind';
import { escapeHtml } from '../compose';
import { queueVisitorMail, type VisitorMailVerdict } from '../visitor-mail';
import { siteUrl } from '../site-url';
import { createSubscriptionTokens } from './subscription-tokens';

/** The signed links of one subscriber: confirm (expiring) and unsubscribe (RFC 8058 one-click target too). */
export function subscriptionLinks(deps: { config: Config; now: () => Date }, subscriberId: string) {
  const tokens = createSubscriptionTokens(deps.config.jwtSecret, deps.now);
  const api = `${siteUrl(deps.config)}${API_PREFIX}`;
  return {
    confirm: `${api}${API_PATHS.newsletterConfirm}?token=${tokens.sign('confirm', subscriberId)}`,
    unsubscribe: `${api}${API_PATHS.newsletterUnsubscribe}?token=${tokens.sign('unsubscribe', subscriberId)}`,
  };
}

/** The headers every newsletter mail carries (RFC 2369, RFC 8058 one-click). */
export const unsubscribeHeaders = (unsubscribe: string) => ({
  'List-Unsubscribe': `<${unsubscribe}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

/**
 * The double opt-in mail: the confirmation link, and how to leave the list, queued in the caller's
 * transaction when its verdict lets it go (one address, not blocked, within its allowance shared
 * with the forms' confirmations: docs/mail.md#addresses).
 */
export async function queueConfirmationMail(
  tx: Transaction,
  deps: { config: Config; now: () => Date },
  subscriber: AnyRow,
  verdict: VisitorMailVerdict,
): Promise<void> {
  const links = subscriptionLinks(deps, subscriber.id);
  const intro = 'Please confirm that you want our newsletter at this address by opening this link (it works for 7 days):';
  const ignore = 'If you did not ask for it, ignore this mail: without confirmation you get nothing more from us.';
  await queueVisitorMail(
    tx,
    deps.now(),
    'newsletter-confirmation',
    { stored: String(subscriber.email), verdict },
    (address) => ({
      from: deps.config.mail.from,
      to: [address],
      subject: 'Please confirm your newsletter subscription',
      text: `${intro}\n\n${links.confirm}\n\n${ignore}\n\nUnsubscribe: ${links.unsubscribe}\n`,
      html:
        `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(links.confirm)}">Confirm my subscription</a></p>` +
        `<p>${escapeHtml(ignore)}</p><p><a href="${escapeHtml(links.unsubscribe)}">Unsubscribe</a></p>`,
      headers: unsubscribeHeaders(links.unsubscribe),
    }),
    { kind: 'subscriber', id: subscriber.id },
  );
}
