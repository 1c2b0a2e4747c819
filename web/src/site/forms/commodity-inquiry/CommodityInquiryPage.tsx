import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { COMMODITY_PARAM, type CommodityInquiryNavigationState } from '../../navigation-state';
import { PageMeta } from '../../seo/PageMeta';
import { CommodityInquiryForm } from './CommodityInquiryForm';
import { COMMODITY_INQUIRY_META } from './inquiryValues';

/** /commodity-inquiry, inside the site layout; a commodity card's name arrives as router state (or in the URL). */
export default function CommodityInquiryPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const state = location.state as CommodityInquiryNavigationState | null;
  const commodityName = state?.commodityName ?? new URLSearchParams(location.search).get(COMMODITY_PARAM) ?? undefined;

  // The form has chosen the card's commodity by now; forget it so a reload does not choose it again.
  useEffect(() => {
    if (!commodityName) return;
    const rest = new URLSearchParams(location.search);
    rest.delete(COMMODITY_PARAM);
    const search = rest.size ? `?${rest}` : '';
    void navigate(`${location.pathname}${search}`, { replace: true, state: null });
  }, [commodityName, navigate, location.pathname, location.search]);

  return (
    <>
      <PageMeta {...COMMODITY_INQUIRY_META} />
      <CommodityInquiryForm commodityName={commodityName} />
    </>
  );
}
