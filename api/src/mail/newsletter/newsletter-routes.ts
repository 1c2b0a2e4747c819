import type Router from '@koa/router';
import { API_PATHS, type SubscriberStatus } from '@sourcing/shared';
import type { Middleware } from 'koa';
import type { AppDeps } from '../../app-deps';
import { HttpError } from '../../http/errors';
import { createSubscriptionTokens, type TokenPurpose } from './subscription-tokens';

/** The site's pages the links land on (web/src/site/pages/newsletter). */
export const NEWSLETTER_PAGES = {
  confirmed: '/newsletter/confirmed',
  unsubscribed: '/newsletter/unsubscribed',
  /** A confirmation opened after the address was unsubscribed: it stays unsubscribed, and is told so. */
  notSubscribed: '/newsletter/not-subscribed',
  invalid: '/newsletter/link-expired',
} as const;

export const INVALID_LINK = 'This link is not valid any more';

/**
 * The links of the newsletter mails (docs/mail.md#newsletter): GET confirm and GET unsubscribe
 * from a person's mail program land on a site page; POST unsubscribe is RFC 8058's one-click,
 * sent by the mail provider with `List-Unsubscribe=One-Click` and no cookies.
 */
export function registerNewsletterRoutes(router: Router, deps: AppDeps, publicPost: Middleware) {
  const tokens = createSubscriptionTokens(deps.config.jwtSecret, deps.now);

  /**
   * Moves the token's subscriber from one of `from` to `to`: the subscriber's status afterwards,
   * 'gone' when the link is good but the subscriber was erased, null when the token is bad or expired.
   */
  async function change(
    purpose: TokenPurpose,
    token: unknown,
    from: SubscriberStatus[],
    to: SubscriberStatus,
  ): Promise<SubscriberStatus | 'gone' | null> {
    const id = tokens.verify(purpose, token);
    if (!id) return null;
    await deps.db.run(
      `UPDATE "subscribers" SET "status" = ? WHERE "id" = ? AND "status" IN (${from.map(() => '?').join(', ')})`,
      [to, id, ...from],
    );
    const rows = await deps.db.all<{ status: SubscriberStatus }>(`SELECT "status" FROM "subscribers" WHERE "id" = ?`, [id]);
    return rows[0]?.status ?? 'gone';
  }

  router.get(API_PATHS.newsletterConfirm, async (ctx) => {
    const status = await change('confirm', ctx.query.token, ['pending'], 'confirmed');
    ctx.redirect(
      status === 'confirmed'
        ? NEWSLETTER_PAGES.confirmed
        : status === 'unsubscribed'
          ? NEWSLETTER_PAGES.notSubscribed
          : NEWSLETTER_PAGES.invalid,
    );
  });

  router.get(API_PATHS.newsletterUnsubscribe, async (ctx) => {
    const status = await change('unsubscribe', ctx.query.token, ['pending', 'confirmed'], 'unsubscribed');
    ctx.redirect(status ? NEWSLETTER_PAGES.unsubscribed : NEWSLETTER_PAGES.invalid);
  });

  router.post(API_PATHS.newsletterUnsubscribe, publicPost, async (ctx) => {
    if (!(await change('unsubscribe', ctx.query.token, ['pending', 'confirmed'], 'unsubscribed'))) {
      throw new HttpError(400, INVALID_LINK);
    }
    ctx.body = { message: 'Unsubscribed' };
  });
}
