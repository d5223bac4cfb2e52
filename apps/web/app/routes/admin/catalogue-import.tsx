/**
 * CSV import ('catalogue:edit'): upload a file (docs/catalogue-csv.md), see
 * the dry run first (products to add, to change with old -> new, unchanged, and every error
 * with its row, column and message), then apply it: one transaction, all or nothing.
 *
 * Works without JavaScript and without keeping anything on the server between the two steps:
 * the dry run's answer carries the file back, sealed (import-pipeline.server.ts); applying
 * checks it is the file checked here and that the catalogue still gives the same plan (else
 * "run the dry run again").
 */
import { data, Form, Link } from 'react-router';
import { adminAction } from '~/server/admin/admin-page.server';
import { importRefusal } from '~/server/admin/import-pipeline.server';
import { catalogueImport, IMPORT_LISTED, importFormSchema, IMPORT_MAX_MEGABYTES } from '~/server/admin/catalogue.server';
import { requireStaff } from '~/server/admin/staff-session.server';
import { AdminMessage } from '~/components/admin/admin-frame';
import { ImportCounts, ImportProblems, useAdminAnswer } from '~/components/admin/admin-kit';
import type { Route } from './+types/catalogue-import';

export const meta: Route.MetaFunction = () => [{ title: 'Import CSV - Catalogue - Back office' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'catalogue:edit');
  return { maxMegabytes: IMPORT_MAX_MEGABYTES };
}

interface ReportView {
  rows: number;
  products: number;
  adds: { row: number; productCode: string; name: string; changes: string[] }[];
  addCount: number;
  changes: { row: number; productCode: string; name: string; changes: string[] }[];
  changeCount: number;
  unchanged: number;
  errors: { row: number | null; column: string | null; message: string }[];
  errorCount: number;
}

function view(report: {
  rows: number;
  products: number;
  adds: ReportView['adds'];
  changes: ReportView['changes'];
  unchanged: number;
  errors: ReportView['errors'];
  errorCount: number;
}): ReportView {
  return {
    rows: report.rows,
    products: report.products,
    adds: report.adds.slice(0, IMPORT_LISTED),
    addCount: report.adds.length,
    changes: report.changes.slice(0, IMPORT_LISTED),
    changeCount: report.changes.length,
    unchanged: report.unchanged,
    errors: report.errors.slice(0, IMPORT_LISTED),
    errorCount: report.errorCount,
  };
}

export const action = adminAction({
  permission: 'catalogue:edit',
  schema: importFormSchema,
  async run({ value: form, staff, context }) {
    const pipeline = catalogueImport(context, staff.staffId);
    if (form.intent === 'dry-run') {
      const { fileName, report, payload, digest } = await pipeline.check(form.csv);
      const canApply = report.errorCount === 0 && report.adds.length + report.changes.length > 0;
      return data({ ok: true as const, step: 'dry-run' as const, fileName, report: view(report), payload, canApply, digest });
    }
    try {
      const { fileName, applied } = await pipeline.apply(form, undefined);
      return data({ ok: true as const, step: 'applied' as const, fileName, report: view(applied), priceChanges: applied.priceChanges });
    } catch (error) {
      return importRefusal(error, 'apply', view);
    }
  },
});

