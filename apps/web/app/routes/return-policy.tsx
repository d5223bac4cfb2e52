import type { MetaFunction } from 'react-router';
import { Link } from 'react-router';
import { pageMeta } from '~/components/page-meta';
import { StaticPage, telHref } from '~/components/static-page';
import { useRootData } from '~/root';

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    'Returns & Exchange',
    'How to return or exchange packaging products: unwanted goods, damaged or short deliveries, faulty items and refunds.',
    'returns policy, exchange, refund, damaged delivery, packaging returns',
  );

export default function ReturnPolicyPage() {
  const { shop } = useRootData();
  return (
    <StaticPage
      title="Returns & Exchange"
      intro={<p>If something is not right with your order, tell us and we will put it right as quickly as we can.</p>}
    >
      <h2>At a glance</h2>
      <ul>
        <li>
          <strong>Damaged or missing items:</strong> tell us within 3 days of delivery.
        </li>
        <li>
          <strong>Faulty goods:</strong> tell us within 14 days of finding the fault, and no later than 30 days after delivery.
        </li>
        <li>
          <strong>Changed your mind:</strong> stocked products can be cancelled within 30 days of delivery or collection.
        </li>
        <li>
          <strong>Refunds:</strong> paid within 30 days, to the payment method you used.
        </li>
      </ul>

      <h2>Damaged or short deliveries</h2>
      <p>
        Please check your delivery when it arrives. If anything is damaged, or fewer items arrive than are shown on your
        delivery note, let us know within 3 days of delivery. Keep the goods and packaging so that we or our carrier can
        inspect them. We will send replacements or refund the affected items, at no cost to you.
      </p>

      <h2>Faulty goods</h2>
      <p>
        If a product is faulty, tell us within 14 days of discovering the fault and in any case no later than 30 days from
        delivery. Our products carry a 6-month warranty from the date of delivery. Once we have confirmed the fault, we will
        replace the goods or give you a full refund, including the original delivery charge and the cost of returning them.
      </p>

      <h2>Unwanted goods</h2>
      <p>
        Ordered the wrong size or too many? You can cancel an order for stocked products within 30 days of delivery or
        collection. We are happy to accept the return of unwanted goods within 30 days, at our discretion, provided that:
      </p>
      <ul>
        <li>the goods are unused, unopened and in their original packs, in a condition to be resold;</li>
        <li>you contact us first so that we can give you a returns reference; and</li>
        <li>you arrange and pay for the return carriage, unless we agree otherwise.</li>
      </ul>
      <p>
        Once the goods arrive back with us and have been checked, we will exchange them or refund the price of the goods. A
        refund will be paid within 30 days.
      </p>

      <h2>Products that cannot be returned</h2>
      <ul>
        <li>Custom-made, printed or made-to-measure products, unless they are faulty.</li>
        <li>Opened packs, or goods that have been used, written on or damaged after delivery.</li>
        <li>Food-contact and hygiene products once their packaging has been opened.</li>
      </ul>

      <h2>Out-of-stock items</h2>
      <p>
        If we cannot supply part of your order because we do not have enough stock, we will let you know and refund the amount
        paid for the items we cannot supply within 30 days, unless you would prefer to wait for new stock or choose an
        alternative.
      </p>

      <h2>How to return an item</h2>
      <ol>
        <li>
          Call us on <a href={telHref(shop.phones.sales)}>{shop.phones.sales}</a> or e-mail{' '}
          <a href={`mailto:${shop.email}`}>{shop.email}</a> with your order number and the items you would like to return.
        </li>
        <li>We will give you a returns reference and tell you where to send the goods.</li>
        <li>Pack the goods securely and write the returns reference clearly on the outside.</li>
        <li>We will confirm by e-mail when your exchange or refund has been processed.</li>
      </ol>

      <h2>Your legal rights</h2>
      <p>
        If you are buying as a consumer, this policy is in addition to your legal rights under the Consumer Rights Act 2015 and
        the Consumer Contracts Regulations 2013, and does not affect them. Business customers should also read our{' '}
        <Link to="/terms">Terms &amp; Conditions</Link>.
      </p>
    </StaticPage>
  );
}
