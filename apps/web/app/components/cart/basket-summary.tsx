/**
 * The basket summary (SPEC 2): Items (sub-total, before any discount), the offers' discount
 * lines, Delivery Fee, VAT at its percentage (or a zero-rated export, by the delivery address:
 * DESIGN section 4 "Money"), Total, all as the server computed them; what spending a little more
 * would bring (the basket's next_offers: the nearest way to free delivery, SPEC 9, and offers
 * with a minimum spend); the discount code form (given by the page) and the
 * 'Checkout & Proceed To Payment' button.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { CartDto } from '@shop/contract';
import { formatPounds } from '@shop/contract/browser';
import { TagIcon, TruckIcon } from '~/components/icons';
import { usePriceDisplay } from '~/components/price';
import { basketVatLabel, basketVatNote, deliveryDestination, isRemoteDelivery } from '~/components/checkout/delivery-zone';
import { OfferAmount, offerTotalLines } from './offer-lines';

interface Props {
  cart: CartDto;
  checkoutHref: string;
  /** Shown above the checkout button: the discount code form. */
  children?: ReactNode;
}

function Row({ label, children, strong = false, testId }: { label: ReactNode; children: ReactNode; strong?: boolean; testId?: string }) {
  return (
    <div className={`flex items-baseline justify-between gap-4 py-2 ${strong ? 'border-t border-stone-200 pt-3 text-base font-bold text-stone-900' : 'text-sm'}`}>
      <dt className={strong ? '' : 'text-stone-600'}>{label}</dt>
      <dd className={`tabular-nums ${strong ? '' : 'font-medium text-stone-900'}`} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

export function BasketSummary({ cart, checkoutHref, children }: Props) {
  const { basis } = usePriceDisplay();
  const hasItems = cart.cartIems.length > 0;
  // Free delivery is for mainland UK only: a remote delivery address pays its carriage whatever the subtotal.
  const remote = isRemoteDelivery(cart);
  const offerLines = offerTotalLines(cart.offers);
  // With prices shown inc VAT the lines above include it; the summary adds VAT on its own line.
  const exVatNote = basis === 'inc' ? <span className="text-xs"> (ex VAT)</span> : null;
  return (
    <section className="card p-5" aria-labelledby="basket-summary-heading" data-testid="basket-summary">
      <h2 id="basket-summary-heading" className="text-lg font-semibold text-stone-900">
        Order Summary
      </h2>
      <dl className="mt-3">
        <Row
          label={
            <>
              Items{exVatNote}
            </>
          }
          testId="summary-items"
        >
          {formatPounds(cart.subTotal)}
        </Row>
        {offerLines.discounts.map((line) => (
          <Row
            key={line.key}
            label={
              <>
                {line.label}
                {exVatNote}
              </>
            }
            testId="summary-discount"
          >
            <OfferAmount line={line} />
          </Row>
        ))}
        <Row
          label={
            <>
              Delivery Fee <span className="text-xs">({deliveryDestination(cart)})</span>
              {exVatNote}
            </>
          }
          testId="summary-delivery"
        >
          {cart.deliveryFee === 0 && hasItems ? (
            <>
              <span className="mr-2 rounded bg-brand-50 px-1.5 py-0.5 text-xs font-bold text-brand-700">FREE</span>
              {formatPounds(0)}
            </>
          ) : (
            formatPounds(cart.deliveryFee)
          )}
        </Row>
        {offerLines.freeDelivery.map((line) => (
          <Row key={line.key} label={line.label} testId="summary-free-delivery">
            <OfferAmount line={line} />
          </Row>
        ))}
        <Row label={basketVatLabel(cart)} testId="summary-vat">
          {formatPounds(cart.totalTax)}
        </Row>
        <Row label="Total" strong testId="summary-total">
          {formatPounds(cart.total)}
        </Row>
      </dl>

      {hasItems && cart.next_offers.length > 0 ? (
        // Nearest first, as the server orders them: "Spend £12.40 more for free delivery".
        <ul className="mt-3 space-y-2" aria-label="Spend a little more" data-testid="next-offers">
          {cart.next_offers.map((text) => (
            <li key={text} className="flex items-start gap-2 rounded-md bg-accent-300/30 px-3 py-2.5 text-sm text-stone-800" data-testid="next-offer">
              <TagIcon width={18} height={18} className="mt-0.5 shrink-0 text-accent-500" />
              <span>{text}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {remote && hasItems ? (
        <p className="mt-3 flex items-start gap-2 rounded-md bg-accent-300/30 px-3 py-2.5 text-sm text-stone-800" data-testid="free-delivery-hint">
          <TruckIcon width={18} height={18} className="mt-0.5 shrink-0 text-accent-500" />
          <span>Delivery {deliveryDestination(cart)} takes 3-5 working days and carries extra carriage, whatever the order size.</span>
        </p>
      ) : hasItems && cart.deliveryFee === 0 ? (
        <p className="mt-3 flex items-start gap-2 rounded-md bg-brand-50 px-3 py-2.5 text-sm text-brand-800" data-testid="free-delivery-hint">
          <TruckIcon width={18} height={18} className="mt-0.5 shrink-0" />
          <span>Your order qualifies for free next-working-day delivery in mainland UK.</span>
        </p>
      ) : null}

      {children}

      <Link to={checkoutHref} className="btn-primary mt-5 w-full py-3" data-testid="checkout-button">
        Checkout &amp; Proceed To Payment
      </Link>
      <p className="mt-3 text-center text-xs text-stone-600" data-testid="summary-vat-note">
        {basketVatNote(cart, basis)}
      </p>
    </section>
  );
}
