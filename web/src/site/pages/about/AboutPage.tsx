export default function AboutPage() {
  return <h1>AboutPage</h1>;
}
