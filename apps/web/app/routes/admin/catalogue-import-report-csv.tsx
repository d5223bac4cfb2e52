/**
 * POST /admin/catalogue/import/report.csv: a dry run's lists in full (errors, products to add,
 * products to change) as a CSV download, for files whose lists are longer than the import page
 * shows. The page posts the file it carries; nothing is written.
 */
import { catalogueImport, importReportCsvText, importReportFileName, importReportFormSchema } from '~/server/admin/catalogue.server';
import { requireStaff } from '~/server/admin/staff-session.server';
import { documentAccessRefused } from '~/server/pdf-response.server';
import { csvRefusal } from '~/server/csv-response.server';
import { parseForm, postedForm } from '~/server/forms.server';
import { redirect } from 'react-router';
import type { Route } from './+types/catalogue-import-report-csv';

/** A GET (a bookmarked or shared address) has no file to report on: the import page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    await requireStaff(request, context, 'catalogue:edit');
  } catch (refusal) {
    return documentAccessRefused(refusal);
  }
  return redirect('/admin/catalogue/import');
}

export async function action({ request, context }: Route.ActionArgs) {
  let staffId: number;
  try {
    staffId = (await requireStaff(request, context, 'catalogue:edit')).staffId;
  } catch (refusal) {
    return documentAccessRefused(refusal);
  }
  const form = parseForm(await postedForm(request, context), importReportFormSchema);
  const file = form.ok ? catalogueImport(context, staffId).open(form.value) : null;
  if (!file) return csvRefusal(400, 'The checked file could not be read: choose it again on the import page.');
  const report = await context.services.catalogueAdmin.csv.dryRun(file.bytes);
  return new Response(importReportCsvText(report), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${importReportFileName(file.name).replace(/[^\w.-]/g, '_')}"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
