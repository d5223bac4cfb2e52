/**
 * The price-match guarantee terms (SPEC 1 and 2 "Landing"), a dialog the landing page's tile
 * opens by its URL (/landing?price-match), so it opens without JavaScript too.
 */
import { Link } from 'react-router';
import { useRootData } from '~/root';
import { UrlDialog } from './account/url-dialog';
import { MailIcon, PhoneIcon } from './icons';

export function PriceMatchModal({ closeHref }: { closeHref: string }) {
  const { shop } = useRootData();
  return (
    <UrlDialog
      title="Price Match Guarantee"
      closeHref={closeHref}
      footer={
        <Link to={closeHref} className="btn-primary" preventScrollReset>
          Close
        </Link>
      }
    >
      <div className="prose-shop text-sm [&_h3]:mt-5 [&_h3]:text-base [&>:first-child]:mt-0">
        <p>
          Found the same product cheaper elsewhere? Tell us and we will match the price. It is part of how we keep our promise:
          <span className="font-medium text-stone-900"> ‘{shop.motto}’</span>.
        </p>
        <h3>How it works</h3>
        <ul>
          <li>The product must be like for like: the same make, size, grade, specification and pack quantity.</li>
          <li>The other supplier must be a UK business that delivers to your address, and the product must be in stock and available to order from them now.</li>
          <li>We compare prices excluding VAT, taking the other supplier’s delivery charges into account.</li>
          <li>The lower price must be publicly advertised or shown on a written quotation dated within the last 7 days.</li>
          <li>Contact us before you place your order; we cannot refund the difference on orders already placed.</li>
        </ul>
        <h3>What is not covered</h3>
        <ul>
          <li>Clearance, end-of-line, ex-display, damaged or second-hand stock.</li>
          <li>Prices from auction sites, marketplace sellers outside the UK, or members-only and trade-club schemes.</li>
          <li>Pricing errors, limited-time flash offers and bundle deals.</li>
          <li>Custom printed or made-to-measure products.</li>
        </ul>
        <p>
          We may limit the quantity we price match to normal trade volumes, and we reserve the right to decline a request. Our{' '}
          <Link to="/terms">
            Terms &amp; Conditions
          </Link>{' '}
          apply.
        </p>
      </div>
      <div className="mt-4 rounded-lg bg-brand-50 p-4 text-sm">
        <p className="font-semibold text-stone-900">Ask our sales team for a price match</p>
        <ul className="mt-2 space-y-1.5 text-stone-700">
          <li>
            <a href={`tel:${shop.phones.sales.replace(/\s/g, '')}`} className="inline-flex items-center gap-2 font-medium text-brand-700 hover:underline">
              <PhoneIcon width={16} height={16} />
              {shop.phones.sales}
            </a>
          </li>
          <li>
            <a href={`mailto:${shop.email}?subject=${encodeURIComponent('Price match request')}`} className="inline-flex items-center gap-2 font-medium text-brand-700 hover:underline">
              <MailIcon width={16} height={16} />
              {shop.email}
            </a>
          </li>
        </ul>
        <p className="mt-2 text-xs text-stone-600">
          Please include the product code, the quantity and a link to, or copy of, the competitor’s price.
        </p>
      </div>
    </UrlDialog>
  );
}
