import { PageMeta } from '../../seo/PageMeta';
import { SupplierOfferForm } from './SupplierOfferForm';
import { SUPPLIER_OFFER_META } from './offerValues';

/** /supplier-inquiry, inside the site layout. */
export default function SupplierOfferPage() {
  return (
    <>
      <PageMeta {...SUPPLIER_OFFER_META} />
      <SupplierOfferForm />
    </>
  );
}
