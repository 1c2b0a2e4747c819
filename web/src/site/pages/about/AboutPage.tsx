import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { ArrowRightIcon, HeartIcon, SparkIcon, TargetIcon } from '../../components/icons';
import { PageHero } from '../../components/PageHero';
import { ContentSection, FeatureCards } from '../../components/Section';
import { revealProps, useRevealOnScroll } from '../../motion/useRevealOnScroll';
import { PageMeta } from '../../seo/PageMeta';
import { SITE } from '../../site-config';

const PILLARS = [
  {
    Icon: TargetIcon,
    title: 'Our Mission',
    text: 'Make buying commodities across borders as simple and safe as buying at home: the right grade, the agreed price, on time.',
  },
  {
    Icon: HeartIcon,
    title: 'Our Values',
    text: 'Integrity in every document, transparency in every price and respect for the people and places our cargo comes from.',
  },
  {
    Icon: SparkIcon,
    title: 'Innovation',
    text: 'Digital inquiries, shared tracking and data-driven supplier scoring replace weeks of email and guesswork.',
  },
] as const;

/** docs/site.md#about: two promoters, a construction-equipment finance leader and a fintech and banking expert. */
const PROMOTERS = [
  {
    name: 'Rajesh Khanna',
    role: 'Promoter & Managing Director',
    bio: 'Over 25 years leading construction-equipment finance for national lenders, structuring credit for fleets, mines and infrastructure builders across India and Africa.',
  },
  {
    name: 'Priya Mehta',
    role: 'Promoter & Director, Finance and Technology',
    bio: 'A fintech and banking expert who has built trade-finance and digital payment products for banks; she runs our payment terms, compliance and platforms.',
  },
] as const;

const initialsOf = (name: string) =>
  name
    .split(' ')
    .map((part) => part[0])
    .join('');

export default function AboutPage() {
  const page = useRef<HTMLDivElement>(null);
  useRevealOnScroll(page);
  return (
    <div ref={page}>
      <PageMeta
        title="About Us"
        description={`${SITE.brand} is a New Delhi commodities sourcing company: our mission, values and the promoters behind it.`}
        path="/about"
      />
      <PageHero eyebrow="About us" title={`About ${SITE.brand}`}>
        From our office in New Delhi we connect manufacturers, traders and processors with verified producers of metals, minerals,
        energy and agricultural commodities around the world.
      </PageHero>

      <ContentSection id="pillars-title" eyebrow="Who we are" title="What drives us">
        <FeatureCards items={PILLARS} />
      </ContentSection>

      <ContentSection
        id="promoters-title"
        tone="muted"
        eyebrow="Leadership"
        title="Meet Our Promoters"
        lead="Decades of finance and banking experience behind every contract we sign."
      >
        <ul className="promoters">
          {PROMOTERS.map(({ name, role, bio }, index) => (
            <li key={name} className="card promoter" {...revealProps(index)}>
              <span className="promoter__avatar" aria-hidden="true">
                {initialsOf(name)}
              </span>
              <div>
                <h3 className="promoter__name">{name}</h3>
                <p className="promoter__role">{role}</p>
                <p className="card__text">{bio}</p>
              </div>
            </li>
          ))}
        </ul>
      </ContentSection>

      <section className="section" aria-labelledby="about-cta-title">
        <div className="container">
          <div className="cta-band" {...revealProps()}>
            <div>
              <h2 className="cta-band__title" id="about-cta-title">
                Let&rsquo;s talk about your next shipment
              </h2>
              <p className="cta-band__text">Tell us what you need; a sourcing specialist answers within one business day.</p>
            </div>
            <Link className="button button--accent" to="/contact">
              Contact Us <ArrowRightIcon />
            </Link>
          </div>
        </div>
      </section>
    </div>
  );
}
