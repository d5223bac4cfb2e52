/** GET /admin/exports/invoices.csv?from=YYYY-MM-DD&to=YYYY-MM-DD: the VAT invoices dated on those London days (docs/exports.md). */
import { exportDownload } from '~/server/admin/exports.server';
import type { Route } from './+types/export-invoices-csv';

export function loader({ request, context }: Route.LoaderArgs) {
  return exportDownload(request, context, 'invoices');
}
