/**
 * The terms and delivery terms of the payment step (SPEC 2), each opened as a modal from a link
 * under the payment buttons: a summary of the terms (SPEC 9) with a link to the full page, and
 * the delivery rules (SPEC 9) with the shop's configured threshold and fee. The links lead to
 * those full pages, which is what they do without JavaScript.
 */
import { useState } from 'react';
import { formatPounds } from '@shop/contract/browser';
import { Modal } from '~/components/modal';
import { useRootData } from '~/root';

const linkButton =
  'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 rounded-sm';

export function TermsNotice({ action }: { action: string }) {
  const [open, setOpen] = useState<'terms' | 'delivery' | null>(null);
  return (
    <>
      <p className="text-xs leading-relaxed text-stone-600" data-testid="terms-notice">
        By {action} you agree to our{' '}
        <a href="/terms" className={linkButton} onClick={(event) => (event.preventDefault(), setOpen('terms'))} data-testid="open-terms">
          Terms &amp; Conditions
        </a>{' '}
        and{' '}
        <a href="/delivery-information" className={linkButton} onClick={(event) => (event.preventDefault(), setOpen('delivery'))} data-testid="open-delivery-terms">
          Delivery Terms
        </a>
        .
      </p>
      <TermsModal open={open === 'terms'} onClose={() => setOpen(null)} />
      <DeliveryTermsModal open={open === 'delivery'} onClose={() => setOpen(null)} />
    </>
  );
}

function FullPageLink({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} target="_blank" rel="noopener" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

function CloseButton({ onClose }: { onClose(): void }) {
  return (
    <button type="button" className="btn-primary min-w-24" onClick={onClose}>
      OK
    </button>
  );
}

export function TermsModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const { shop } = useRootData();
  return (
    <Modal open={open} onClose={onClose} title="Terms & Conditions" footer={<CloseButton onClose={onClose} />}>
      <div className="space-y-3 text-sm leading-relaxed text-stone-700" data-testid="terms-modal">
        <p>
          Your order is a contract with {shop.companyName} under English law. In summary:
        </p>
        <ul className="list-disc space-y-1.5 pl-5">
          <li>Prices are shown excluding VAT; VAT is added at checkout. Quotations are valid for 30 days.</li>
          <li>We accept credit and debit cards, wallet payments and bank transfer. Credit account invoices are payable within 7 days.</li>
          <li>Customised products may be delivered within plus or minus 10% of the quantity ordered, and are charged for what is delivered.</li>
          <li>If we cannot supply an item from stock, we refund you within 30 days.</li>
          <li>Stocked products may be cancelled within 30 days of delivery or collection; unwanted goods may be returned unopened within 30 days, at our discretion.</li>
          <li>Please tell us of damage or a short delivery within 3 days, and of a defect within 14 days of finding it (at most 30 days from delivery).</li>
          <li>Goods are guaranteed for 6 months from delivery.</li>
        </ul>
        <p>
          <FullPageLink href="/terms">Read the full Terms &amp; Conditions</FullPageLink>
        </p>
      </div>
    </Modal>
  );
}

export function DeliveryTermsModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const { shop } = useRootData();
  return (
    <Modal open={open} onClose={onClose} title="Delivery Terms" footer={<CloseButton onClose={onClose} />}>
      <div className="space-y-3 text-sm leading-relaxed text-stone-700" data-testid="delivery-terms-modal">
        <ul className="list-disc space-y-1.5 pl-5">
          <li>
            <strong className="text-stone-900">Free next-working-day delivery</strong> in mainland UK on orders over{' '}
            {formatPounds(shop.freeDeliveryThreshold)} excluding VAT; otherwise delivery costs {formatPounds(shop.deliveryFee)} + VAT.
          </li>
          <li>Orders placed before 3pm are dispatched the same working day; internet orders by 3pm aim for delivery by 6pm the next working day.</li>
          <li>Orders placed on Friday after 3pm are dispatched on Monday.</li>
          <li>
            Remote postcodes (Scottish Highlands and islands, Northern Ireland, Isles of Scilly, Channel Islands, Isle of Man, Republic of Ireland) take
            3-5 working days and cost {formatPounds(shop.remoteDeliveryFee)} + VAT whatever the order value.
          </li>
          <li>We cannot deliver to PO boxes.</li>
        </ul>
        <p>
          <FullPageLink href="/delivery-information">Read more about delivery services and costs</FullPageLink>
        </p>
      </div>
    </Modal>
  );
}