function ChangeTable({ title, rows, total, testId }: { title: string; rows: ReportView['adds']; total: number; testId: string }) {
  if (total === 0) return null;
  return (
    <section className="card overflow-x-auto" aria-label={title}>
      <h3 className="border-b border-stone-200 px-4 py-2.5 text-sm font-semibold text-stone-900">
        {title} ({total})
      </h3>
      <table className="w-full text-left text-sm" data-testid={testId}>
        <thead className="bg-stone-50 text-xs tracking-wide text-stone-600 uppercase">
          <tr>
            <th scope="col" className="px-4 py-2">Row</th>
            <th scope="col" className="px-4 py-2">Code</th>
            <th scope="col" className="px-4 py-2">Product</th>
            <th scope="col" className="px-4 py-2">What</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100 align-top">
          {rows.map((r) => (
            <tr key={`${r.row}-${r.productCode}`}>
              <td className="px-4 py-2 tabular-nums">{r.row}</td>
              <td className="px-4 py-2 font-mono text-xs whitespace-nowrap">{r.productCode}</td>
              <td className="px-4 py-2">{r.name}</td>
              <td className="px-4 py-2">
                <ul className="space-y-0.5">
                  {r.changes.map((c, i) => (
                    <li key={i}>{c}</li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {total > rows.length && <ListedNote listed={rows.length} total={total} />}
    </section>
  );
}

function ListedNote({ listed, total }: { listed: number; total: number }) {
  return (
    <p className="px-4 py-2 text-xs text-stone-600">
      The first {listed} of {total} are listed{total > listed ? ': download the full list below the report.' : '.'}
    </p>
  );
}

function Report({ report }: { report: ReportView }) {
  return (
    <div className="space-y-4">
      <ImportCounts
        testId="import-summary"
        counts={[
          ['To add', report.addCount],
          ['To change', report.changeCount],
          ['Unchanged', report.unchanged],
          ['Errors', report.errorCount],
        ]}
      />
      <ImportProblems problems={report.errors} total={report.errorCount} testId="import-errors" more={<ListedNote listed={report.errors.length} total={report.errorCount} />} />
      <ChangeTable title="To add" rows={report.adds} total={report.addCount} testId="import-adds" />
      <ChangeTable title="To change" rows={report.changes} total={report.changeCount} testId="import-changes" />
    </div>
  );
}

export default function CatalogueImport({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData?.ok ? actionData : undefined;
  const refused = useAdminAnswer(actionData).failed;
  return (
    <div className="space-y-5">
      <div>
        <Link to="/admin/catalogue" className="text-sm text-brand-700 hover:underline">
          ← Catalogue
        </Link>
        <h1 className="mt-1 text-2xl font-bold tracking-tight text-stone-900">Import CSV</h1>
        <p className="mt-1 max-w-3xl text-sm text-stone-600">
          Start from the <a href="/admin/catalogue/export.csv" className="text-brand-700 underline">export</a>, change it in your spreadsheet, save it as "CSV UTF-8" and check it here.
          Products are matched by product code; a code&apos;s rows are all of its packs (a pack left out is removed). Nothing changes until you apply the dry run.
        </p>
      </div>

      <Form method="post" encType="multipart/form-data" className="card flex flex-wrap items-end gap-3 p-4" data-testid="import-upload">
        <input type="hidden" name="intent" value="dry-run" />
        <div className="min-w-0 flex-1">
          <label htmlFor="csv" className="form-label">
            CSV file (up to {loaderData.maxMegabytes} MB)
          </label>
          <input id="csv" name="csv" type="file" accept=".csv,text/csv" required className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-stone-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium hover:file:bg-stone-50" />
        </div>
        <button type="submit" className="btn-primary">
          Check (dry run)
        </button>
      </Form>

      {refused && (
        <>
          <AdminMessage tone="error" testId="import-refused">
            {refused.message}
          </AdminMessage>
          {'report' in refused && refused.report && <Report report={refused.report} />}
        </>
      )}

      {answer?.step === 'applied' && (
        <>
          <AdminMessage tone="success" testId="import-applied">
            Applied {answer.fileName ? `"${answer.fileName}"` : 'the file'}: {answer.report.addCount} product{answer.report.addCount === 1 ? '' : 's'} added, {answer.report.changeCount} changed (
            {answer.priceChanges} price change{answer.priceChanges === 1 ? '' : 's'} recorded), {answer.report.unchanged} unchanged.
          </AdminMessage>
          <Report report={answer.report} />
        </>
      )}

      {answer?.step === 'dry-run' && (
        <section className="space-y-4" aria-labelledby="dry-run-heading">
          <h2 id="dry-run-heading" className="text-lg font-semibold text-stone-900">
            Dry run of {answer.fileName ? `"${answer.fileName}"` : 'the file'}: {answer.report.rows} {answer.report.rows === 1 ? 'row' : 'rows'}, {answer.report.products} {answer.report.products === 1 ? 'product' : 'products'}
          </h2>
          <Report report={answer.report} />
          {answer.payload && (
            // A plain browser post (reloadDocument): the download is an attachment the page stays on.
            <Form method="post" encType="multipart/form-data" reloadDocument className="card flex flex-wrap items-center gap-3 p-4" data-testid="import-apply">
              <input type="hidden" name="payload" value={answer.payload} />
              <input type="hidden" name="digest" value={answer.digest} />
              <p className="flex-1 text-sm text-stone-700">
                {answer.canApply
                  ? `Apply adds ${answer.report.addCount} and changes ${answer.report.changeCount} product${answer.report.changeCount === 1 ? '' : 's'} in one go: all of it or, if anything fails, none of it.`
                  : 'The lists above show the first rows only.'}
              </p>
              <button type="submit" formAction="/admin/catalogue/import/report.csv" className="btn-secondary" data-testid="import-report-download">
                Download the full list (CSV)
              </button>
              {answer.canApply && (
                <button type="submit" name="intent" value="apply" className="btn-primary">
                  Apply import
                </button>
              )}
            </Form>
          )}
          {!answer.canApply && answer.report.errorCount === 0 && <AdminMessage tone="info">Nothing to apply: the file matches the catalogue.</AdminMessage>}
        </section>
      )}
    </div>
  );
}
