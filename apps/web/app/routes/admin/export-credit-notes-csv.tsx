/** GET /admin/exports/credit-notes.csv?from=YYYY-MM-DD&to=YYYY-MM-DD: the VAT credit notes dated on those London days (docs/exports.md). */
import { exportDownload } from '~/server/admin/exports.server';
import type { Route } from './+types/export-credit-notes-csv';

export function loader({ request, context }: Route.LoaderArgs) {
  return exportDownload(request, context, 'credit-notes');
}
