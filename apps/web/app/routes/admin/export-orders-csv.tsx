/** GET /admin/exports/orders.csv?from=YYYY-MM-DD&to=YYYY-MM-DD: the orders placed on those London days (docs/exports.md). */
import { exportDownload } from '~/server/admin/exports.server';
import type { Route } from './+types/export-orders-csv';

export function loader({ request, context }: Route.LoaderArgs) {
  return exportDownload(request, context, 'orders');
}
