import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { scrollToSection } from '../../layout/navigation';
import { useRevealOnScroll } from '../../motion/useRevealOnScroll';
import { COMMODITIES_SECTION_ID, type HomeNavigationState } from '../../navigation-state';
import { SITE } from '../../site-config';
import { PageMeta } from '../../seo/PageMeta';
import { CommoditiesSection } from './CommoditiesSection';
import { GlobalReach } from './GlobalReach';
import { Hero } from './Hero';
import { Figures, HowItWorks, Industries, QualityAssurance, WhyChooseUs } from './InfoSections';

/** Home: when another page sent us here to show the commodities, scroll there and drop the flag. */
function useScrollToCommoditiesRequest() {
  const { pathname, state } = useLocation() as { pathname: string; state: HomeNavigationState | null };
  const navigate = useNavigate();
  useEffect(() => {
    if (state?.scrollTo !== 'commodities') return;
    scrollToSection(COMMODITIES_SECTION_ID);
    void navigate(pathname, { replace: true, state: null });
  }, [state, pathname, navigate]);
}

export default function HomePage() {
  const page = useRef<HTMLDivElement>(null);
  useRevealOnScroll(page);
  useScrollToCommoditiesRequest();
  return (
    <div ref={page}>
      <PageMeta title="Global Commodities Sourcing" description={SITE.description} path="/" />
      <Hero />
      <CommoditiesSection />
      <HowItWorks />
      <WhyChooseUs />
      <Figures />
      <QualityAssurance />
      <GlobalReach />
      <Industries />
    </div>
  );
}
