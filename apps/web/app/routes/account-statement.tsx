/**
 * /account/statement (docs/statements.md): a trade customer's open invoices, which they may pay
 * together by card or PayPal in one payment (or by bank transfer, each with its reference), and
 * the statement of account of any month (?month=YYYY-MM) with its PDF. Signed out: to sign-in.
 * Choosing invoices (?pay=<order id>) and months are GET forms, so everything but the card
 * payment works without JavaScript; the loader and action are in statement-page.server.ts.
 */
import { Link, type MetaFunction } from 'react-router';
import { pageMeta } from '~/components/page-meta';
import { FormMessage } from '~/components/account/form-message';
import { MonthPicker, OpenInvoices, PayChosenInvoices, StatementTable } from '~/components/account/statement-view';
import { statementPageAction, statementPageData } from '~/server/account/statement-page.server';
import type { Route } from './+types/account-statement';

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Statement of Account', 'Your open invoices, credit notes and payments, and your statement of account for any month.'),
  { name: 'robots', content: 'noindex' },
];

/** Whether an ISO date is the last day of its month (a past month's statement; this month's ends today). */
function isMonthEnd(date: string): boolean {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate() === d;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return statementPageData(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return statementPageAction(request, context);
}

export default function AccountStatementPage({ loaderData }: Route.ComponentProps) {
  const { open, statement, months, monthProblem, selected, cardCharge, payments, paid, pdfPath } = loaderData;
  const monthLabel = months.find((m) => m.value === statement.month)?.label ?? statement.month;
  const chosen = new Set(selected?.invoices.map((invoice) => invoice.order_id) ?? []);
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-6 lg:py-10">
      <Link to="/account" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
        <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          <path d="m15 18-6-6 6-6" />
        </svg>
        My account
      </Link>
      <h1 className="mt-2 text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">Statement of Account</h1>
      <p className="mt-1 text-sm text-stone-600">
        {statement.customer.company_name ? `${statement.customer.company_name}, ` : ''}
        {statement.customer.name}
        {statement.terms_days !== null ? ` · payment terms ${statement.terms_days} days from the invoice` : ''}
      </p>

      {statement.terms_days === null && open.invoices.length === 0 && statement.lines.length === 0 && statement.closing_balance === 0 ? (
        <p className="mt-4 max-w-2xl rounded-lg border border-stone-200 bg-stone-50 px-4 py-3 text-sm text-stone-700" data-testid="no-trade-account">
          Statements are for trade accounts, where orders are invoiced on dispatch and paid on terms. Your card and bank transfer orders are paid
          when you place them: see them under <Link to="/order-history" className="font-medium text-brand-700 underline">Past Orders</Link>. To
          open a trade account, please call us.
        </p>
      ) : null}

      {paid ? (
        <div className="mt-4">
          <FormMessage message={{ tone: 'success', text: 'Thank you: your card payment is recorded against the invoices you chose.' }} testId="invoices-paid" />
        </div>
      ) : null}

      <section className="card mt-6 overflow-hidden" aria-labelledby="open-invoices-heading">
        <h2 id="open-invoices-heading" className="border-b border-stone-200 px-5 py-4 text-lg font-semibold text-stone-900">
          Open invoices
        </h2>
        <OpenInvoices open={open} chosen={chosen} month={statement.month} />
      </section>

      {selected ? <PayChosenInvoices selected={selected} cardCharge={cardCharge} payments={payments} /> : null}

      <section className="card mt-6 p-5" aria-labelledby="statement-heading" data-testid="statement" data-month={statement.month}>
        <h2 id="statement-heading" className="text-lg font-semibold text-stone-900">
          Statement for {monthLabel}
        </h2>
        <p className="mt-1 text-sm text-stone-600">
          Invoices and credit notes of your orders on account, and your payments, {isMonthEnd(statement.statement_date) ? 'in the month' : 'so far this month'}. A debit adds to
          what you owe; a credit takes it off.
        </p>
        {monthProblem ? (
          <div className="mt-3">
            <FormMessage message={{ tone: 'error', text: monthProblem }} testId="month-problem" />
          </div>
        ) : null}
        <div className="mt-4">
          <MonthPicker months={months} month={statement.month} pdfPath={pdfPath} />
        </div>
        <div className="mt-5">
          <StatementTable statement={statement} />
        </div>
      </section>
    </main>
  );
}
