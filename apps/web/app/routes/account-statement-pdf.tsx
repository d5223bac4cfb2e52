/**
 * GET /account/statement.pdf?month=YYYY-MM: the signed-in customer's statement of account for the
 * month as a PDF shown in the browser (a resource route: no page; this month when left out).
 * Signed out: to sign-in. A malformed or future month: 400 saying why. Only their own account.
 */
import { statementPdfResponse } from '~/server/account/statement-page.server';
import type { Route } from './+types/account-statement-pdf';

export async function loader({ request, context }: Route.LoaderArgs) {
  return statementPdfResponse(request, context);
}
