/** GET /admin/quotes/:quoteId/artwork: the customer's artwork file, for staff ('sales-desk'), as a download. */
import { requireStaff } from '~/server/admin/staff-session.server';
import { quoteArtwork } from '~/server/admin/quote-files.server';
import { documentAccessRefused } from '~/server/pdf-response.server';
import type { Route } from './+types/quote-artwork';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  try {
    await requireStaff(request, context, 'sales-desk');
  } catch (refusal) {
    return documentAccessRefused(refusal);
  }
  return quoteArtwork(context, params.quoteId);
}
