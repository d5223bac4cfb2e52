/**
 * The customer page's head: the way back to the list, the name with Closed or Disabled, and for
 * a manager Download data, Enable / Disable and Close account (each change that cannot be undone
 * asks first: a link to ?confirm=...).
 */
import { Form, Link } from 'react-router';
import { customerHref, customerName, type CustomerPanelProps } from './customer-panel';

const DANGER_LINK = 'inline-flex rounded-md border border-red-300 bg-white px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50';

export function CustomerHead({ page }: Pick<CustomerPanelProps, 'page'>) {
  const { customer, canManage, confirmDisable, confirmClose } = page;
  const here = customerHref(page);
  return (
    <div className="flex flex-wrap items-start justify-between gap-4">
      <div>
        <p className="text-sm">
          <Link to="/admin/customers" className="text-brand-700 hover:underline">
            Customers
          </Link>
        </p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight text-stone-900">
          {customerName(page)}
          {customer.closedAt ? (
            <span className="ml-3 rounded bg-stone-200 px-2 py-0.5 align-middle text-sm font-medium text-stone-800" data-testid="customer-closed">
              Closed
            </span>
          ) : (
            customer.disabledAt && (
              <span className="ml-3 rounded bg-red-100 px-2 py-0.5 align-middle text-sm font-medium text-red-800" data-testid="customer-disabled">
                Disabled
              </span>
            )
          )}
        </h1>
        {customer.companyName && <p className="text-stone-600">{customer.companyName}</p>}
      </div>
      {canManage && !confirmDisable && !confirmClose && (
        <div className="flex flex-wrap items-start gap-3">
          {/* A plain form: the answer is a ZIP file to save, the page stays. */}
          <form method="post" action={`${here}/data`}>
            <button type="submit" className="btn-secondary" data-testid="download-customer-data">
              Download data
            </button>
          </form>
          {customer.closedAt ? null : customer.disabledAt ? (
            <Form method="post" action={here}>
              <input type="hidden" name="intent" value="enable" />
              <button type="submit" className="btn-secondary">
                Enable customer
              </button>
            </Form>
          ) : (
            <Link to={`${here}?confirm=disable`} className={DANGER_LINK}>
              Disable customer
            </Link>
          )}
          {customer.closedAt ? null : (
            <Link to={`${here}?confirm=close`} className={DANGER_LINK}>
              Close account
            </Link>
          )}
        </div>
      )}
    </div>
  );
}
