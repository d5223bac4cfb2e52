/**
 * "Test payment": an order paid by a simulated payment while the shop ran test payments (DESIGN
 * section 4) says so wherever it appears, so nobody takes it for money received.
 */
import { TEST_PAYMENT_LABEL } from '@shop/contract/browser';

export function TestPaymentBadge({ className = '' }: { className?: string }) {
  return (
    <span
      className={`inline-block rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-300 ring-inset ${className}`}
      title="Paid by a simulated payment: no money was taken"
      data-testid="test-payment"
    >
      {TEST_PAYMENT_LABEL}
    </span>
  );
}
