/** What a route error shows inside the shop's frame: the 404 page, or a short apology. */
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { NotFoundPage } from './not-found-page';

export function RouteErrorPage() {
  const error = useRouteError();
  const location = useLocation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const refusal = isRouteErrorResponse(error) ? (error.data as { message?: unknown; refused?: unknown } | null) : null;
  if (refusal?.refused === true && typeof refusal.message === 'string') {
    return (
      <main id="main" className="mx-auto max-w-3xl px-4 py-16 text-center" data-testid="request-refused">
        <h1 className="text-2xl font-semibold text-stone-900">That form was not sent</h1>
        <p className="mt-3 text-stone-600">{refusal.message} If you meant to send it, open this page here and send the form again.</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <a href={`${location.pathname}${location.search}`} className="btn-primary inline-flex">
            Open this page
          </a>
          <a href="/landing" className="btn-secondary inline-flex">
            Back to the shop
          </a>
        </div>
      </main>
    );
  }
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
