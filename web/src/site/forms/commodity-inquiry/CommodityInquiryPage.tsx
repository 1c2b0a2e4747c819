import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { CommodityInquiryNavigationState } from '../../navigation-state';
import { PageMeta } from '../../seo/PageMeta';
import { CommodityInquiryForm } from './CommodityInquiryForm';
import { COMMODITY_INQUIRY_META } from './inquiryValues';

/** /commodity-inquiry, inside the site layout; a commodity card's name arrives as router state. */
export default function CommodityInquiryPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { commodityName } = (location.state ?? {}) as CommodityInquiryNavigationState;

  // The form has ticked the card's commodity by now; forget it so a reload does not tick it again.
  useEffect(() => {
    if (commodityName) navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [commodityName, navigate, location.pathname, location.search]);

  return (
    <>
      <PageMeta {...COMMODITY_INQUIRY_META} />
      <CommodityInquiryForm commodityName={commodityName} />
    </>
  );
}
