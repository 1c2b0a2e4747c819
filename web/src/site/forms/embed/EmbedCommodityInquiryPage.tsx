// Scaffold: replaced by the forms work (issue 4) before landing.
export default function EmbedCommodityInquiryPage() {
  return <h1>EmbedCommodityInquiryPage</h1>;
}
