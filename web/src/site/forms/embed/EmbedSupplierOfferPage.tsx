import { SupplierOfferForm } from '../supplier-offer/SupplierOfferForm';
import { SUPPLIER_OFFER_META } from '../supplier-offer/offerValues';
import { EmbedFrame } from './EmbedFrame';

/** /embed/supplier-inquiry: the supplier form for partners' iframes. */
export default function EmbedSupplierOfferPage() {
  return (
    <EmbedFrame meta={SUPPLIER_OFFER_META}>
      <SupplierOfferForm />
    </EmbedFrame>
  );
}
