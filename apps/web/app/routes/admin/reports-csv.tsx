/** GET /admin/reports/csv/:report: a report's table as CSV, every row (docs/reports.md). */
import { reportCsv } from '~/server/admin/reports.server';
import type { Route } from './+types/reports-csv';

export function loader({ request, context, params }: Route.LoaderArgs) {
  return reportCsv(request, context, params.report);
}
