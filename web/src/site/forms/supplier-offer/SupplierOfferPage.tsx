// Scaffold: replaced by the forms work (issue 4) before landing.
export default function SupplierOfferPage() {
  return <h1>SupplierOfferPage</h1>;
}
