// Scaffold: replaced by the forms work (issue 4) before landing.
export default function CommodityInquiryPage() {
  return <h1>CommodityInquiryPage</h1>;
}
