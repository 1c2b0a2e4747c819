import { useId, useState, type FormEvent } from 'react';
import { FAILURE_MESSAGES } from '@sourcing/shared/api-client';
import { siteApi } from '../api';
import { useHydrated } from '../components/useHydrated';
import { useSpamCheck } from '../forms/spam-check/useSpamCheck';
import { useTimedMessage } from './useTimedMessage';

/** docs/site.md#newsletter: the subscription message clears after 3000 ms. */
export const SUBSCRIBE_MESSAGE_MS = 3000;

export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [loading, setLoading] = useState(false);
  const hydrated = useHydrated();
  const busy = loading || !hydrated;
  const { message, show } = useTimedMessage(SUBSCRIBE_MESSAGE_MS);
  const inputId = useId();
  const headingId = useId();
  const spamCheck = useSpamCheck();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    // The browser checks the address (required, type email); the API checks it again.
    if (!email.trim() || loading) return;
    setLoading(true);
    try {
      const { message: text } = await siteApi.subscribe(email.trim(), await spamCheck.proof());
      setEmail('');
      show({ kind: 'success', text });
    } catch (error) {
      // The address stays, so the visitor can correct it or try again.
      show({ kind: 'error', text: error instanceof Error && error.message ? error.message : FAILURE_MESSAGES.subscribe });
    } finally {
      spamCheck.renew();
      setLoading(false);
    }
  }

  return (
    <>
      <form className="newsletter" onSubmit={(event) => void onSubmit(event)} aria-labelledby={headingId}>
        <h2 className="footer__heading" id={headingId}>
          Stay Updated
        </h2>
        <p className="newsletter__lead">Market notes, new origins and price trends, once a month.</p>
        <label className="visually-hidden" htmlFor={inputId}>
          Email address
        </label>
        <div className="newsletter__row">
          <input
            id={inputId}
            className="newsletter__input"
            type="email"
            name="email"
            required
            autoComplete="email"
            placeholder="Your email address"
            value={email}
            disabled={busy}
            onChange={(e) => setEmail(e.target.value)}
          />
          <button className="button button--accent newsletter__button" type="submit" disabled={busy}>
            {loading ? 'Subscribing...' : 'Join Now'}
          </button>
        </div>
        {spamCheck.honeypot}
        <p className={`newsletter__message${message ? ` is-${message.kind}` : ''}`} role="status">
          {message?.text}
        </p>
      </form>
      {spamCheck.widget}
    </>
  );
}
