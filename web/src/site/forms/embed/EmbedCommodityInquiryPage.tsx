import { useSearchParams } from 'react-router-dom';
import { COMMODITY_PARAM } from '../../navigation-state';
import { CommodityInquiryForm } from '../commodity-inquiry/CommodityInquiryForm';
import { COMMODITY_INQUIRY_META } from '../commodity-inquiry/inquiryValues';
import { EmbedFrame } from './EmbedFrame';

/** /embed/commodity-inquiry: the buyer form for partners' iframes; `?commodity=Coal` ticks a commodity. */
export default function EmbedCommodityInquiryPage() {
  const [params] = useSearchParams();
  return (
    <EmbedFrame meta={COMMODITY_INQUIRY_META}>
      <CommodityInquiryForm commodityName={params.get(COMMODITY_PARAM) ?? undefined} />
    </EmbedFrame>
  );
}
