export default function HomePage() {
  return <div className="page-narrow" data-testid="home-page" />;
}
