/** GET /admin/catalogue/export.csv: the whole catalogue, a row per pack, streamed (docs/catalogue-csv.md). */
import { catalogueCsvFileName } from '~/server/admin/catalogue.server';
import { requireStaff } from '~/server/admin/staff-session.server';
import { documentAccessRefused } from '~/server/pdf-response.server';
import { csvResponse } from '~/server/csv-response.server';
import type { Route } from './+types/catalogue-export-csv';

export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    await requireStaff(request, context, 'catalogue:edit');
  } catch (refusal) {
    return documentAccessRefused(refusal);
  }
  return csvResponse(context.services.catalogueAdmin.csv.export(), catalogueCsvFileName());
}
