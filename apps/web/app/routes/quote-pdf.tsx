/** GET /quotes/:quoteId/pdf: a sent quote as a PDF, for its customer only (anyone else: 404). */
import { visitorOf } from '~/session.server';
import { customerQuotePdf, quoteIdOf } from '~/server/quotes/quote-page.server';
import type { Route } from './+types/quote-pdf';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const visitor = await visitorOf(request, context);
  return customerQuotePdf(context, visitor.userId, quoteIdOf(params));
}
