import { Link } from 'react-router-dom';
import { PageMeta } from '../../seo/PageMeta';
import { NOT_FOUND_PATH } from '../../navigation-state';

export default function NotFoundPage() {
  return (
    <section className="not-found container">
      <PageMeta
        title="Page Not Found"
        description="The page you are looking for does not exist. Return to the home page to explore our commodities."
        path={NOT_FOUND_PATH}
      />
      <h1 className="not-found__code">404</h1>
      <p className="not-found__title">Oops! Page not found.</p>
      <p className="not-found__text">The page you are looking for may have moved or never existed.</p>
      <Link className="button button--primary" to="/">
        Go Back Home
      </Link>
    </section>
  );
}
