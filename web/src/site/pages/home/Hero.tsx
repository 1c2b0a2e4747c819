import { Link } from 'react-router-dom';
import { ArrowRightIcon, CheckIcon } from '../../components/icons';
import { scrollToSection } from '../../layout/navigation';
import { COMMODITIES_SECTION_ID } from '../../navigation-state';
import { SITE } from '../../site-config';
import { CommoditySphere } from './CommoditySphere';

const HIGHLIGHTS = ['Verified suppliers in 20+ countries', 'Inspection before loading', 'Quotes on your Incoterm'];

export function Hero() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero__inner container">
        <div className="hero__copy">
          <p className="hero__eyebrow">{SITE.tagline}</p>
          <h1 className="hero__title" id="hero-title">
            Global Commodities Sourcing
          </h1>
          <p className="hero__lead">
            Copper, coal, iron ore, aluminium, gems, olive oil and more, from verified producers to your port. Tell us what you
            need; we find, check and ship it.
          </p>
          <div className="hero__actions">
            <a
              className="button button--accent"
              href={`#${COMMODITIES_SECTION_ID}`}
              onClick={(e) => {
                e.preventDefault();
                scrollToSection(COMMODITIES_SECTION_ID);
              }}
            >
              Explore Commodities <ArrowRightIcon />
            </a>
            <Link className="button button--ghost" to="/contact">
              Contact Sales
            </Link>
          </div>
          <ul className="hero__highlights">
            {HIGHLIGHTS.map((text) => (
              <li key={text}>
                <CheckIcon /> {text}
              </li>
            ))}
          </ul>
        </div>
        <CommoditySphere />
      </div>
    </section>
  );
}
