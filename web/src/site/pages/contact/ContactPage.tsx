import { useRef, useState } from 'react';
import { MailIcon, MapPinIcon, MessageIcon, PhoneIcon } from '../../components/icons';
import { PageHero } from '../../components/PageHero';
import { useHydrated } from '../../components/useHydrated';
import { revealProps, useRevealOnScroll } from '../../motion/useRevealOnScroll';
import { PageMeta } from '../../seo/PageMeta';
import { POSTAL_ADDRESS, SITE } from '../../site-config';
import { ContactMessageDialog } from './ContactMessageDialog';

export default function ContactPage() {
  const [dialogOpen, setDialogOpen] = useState(false);
  const hydrated = useHydrated();
  const page = useRef<HTMLDivElement>(null);
  useRevealOnScroll(page);
  return (
    <div ref={page}>
      <PageMeta
        title="Contact Us"
        description={`Call, e-mail or message ${SITE.brand}: our New Delhi sourcing team answers within one business day.`}
        path="/contact"
      />
      <PageHero eyebrow="Contact" title="Get in Touch">
        Questions about a commodity, a quote or becoming a supplier? Reach the sourcing team the way that suits you.
      </PageHero>

      <section className="section" aria-label="Ways to contact us">
        <div className="container">
          <ul className="card-grid contact-cards">
            <li className="card contact-card" {...revealProps(0)}>
              <div className="card__icon">
                <PhoneIcon />
              </div>
              <h2 className="card__title">Call Us</h2>
              <p className="card__text">Monday to Saturday, 9:30 to 18:30 IST.</p>
              <a className="contact-card__action" href={SITE.phone.href}>
                {SITE.phone.display}
              </a>
            </li>
            <li className="card contact-card" {...revealProps(1)}>
              <div className="card__icon">
                <MailIcon />
              </div>
              <h2 className="card__title">Email Us</h2>
              <p className="card__text">Send specifications or documents any time.</p>
              <a className="contact-card__action" href={`mailto:${SITE.email}`}>
                {SITE.email}
              </a>
            </li>
            <li className="card contact-card" {...revealProps(2)}>
              <div className="card__icon">
                <MessageIcon />
              </div>
              <h2 className="card__title">Send a Message</h2>
              <p className="card__text">Write to us here and we will reply by e-mail.</p>
              <button
                type="button"
                className="button button--primary contact-card__button"
                aria-haspopup="dialog"
                disabled={!hydrated}
                onClick={() => setDialogOpen(true)}
              >
                Send a Message
              </button>
            </li>
          </ul>
          <div className="contact-office" {...revealProps()}>
            <MapPinIcon className="contact-office__icon" />
            <div>
              <h2 className="contact-office__title">Our office</h2>
              <p className="contact-office__address">{POSTAL_ADDRESS}</p>
            </div>
          </div>
        </div>
      </section>
      <ContactMessageDialog open={dialogOpen} onClose={() => setDialogOpen(false)} />
    </div>
  );
}
