import { Link, useLocation } from 'react-router-dom';
import { PageMeta } from '../../seo/PageMeta';

/** Where the newsletter mails' links land (docs/mail.md#newsletter): one page, four outcomes. */
export const NEWSLETTER_OUTCOMES: Record<string, { title: string; text: string }> = {
  '/newsletter/confirmed': {
    title: 'Subscription confirmed',
    text: 'Thank you: our newsletter will come to this address. Every issue has a link to unsubscribe.',
  },
  '/newsletter/unsubscribed': {
    title: 'You are unsubscribed',
    text: 'You will not receive our newsletter any more.',
  },
  '/newsletter/not-subscribed': {
    title: 'This address is unsubscribed',
    text: 'It was unsubscribed after this confirmation was sent, so it will not receive our newsletter. To receive it again, subscribe with the form at the bottom of this page.',
  },
  '/newsletter/link-expired': {
    title: 'This link has expired',
    text: 'Subscribe again with the form at the bottom of this page to get a new confirmation link.',
  },
};

export default function NewsletterPage() {
  const { pathname } = useLocation();
  const path = pathname.replace(/\/+$/, '');
  const outcome = NEWSLETTER_OUTCOMES[path] ?? NEWSLETTER_OUTCOMES['/newsletter/link-expired'];
  return (
    <section className="not-found container">
      <PageMeta title={outcome.title} description={outcome.text} path={path} />
      <h1 className="not-found__title">{outcome.title}</h1>
      <p className="not-found__text">{outcome.text}</p>
      <Link className="button button--primary" to="/">
        Go Back Home
      </Link>
    </section>
  );
}
