/** GET /admin/vat-return.csv?quarter=2025-Q4 (or from=&to=): the VAT return's documents and figures as CSV (docs/exports.md). */
import { vatReturnDownload } from '~/server/admin/vat-return.server';
import type { Route } from './+types/vat-return-csv';

export function loader({ request, context }: Route.LoaderArgs) {
  return vatReturnDownload(request, context);
}
