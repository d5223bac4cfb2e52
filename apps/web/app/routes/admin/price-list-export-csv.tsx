/** GET /admin/price-lists/:priceListId/export.csv: the list's prices as CSV (docs/price-lists.md). */
import { isRecordId } from '@shop/contract/browser';
import { isNotFound } from '~/server/forms.server';
import { requireStaff } from '~/server/admin/staff-session.server';
import { documentAccessRefused } from '~/server/pdf-response.server';
import { csvRefusal, csvResponse } from '~/server/csv-response.server';
import type { Route } from './+types/price-list-export-csv';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  try {
    await requireStaff(request, context, 'price-lists:manage');
  } catch (refusal) {
    return documentAccessRefused(refusal);
  }
  if (!isRecordId(params.priceListId ?? '')) return csvRefusal(404, 'No such price list.');
  try {
    const { filename, text } = await context.services.priceLists.exportCsv(Number(params.priceListId));
    return csvResponse(
      (async function* () {
        yield text;
      })(),
      filename,
    );
  } catch (error) {
    if (isNotFound(error)) return csvRefusal(404, 'No such price list.');
    throw error;
  }
}
