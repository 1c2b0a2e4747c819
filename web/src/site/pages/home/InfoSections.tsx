/** The plain home sections: how it works, why choose us, figures, quality checks, industries. */
import { Link } from 'react-router-dom';
import { ContentSection, FeatureCards } from '../../components/Section';
import { revealProps } from '../../motion/useRevealOnScroll';
import { FIGURES, HOW_IT_WORKS, INDUSTRIES, QUALITY_CHECKS, SELLING_POINTS, TRADE_TERMS } from './content';

export function HowItWorks() {
  return (
    <ContentSection
      id="how-title"
      eyebrow="How it works"
      title="Sourcing in three steps"
      lead="From your first message to cargo at your port, you always know what happens next."
    >
      <FeatureCards items={HOW_IT_WORKS} numbered />
    </ContentSection>
  );
}

export function WhyChooseUs() {
  return (
    <ContentSection
      id="why-title"
      tone="muted"
      eyebrow="Why choose us"
      title="A partner you can audit"
      lead="Buyers stay with us because every shipment is checked, priced openly and followed through."
    >
      <FeatureCards items={SELLING_POINTS} columns={4} />
    </ContentSection>
  );
}

export function Figures() {
  return (
    <section className="section section--dark figures" aria-labelledby="figures-title">
      <div className="container">
        <h2 className="visually-hidden" id="figures-title">
          Sourcing at a glance
        </h2>
        <dl className="figures__list">
          {FIGURES.map(({ value, label }, index) => (
            <div key={label} className="figures__item" {...revealProps(index)}>
              <dt className="figures__label">{label}</dt>
              <dd className="figures__value">{value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

export function QualityAssurance() {
  return (
    <ContentSection
      id="quality-title"
      eyebrow="Quality assurance"
      title="Checked before it sails"
      lead="Every contract names the grade; every cargo is sampled against it before the bill of lading is issued."
    >
      <FeatureCards items={QUALITY_CHECKS} />
      <div className="trade-terms" {...revealProps()}>
        <p className="trade-terms__label">We quote on</p>
        <ul className="trade-terms__list">
          {TRADE_TERMS.map((term) => (
            <li key={term} className="chip chip--strong">
              {term}
            </li>
          ))}
        </ul>
        <Link className="button button--primary" to="/commodity-inquiry">
          Request a quote
        </Link>
      </div>
    </ContentSection>
  );
}

export function Industries() {
  return (
    <ContentSection
      id="industries-title"
      tone="muted"
      eyebrow="Industries"
      title="Industries We Serve"
      lead="The same checks and service, whatever the cargo ends up becoming."
    >
      <FeatureCards items={INDUSTRIES.map(({ Icon, name, text }) => ({ Icon, title: name, text }))} />
    </ContentSection>
  );
}
