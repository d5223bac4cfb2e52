/**
 * Import a bank statement ('payments:record'; DESIGN section 10 "Money", docs/bank-statements.md):
 * upload the CSV the bank's online banking exports, see the dry run (each payment in, the order
 * it pays and how it was recognised, what the order owed, what will happen), then confirm:
 * the payments are recorded in one go, each with an audit entry on its order.
 *
 * Works without JavaScript and keeps nothing on the server between the two steps (the checked
 * file is carried, sealed, in the confirm form: import-pipeline.server.ts).
 */
import { statementMatchLabels } from '@shop/contract/browser';
import { Form, Link } from 'react-router';
import { adminAction } from '~/server/admin/admin-page.server';
import { requireStaff } from '~/server/admin/staff-session.server';
import { STATEMENT_MAX_MEGABYTES, statementAnswer, statementFormSchema, statementLayouts, type StatementView } from '~/server/admin/bank-statements.server';
import { AdminMessage } from '~/components/admin/admin-frame';
import { useAdminAnswer } from '~/components/admin/admin-kit';
import { calendarDate, pounds } from '~/components/admin/admin-format';
import type { Route } from './+types/bank-statements';

export const meta: Route.MetaFunction = () => [{ title: 'Import bank statement - Back office' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'payments:record');
  return { maxMegabytes: STATEMENT_MAX_MEGABYTES, layouts: statementLayouts, exampleReference: `${context.services.shop.bank.referencePrefix}-7KQ4MC` };
}

export const action = adminAction({
  permission: 'payments:record',
  schema: statementFormSchema,
  run: ({ value, staff, context }) => statementAnswer(context, staff, value),
});

type Line = StatementView['lines'][number];


const OUTCOMES: Record<Line['outcome'], { label: string; tone: string }> = {
  'paid-in-full': { label: 'Pays in full', tone: 'bg-emerald-100 text-emerald-900' },
  'part-paid': { label: 'Part payment', tone: 'bg-emerald-100 text-emerald-900' },
  overpaid: { label: 'Overpayment', tone: 'bg-amber-100 text-amber-900' },
  cancelled: { label: 'Cancelled order', tone: 'bg-red-100 text-red-800' },
  'date-refused': { label: 'Date refused', tone: 'bg-red-100 text-red-800' },
  ambiguous: { label: 'Unclear', tone: 'bg-red-100 text-red-800' },
  'no-match': { label: 'No order found', tone: 'bg-stone-200 text-stone-800' },
  'already-imported': { label: 'Imported before', tone: 'bg-stone-200 text-stone-800' },
};

