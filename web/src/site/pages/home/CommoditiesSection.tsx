import { Link } from 'react-router-dom';
import { COMMODITY_GROUPS, type Commodity, type Grade } from '@sourcing/shared/catalogue';
import { commodityImage } from '../../assets/commodity-images';
import { Flag } from '../../components/Flag';
import { ArrowRightIcon } from '../../components/icons';
import { ContentSection } from '../../components/Section';
import { revealProps } from '../../motion/useRevealOnScroll';
import { COMMODITIES_SECTION_ID, commodityInquiryHref, type CommodityInquiryNavigationState } from '../../navigation-state';

const gradeText = (grade: Grade) => (typeof grade === 'string' ? grade : `${grade.grade} (${grade.country})`);

function CommodityCard({ commodity, index }: { commodity: Commodity; index: number }) {
  const state: CommodityInquiryNavigationState = { commodityName: commodity.name };
  return (
    <article className="commodity-card" {...revealProps(index)}>
      <img
        className="commodity-card__image"
        src={commodityImage(commodity.image)}
        alt=""
        width={160}
        height={160}
        loading="lazy"
        decoding="async"
      />
      <div className="commodity-card__body">
        <h4 className="commodity-card__name">
          <Link className="commodity-card__link" to={commodityInquiryHref(commodity.name)} state={state}>
            {commodity.name}
          </Link>
        </h4>
        <ul className="commodity-card__countries" aria-label="Origins">
          {commodity.countries.map((country) => (
            <li key={country.code} className="chip">
              <Flag code={country.code} /> {country.name}
            </li>
          ))}
        </ul>
        {commodity.grades && (
          <>
            <p className="commodity-card__quality">Quality</p>
            <ul className="commodity-card__grades">
              {commodity.grades.map((grade) => (
                <li key={gradeText(grade)}>{gradeText(grade)}</li>
              ))}
            </ul>
          </>
        )}
        <span className="commodity-card__cta" aria-hidden="true">
          Request a quote <ArrowRightIcon />
        </span>
      </div>
    </article>
  );
}

/** Both catalogue groups; a card opens the inquiry form with its commodity's name. */
export function CommoditiesSection() {
  return (
    <ContentSection
      id="commodities-title"
      anchor={COMMODITIES_SECTION_ID}
      tone="muted"
      eyebrow="What we source"
      title="Our Commodities"
      lead="Choose a commodity to request a quote. Origins and grades below are what we ship most often; ask for anything else."
    >
      {COMMODITY_GROUPS.map((group) => (
        <section key={group.key} className="commodity-group" aria-labelledby={`group-${group.key}`}>
          <div className="commodity-group__header" style={{ borderColor: group.color }}>
            <h3 className="commodity-group__title" id={`group-${group.key}`}>
              {group.name}
            </h3>
            <p className="commodity-group__text">{group.description}</p>
          </div>
          <div className="card-grid">
            {group.items.map((commodity, index) => (
              <CommodityCard key={commodity.name} commodity={commodity} index={index} />
            ))}
          </div>
        </section>
      ))}
    </ContentSection>
  );
}
