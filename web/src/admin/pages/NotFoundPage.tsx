import { Link } from 'react-router-dom';

/** Any /admin path that is not a screen. */
export function NotFoundPage() {
  return (
    <section className="not-found">
      <h2 className="page-title">404</h2>
      <p>Oops! Page not found.</p>
      <Link to="/admin" className="button button-primary">
        Back to Dashboard
      </Link>
    </section>
  );
}
