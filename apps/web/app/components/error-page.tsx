/** What a route error shows inside the shop's frame: the 404 page, or a short apology. */
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from './not-found-page';

export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold text-stone-900">Something went wrong</h1>
      <p className="mt-3 text-stone-600">Please try again in a moment. If it keeps happening, call us.</p>
      <a href="/landing" className="btn-primary mt-6 inline-flex">
        Back to the shop
      </a>
    </main>
  );
}
