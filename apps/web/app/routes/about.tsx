import type { MetaFunction } from 'react-router';
import { Link } from 'react-router';
import { pageMeta } from '~/components/page-meta';
import { StaticPage } from '~/components/static-page';
import { CheckIcon } from '~/components/icons';
import { formatPounds } from '@shop/contract/browser';
import { useRootData } from '~/root';

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    'About Us',
    'Who we are: a UK packaging wholesaler supplying boxes, mailers, tape, protective and catering packaging to trade and domestic customers, with a shop and trade counter.',
    'about us, packaging wholesaler, packaging supplies, cardboard boxes, trade packaging',
  );

export default function AboutPage() {
  const { shop } = useRootData();
  return (
    <StaticPage
      title="About Us"
      intro={
        <p>
          {shop.tradingName} supplies packaging to businesses and households across the UK, from a single roll of tape to a
          pallet of boxes.
        </p>
      }
    >
      <figure className="mb-8 rounded-lg border-l-4 border-accent-400 bg-brand-50 px-5 py-4">
        <blockquote className="text-lg font-semibold text-brand-800 sm:text-xl">‘{shop.motto}’</blockquote>
        <figcaption className="mt-1 text-sm text-stone-600">Our promise since day one</figcaption>
      </figure>

      <h2>Who we are</h2>
      <p>
        {shop.companyName} is an independent, family-run packaging wholesaler. We started out supplying cardboard boxes to
        local removal firms and market traders, and today we stock thousands of lines for warehouses, online retailers,
        manufacturers, caterers, offices and people moving house.
      </p>
      <p>
        We buy in bulk from trusted UK and European manufacturers and sell at wholesale prices, in pack sizes that suit you.
        Every price on this website is shown excluding VAT, and the more packs you buy, the lower the unit price.
      </p>

      <h2>What we sell</h2>
      <ul>
        <li>Single and double wall cardboard boxes, postal boxes and removal boxes</li>
        <li>Mailing bags, padded envelopes and document wallets</li>
        <li>Packing tape, dispensers, labels and strapping</li>
        <li>Bubble wrap, void fill, foam and other protective packaging</li>
        <li>Pallet wrap, stretch film and warehouse supplies</li>
        <li>Food-safe and catering packaging, bags and disposables</li>
      </ul>

      <h2>Our shop in {shop.city}</h2>
      <p>
        As well as delivering nationwide, we run a shop and trade counter in {shop.city}, where you can see the products,
        ask for advice and collect orders the same day. You will find us at {shop.address.line1}, {shop.address.line2},{' '}
        {shop.address.town} {shop.address.postcode}. There is free parking outside and our team will help you load.
      </p>

      <h2>Why customers stay with us</h2>
      <ul className="mb-6 grid list-none gap-3 pl-0 sm:grid-cols-2">
        {[
          'Trade prices for everyone, with no minimum order',
          `Free next-working-day delivery in mainland UK on orders over ${formatPounds(shop.freeDeliveryThreshold)} ex-VAT`,
          'Price match guarantee on like-for-like products',
          'Friendly, knowledgeable people on the end of the phone',
          'Credit accounts for established businesses',
          'Custom sizes and printed packaging on request',
        ].map((reason) => (
          <li key={reason} className="mb-0 flex items-start gap-2 rounded-md bg-stone-50 px-3 py-2.5 text-sm text-stone-700">
            <CheckIcon width={18} height={18} className="mt-0.5 shrink-0 text-brand-600" />
            {reason}
          </li>
        ))}
      </ul>
      <p>
        Whether you send out ten parcels a week or ten thousand, we would like to help. Read about our{' '}
        <Link to="/delivery-information">delivery services and costs</Link>, or <Link to="/contact">get in touch</Link> for a
        quotation.
      </p>
      <p className="border-t border-stone-200 pt-4 text-sm">
        {shop.companyName} is registered in England and Wales, company number {shop.companyNumber}.
      </p>
    </StaticPage>
  );
}
