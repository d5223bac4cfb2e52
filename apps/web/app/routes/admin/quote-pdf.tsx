/** GET /admin/quotes/:quoteId/quote.pdf: the quote as the customer gets it, for staff ('sales-desk'). */
import { requireStaff } from '~/server/admin/staff-session.server';
import { staffQuotePdf } from '~/server/admin/quote-files.server';
import { documentAccessRefused } from '~/server/pdf-response.server';
import type { Route } from './+types/quote-pdf';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  try {
    await requireStaff(request, context, 'sales-desk');
  } catch (refusal) {
    return documentAccessRefused(refusal);
  }
  return staffQuotePdf(context, params.quoteId);
}
