/** GET /admin/credit-control.csv: the aged-debt report as CSV, aged on today's London date (docs/credit-control.md). */
import { agedDebtDownload } from '~/server/admin/credit-control.server';
import type { Route } from './+types/credit-control-csv';

export function loader({ request, context }: Route.LoaderArgs) {
  return agedDebtDownload(request, context);
}
