import type { MouseEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { MailIcon, MapPinIcon, PhoneIcon, SOCIAL_ICONS } from '../components/icons';
import { LogoMark } from '../components/Logo';
import { POSTAL_ADDRESS, SITE } from '../site-config';
import { scrollToTop, useGoToCommodities } from './navigation';
import { NewsletterForm } from './NewsletterForm';

export function Footer() {
  const goToCommodities = useGoToCommodities();
  const { pathname } = useLocation();
  const onCommodities = (e: MouseEvent) => {
    e.preventDefault();
    goToCommodities();
  };
  const onPageLink = (to: string) => () => {
    if (to === pathname) scrollToTop();
  };

  return (
    <footer className="footer">
      <div className="footer__grid container">
        <section className="footer__column" aria-labelledby="footer-contact">
          <div className="footer__brand">
            <LogoMark size={32} />
            <span>{SITE.brand}</span>
          </div>
          <h2 className="footer__heading" id="footer-contact">
            Contact
          </h2>
          <address className="footer__contact">
            <p>
              <MapPinIcon className="footer__icon" /> {POSTAL_ADDRESS}
            </p>
            <p>
              <PhoneIcon className="footer__icon" /> <a href={SITE.phone.href}>{SITE.phone.display}</a>
            </p>
            <p>
              <MailIcon className="footer__icon" /> <a href={`mailto:${SITE.email}`}>{SITE.email}</a>
            </p>
          </address>
        </section>

        <nav className="footer__column" aria-labelledby="footer-links">
          <h2 className="footer__heading" id="footer-links">
            Quick Links
          </h2>
          <ul className="footer__links">
            <li>
              <a href="/#commodities" onClick={onCommodities}>
                Commodities
              </a>
            </li>
            <li>
              <Link to="/about" onClick={onPageLink('/about')}>
                About Us
              </Link>
            </li>
            <li>
              <Link to="/contact" onClick={onPageLink('/contact')}>
                Contact
              </Link>
            </li>
          </ul>
        </nav>

        <div className="footer__column">
          <NewsletterForm />
        </div>

        <section className="footer__column" aria-labelledby="footer-social">
          <h2 className="footer__heading" id="footer-social">
            Follow Us
          </h2>
          <ul className="footer__social">
            {SITE.socials.map(({ name, href }) => {
              const Glyph = SOCIAL_ICONS[name];
              return (
                <li key={name}>
                  <a href={href} target="_blank" rel="noopener noreferrer" aria-label={`${SITE.brand} on ${name}`}>
                    <Glyph />
                  </a>
                </li>
              );
            })}
          </ul>
        </section>
      </div>
      <div className="footer__bottom">
        <div className="container">
          <p>
            &copy; {new Date().getFullYear()} {SITE.brand}. All rights reserved.
          </p>
        </div>
      </div>
    </footer>
  );
}