function LinesTable({ lines, applied, testId }: { lines: Line[]; applied: boolean; testId: string }) {
  return (
    <table className="w-full text-left text-sm" data-testid={testId}>
      <thead className="border-b border-stone-200 bg-stone-50 text-xs tracking-wide text-stone-600 uppercase">
        <tr>
          <th scope="col" className="px-3 py-2">Line</th>
          <th scope="col" className="px-3 py-2">Date</th>
          <th scope="col" className="px-3 py-2">Description</th>
          <th scope="col" className="px-3 py-2 text-right">Amount</th>
          <th scope="col" className="px-3 py-2">Order</th>
          <th scope="col" className="px-3 py-2">Found by</th>
          <th scope="col" className="px-3 py-2 text-right">Owed before</th>
          <th scope="col" className="px-3 py-2">{applied ? 'What happened' : 'What will happen'}</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-stone-100 align-top">
        {lines.map((l) => (
          <tr key={l.fingerprint}>
            <td className="px-3 py-2 text-stone-500 tabular-nums">{l.line}</td>
            <td className="px-3 py-2 whitespace-nowrap">{calendarDate(l.postedOn)}</td>
            <td className="max-w-xs px-3 py-2 break-words">{l.description}</td>
            <td className="px-3 py-2 text-right font-medium whitespace-nowrap tabular-nums">{pounds(l.amountPence)}</td>
            <td className="px-3 py-2 whitespace-nowrap">
              {l.order ? (
                <>
                  <Link to={`/admin/orders/${l.order.orderId}`} className="font-semibold text-brand-700 hover:underline">
                    #{l.order.orderId}
                  </Link>
                  <span className="block font-mono text-xs text-stone-500">{l.order.reference}</span>
                </>
              ) : (
                <span className="text-stone-500">-</span>
              )}
            </td>
            <td className="px-3 py-2">{l.order ? statementMatchLabels[l.order.matchedBy] : '-'}</td>
            <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
              {l.order ? (
                <>
                  {pounds(l.order.duePence)}
                  <span className="block text-xs text-stone-500">
                    of {pounds(l.order.totalPence)}, {pounds(l.order.paidPence)} paid
                  </span>
                </>
              ) : (
                '-'
              )}
            </td>
            <td className="px-3 py-2">
              <span className={`rounded px-1.5 py-0.5 text-xs font-medium whitespace-nowrap ${OUTCOMES[l.outcome].tone}`}>
                {l.records ? (applied ? 'Recorded: ' : 'Record: ') : 'Not recorded: '}
                {OUTCOMES[l.outcome].label}
              </span>
              <span className="mt-1 block text-xs text-stone-600">{l.note}</span>
              {l.suggestions.length > 0 && (
                <ul className="mt-1 space-y-0.5 text-xs text-stone-700" aria-label={`Suggested orders for line ${l.line}`}>
                  {l.suggestions.map((s) => (
                    <li key={s.orderId}>
                      Suggested:{' '}
                      <Link to={`/admin/orders/${s.orderId}`} className="font-semibold text-brand-700 hover:underline">
                        #{s.orderId}
                      </Link>{' '}
                      <span className="font-mono">{s.reference}</span>, {s.customer}, owes {pounds(s.duePence)}
                    </li>
                  ))}
                </ul>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Totals({ report, applied }: { report: StatementView; applied: boolean }) {
  const { totals } = report;
  const figures: [string, string, string, boolean][] = [
    ['Payments in', `${totals.credits.count}`, pounds(totals.credits.pence), false],
    [applied ? 'Recorded' : 'To record', `${totals.recorded.count}`, pounds(totals.recorded.pence), false],
    ['Overpayments left', `${totals.overpaymentsLeft.count}`, pounds(totals.overpaymentsLeft.pence), totals.overpaymentsLeft.count > 0],
    ['Not recorded', `${totals.notRecorded.count}`, pounds(totals.notRecorded.pence), totals.notRecorded.count > 0],
    ['Imported before', `${totals.alreadyImported.count}`, pounds(totals.alreadyImported.pence), false],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5" data-testid="statement-totals">
      {figures.map(([label, count, amount, attention]) => (
        <div key={label} className={`card p-3 ${attention ? 'border-amber-300 bg-amber-50' : ''}`}>
          <dt className="text-xs tracking-wide text-stone-600 uppercase">{label}</dt>
          <dd className="text-2xl font-semibold text-stone-900 tabular-nums">{count}</dd>
          <dd className="text-sm text-stone-600 tabular-nums">{amount}</dd>
        </div>
      ))}
    </dl>
  );
}

function RowErrors({ report }: { report: StatementView }) {
  if (report.errors.length === 0) return null;
  return (
    <section className="card overflow-x-auto border-red-200" aria-label="Rows that could not be read" data-testid="statement-errors">
      <h3 className="border-b border-red-200 bg-red-50 px-4 py-2.5 text-sm font-semibold text-red-900">
        {report.errors.length} {report.errors.length === 1 ? 'row' : 'rows'} could not be read and will not be imported: check them in the file and record them by hand if they are payments
      </h3>
      <ul className="divide-y divide-stone-100 text-sm">
        {report.errors.map((e, i) => (
          <li key={i} className="px-4 py-2">
            <span className="font-medium tabular-nums">{e.line === null ? 'File' : `Line ${e.line}`}:</span> {e.message}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The confirm form's choice for each line with suggestions: leave it unrecorded (the default) or
 * record it against one suggested order. Nothing suggested is recorded unless chosen here.
 */
function SuggestionChoices({ lines }: { lines: Line[] }) {
  const suggested = lines.filter((l) => l.suggestions.length > 0);
  if (suggested.length === 0) return null;
  return (
    <fieldset className="space-y-3" data-testid="statement-suggestions">
      <legend className="text-sm font-semibold text-stone-900">Payments with no reference: suggested orders</legend>
      <p className="text-xs text-stone-600">
        These payments name no order, but an open order owes exactly the amount and its customer is named in the description. Choose the order a payment is for to
        record it; left as it is, it is not recorded.
      </p>
      {suggested.map((l, i) => (
        <div key={l.fingerprint} role="radiogroup" aria-label={`Line ${l.line}`} className="rounded border border-stone-200 p-2 text-sm">
          <p className="font-medium">
            Line {l.line}: {pounds(l.amountPence)} on {calendarDate(l.postedOn)}, "{l.description}"
          </p>
          <label className="mt-1 flex items-center gap-2">
            <input type="radio" name={`choices[${i}]`} value="" defaultChecked />
            <span>Do not record it</span>
          </label>
          {l.suggestions.map((s) => (
            <label key={s.orderId} className="mt-1 flex items-center gap-2">
              <input type="radio" name={`choices[${i}]`} value={`${l.line}:${s.orderId}`} />
              <span>
                Record it on order #{s.orderId} (<span className="font-mono">{s.reference}</span>, {s.customer}, owes {pounds(s.duePence)})
              </span>
            </label>
          ))}
        </div>
      ))}
    </fieldset>
  );
}

function Listed({ report }: { report: StatementView }) {
  return report.lineCount > report.lines.length ? (
    <p className="px-4 py-2 text-xs text-stone-500">
      The first {report.lines.length} of {report.lineCount} payments are listed; the totals count them all.
    </p>
  ) : null;
}

export default function BankStatements({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData?.ok ? actionData : undefined;
  const { failed } = useAdminAnswer(actionData);
  return (
    <div className="space-y-5">
      <div>
        <Link to="/admin/orders?method=bank&paid=unpaid" className="text-sm text-brand-700 hover:underline">
          ← Bank transfers awaiting payment
        </Link>
        <h1 className="mt-1 text-2xl font-bold tracking-tight text-stone-900">Import bank statement</h1>
        <p className="mt-1 max-w-3xl text-sm text-stone-600">
          Download the statement from your online banking as a CSV file and choose it here. Each payment into the account is matched to the order whose reference
          (for example {loaderData.exampleReference}) it mentions, and you see what would be recorded before anything is. Money going out is left alone. Importing the same
          statement again, or one that overlaps it, never records a payment twice.
        </p>
      </div>

      <Form method="post" encType="multipart/form-data" className="card flex flex-wrap items-end gap-3 p-4" data-testid="statement-upload">
        <input type="hidden" name="intent" value="dry-run" />
        <div className="min-w-0 flex-1">
          <label htmlFor="csv" className="form-label">
            Statement CSV file (up to {loaderData.maxMegabytes} MB)
          </label>
          <input id="csv" name="csv" type="file" accept=".csv,text/csv" required className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-stone-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium hover:file:bg-stone-50" />
        </div>
        <button type="submit" className="btn-primary">
          Check (nothing is recorded yet)
        </button>
      </Form>

      <details className="card p-4 text-sm text-stone-700">
        <summary className="cursor-pointer font-medium text-stone-900">Which files can be imported?</summary>
        <p className="mt-2">The CSV export of these banks is recognised from its first row, or a file of your own with the columns Date, Description, Amount (money in as a positive amount):</p>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {loaderData.layouts.map((layout) => (
            <li key={layout.label}>
              <span className="font-medium">{layout.label}</span>: <span className="font-mono text-xs">{layout.columns.join(', ')}</span>
            </li>
          ))}
        </ul>
      </details>

      {failed && (
        <AdminMessage tone="error" testId="statement-refused">
          {failed.message}
        </AdminMessage>
      )}

      {answer?.step === 'dry-run' && (
        <section className="space-y-4" aria-labelledby="dry-run-heading">
          <h2 id="dry-run-heading" className="text-lg font-semibold text-stone-900">
            Check of {answer.report.fileName ? `"${answer.report.fileName}"` : 'the file'} ({answer.report.layout.label} layout): {answer.report.totals.credits.count}{' '}
            {answer.report.totals.credits.count === 1 ? 'payment' : 'payments'} in
            {answer.report.debitsIgnored > 0 ? `, ${answer.report.debitsIgnored} ${answer.report.debitsIgnored === 1 ? 'payment' : 'payments'} out left alone` : ''}
          </h2>
          <Totals report={answer.report} applied={false} />
          <RowErrors report={answer.report} />
          {answer.report.lines.length > 0 && (
            <section className="card overflow-x-auto" aria-label="Payments in the statement">
              <LinesTable lines={answer.report.lines} applied={false} testId="statement-lines" />
              <Listed report={answer.report} />
            </section>
          )}
          {answer.payload ? (
            <Form method="post" encType="multipart/form-data" className="card space-y-3 p-4" data-testid="statement-confirm">
              <input type="hidden" name="intent" value="apply" />
              <input type="hidden" name="payload" value={answer.payload} />
              <input type="hidden" name="digest" value={answer.digest} />
              <SuggestionChoices lines={answer.report.lines} />
              {answer.report.totals.overpaymentsLeft.count > 0 && (
                <label className="flex items-start gap-2 text-sm">
                  <input type="checkbox" name="acceptOverpayments" className="mt-0.5" />
                  <span>
                    Also record the {answer.report.totals.overpaymentsLeft.count === 1 ? 'overpayment' : `${answer.report.totals.overpaymentsLeft.count} overpayments`} (
                    {pounds(answer.report.totals.overpaymentsLeft.pence)}). The order then shows more paid than it costs, and the difference is owed back to the
                    customer. Left unticked, {answer.report.totals.overpaymentsLeft.count === 1 ? 'it is' : 'they are'} not recorded: you can still record{' '}
                    {answer.report.totals.overpaymentsLeft.count === 1 ? 'it' : 'them'} by hand on the order.
                  </span>
                </label>
              )}
              <p className="text-sm text-stone-700">
                Confirming records {answer.report.totals.recorded.count} {answer.report.totals.recorded.count === 1 ? 'payment' : 'payments'} (
                {pounds(answer.report.totals.recorded.pence)}), and any suggested order you chose above, in one go: all of them or, if anything fails, none. The orders are checked again as they are at that
                moment. Every payment in the file is kept as imported, so payments not recorded now must be recorded by hand on their order.
              </p>
              <button type="submit" className="btn-primary">
                Confirm and record payments
              </button>
            </Form>
          ) : (
            <AdminMessage tone="info" testId="statement-nothing">
              {answer.report.totals.credits.count > 0
                ? 'Nothing to import: every payment in this file was imported before.'
                : answer.report.errors.length > 0
                  ? `Nothing to import: none of the file's rows could be read as a payment (${answer.report.errors.length} ${answer.report.errors.length === 1 ? 'row is' : 'rows are'} listed above with the reason). Correct the file or record them by hand, then check it again.`
                  : 'Nothing to import: the file has no payments into the account.'}
            </AdminMessage>
          )}
        </section>
      )}

      {answer?.step === 'applied' && (
        <section className="space-y-4" aria-labelledby="applied-heading">
          <AdminMessage tone="success" testId="statement-applied">
            {answer.importId === null
              ? 'Nothing was recorded: every payment in this file had been imported before (perhaps by someone else a moment ago).'
              : `Imported "${answer.report.fileName}": ${answer.report.totals.recorded.count} ${answer.report.totals.recorded.count === 1 ? 'payment' : 'payments'} recorded (${pounds(answer.report.totals.recorded.pence)}).`}
          </AdminMessage>
          <h2 id="applied-heading" className="text-lg font-semibold text-stone-900">
            What was recorded
          </h2>
          <Totals report={answer.report} applied />
          {answer.report.lines.some((l) => l.records) && (
            <section className="card overflow-x-auto" aria-label="Payments recorded">
              <h3 className="border-b border-stone-200 px-4 py-2.5 text-sm font-semibold text-stone-900">Payments recorded</h3>
              <LinesTable lines={answer.report.lines.filter((l) => l.records)} applied testId="statement-recorded" />
            </section>
          )}
          {answer.report.lines.some((l) => !l.records && l.outcome !== 'already-imported') && (
            <section className="card overflow-x-auto" aria-label="Payments not recorded">
              <h3 className="border-b border-stone-200 px-4 py-2.5 text-sm font-semibold text-stone-900">Not recorded: record these by hand on their order if they are payments for orders</h3>
              <LinesTable lines={answer.report.lines.filter((l) => !l.records && l.outcome !== 'already-imported')} applied testId="statement-not-recorded" />
            </section>
          )}
          <Listed report={answer.report} />
          <RowErrors report={answer.report} />
        </section>
      )}
    </div>
  );
}
