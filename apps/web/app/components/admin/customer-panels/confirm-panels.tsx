/**
 * The customer page's questions before a change that cannot be undone: closing the account at
 * the customer's request (with how they asked) and disabling the customer.
 */
import { Form } from 'react-router';
import { AdminMessage } from '../admin-frame';
import { ConfirmPanel, DANGER_BUTTON, Field } from '../admin-kit';
import { customerHref, customerName, type CustomerPanelProps } from './customer-panel';

export function ConfirmClosePanel({ page, answer }: CustomerPanelProps) {
  const closeFailed = answer.failedFor('close-account');
  if (!(page.confirmClose || closeFailed) || page.customer.closedAt) return null;
  return (
    <ConfirmPanel
      id="confirm-close-heading"
      title={`Close ${customerName(page)}'s account?`}
      testId="confirm-close"
      cancel={customerHref(page)}
      actions={
        <div className="w-full space-y-3">
          {closeFailed && <AdminMessage tone="error">{closeFailed.message}</AdminMessage>}
          <Form method="post" action={customerHref(page)} className="flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="close-account" />
            <div className="min-w-64 flex-1">
              <Field
                form="close"
                name="request"
                label="How the customer asked"
                required
                maxLength={200}
                defaultValue={answer.valueOf('close-account', 'request') ?? ''}
                error={answer.errorOf('close-account', 'request')}
              />
            </div>
            <button type="submit" className={DANGER_BUTTON}>
              Yes, close the account
            </button>
          </Form>
        </div>
      }
    >
      <p>
        Only when the customer asked for it. They are signed out everywhere and cannot sign in again; their name, e-mail address, phone number, password, saved
        addresses and basket are erased. Their orders, invoices and credit notes (and the company name and VAT number printed on them) are kept for six years, as HMRC
        requires. It cannot be undone. An account with an order not yet dispatched, or money owed either way, cannot be closed.
      </p>
    </ConfirmPanel>
  );
}

export function ConfirmDisablePanel({ page }: Pick<CustomerPanelProps, 'page'>) {
  if (!page.confirmDisable) return null;
  const name = customerName(page);
  return (
    <ConfirmPanel
      id="confirm-disable-heading"
      title={`Disable ${name}?`}
      testId="confirm-disable"
      cancel={customerHref(page)}
      actions={
        <Form method="post" action={customerHref(page)}>
          <input type="hidden" name="intent" value="disable" />
          <button type="submit" className={DANGER_BUTTON}>
            Yes, disable {name}
          </button>
        </Form>
      }
    >
      <p>They are signed out on every device at once and cannot sign in until a manager enables them again. Their orders and trade account stay as they are.</p>
    </ConfirmPanel>
  );
}
