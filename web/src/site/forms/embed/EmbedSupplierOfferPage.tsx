// Scaffold: replaced by the forms work (issue 4) before landing.
export default function EmbedSupplierOfferPage() {
  return <h1>EmbedSupplierOfferPage</h1>;
}
