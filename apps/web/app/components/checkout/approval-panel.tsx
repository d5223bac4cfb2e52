/**
 * The payment step for a company's buyer whose order is over their spending limit
 * (docs/companies.md): instead of ways to pay, the order is sent to the company's admins for
 * approval, with its prices held for a stated time. No card is taken before approval. A plain
 * submit of the page's order form (intent 'approval'): it works without JavaScript.
 */
import { APPROVAL_HOLD_DAYS, formatPounds, PURCHASE_ORDER_NUMBER_MAX } from '@shop/contract/browser';

export interface ApprovalNeed {
  reason: string;
  paymentMethod: 'account' | 'bank';
  heldDays: number;
}

export function ApprovalPanel({ need, total, disabled, form }: { need: ApprovalNeed; total: number; disabled: boolean; form: string }) {
  return (
    <div className="space-y-4" data-testid="approval-panel">
      <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-900" data-testid="approval-needed">
        {need.reason}
      </p>
      <ol className="list-decimal space-y-1 pl-5 text-sm text-stone-700">
        <li>We send the order to your company&apos;s admins by e-mail, and hold its prices for {need.heldDays || APPROVAL_HOLD_DAYS} days.</li>
        <li>Nothing is ordered and no stock is set aside until an admin approves it. Your basket is emptied of it now.</li>
        <li>
          {need.paymentMethod === 'account'
            ? `Once approved, the order of ${formatPounds(total)} is placed on your company's trade account.`
            : `Once approved, the order of ${formatPounds(total)} is placed and you pay for it: by bank transfer with its reference, or by card on the order's page.`}
        </li>
      </ol>
      <div>
        <label htmlFor="approval-purchase-order-number" className="block text-sm font-medium text-stone-800">
          Your purchase order number <span className="font-normal text-stone-600">(optional)</span>
        </label>
        <input
          id="approval-purchase-order-number"
          name="purchase_order_number"
          form={form}
          maxLength={PURCHASE_ORDER_NUMBER_MAX}
          autoComplete="off"
          className="mt-1 block w-full rounded-md border border-stone-300 px-3 py-2 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
        />
      </div>
      <button type="submit" form={form} name="intent" value="approval" className="btn-primary w-full py-3 text-base" disabled={disabled} data-testid="send-for-approval">
        Send for approval
      </button>
    </div>
  );
}
