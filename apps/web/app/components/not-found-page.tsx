import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-20 text-center">
      <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">Error 404</p>
      <h1 className="mt-2 text-3xl font-bold text-stone-900">Page not found</h1>
      <p className="mt-4 text-stone-600">
        Sorry, we couldn't find that page. It may have moved, or the link may be out of date.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/landing" className="btn-primary">
          Go to the home page
        </Link>
        <Link to="/contact" className="btn-secondary">
          Contact us
        </Link>
      </div>
    </main>
  );
}
