import type { ReactNode } from 'react';
import type { MetaFunction } from 'react-router';
import { Link } from 'react-router';
import { formatPounds } from '@shop/contract/browser';
import { pageMeta } from '~/components/page-meta';
import { StaticPage } from '~/components/static-page';
import { useRootData } from '~/root';

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    'Terms & Conditions',
    'The terms and conditions of sale for packaging products ordered from our website, by phone or on account.',
    'terms and conditions, terms of sale, packaging supplier terms',
  );

/** One numbered section: an h2 with its number and title, and numbered clauses (1.1, 1.2, ...). */
function Section({ number, id, title, clauses }: { number: number; id: string; title: string; clauses: ReactNode[] }) {
  return (
    <section aria-labelledby={id} className="scroll-mt-4">
      <h2 id={id}>
        {number}. {title}
      </h2>
      <ol className="list-none pl-0">
        {clauses.map((clause, index) => (
          <li key={index} className="flex gap-3">
            <span className="w-8 shrink-0 font-medium text-stone-900 tabular-nums">
              {number}.{index + 1}
            </span>
            <span className="min-w-0">{clause}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

const sections = [
  { id: 'definitions', title: 'Definitions' },
  { id: 'price-and-payment', title: 'Price and Payment' },
  { id: 'delivery-and-title', title: 'Delivery and Title' },
  { id: 'availability', title: 'Availability' },
  { id: 'cancellation-and-returns', title: 'Cancellation and Returns' },
  { id: 'warranty', title: 'Warranty' },
  { id: 'termination', title: 'Termination' },
  { id: 'events-beyond-control', title: 'Events Beyond Control' },
  { id: 'general-terms', title: 'General Terms' },
] as const;

export default function TermsPage() {
  const { shop } = useRootData();
  const seller = shop.companyName;
  const clauses: Record<(typeof sections)[number]['id'], ReactNode[]> = {
    definitions: [
      <>
        <strong>‘Seller’</strong>, ‘we’ and ‘us’ mean {seller}, a company registered in England and Wales under company number{' '}
        {shop.companyNumber}, whose address is {shop.address.line1}, {shop.address.line2}, {shop.address.town}{' '}
        {shop.address.postcode}.
      </>,
      <>
        <strong>‘Buyer’</strong>, ‘you’ and ‘your’ mean the person, firm or company who orders Goods from the Seller.
      </>,
      <>
        <strong>‘Goods’</strong> means the products the Buyer orders, including any customised or printed products.
      </>,
      <>
        <strong>‘Contract’</strong> means the contract for the sale of Goods between the Seller and the Buyer, which is formed
        when the Seller accepts the Buyer’s order.
      </>,
      <>
        <strong>‘Working Day’</strong> means any day other than a Saturday, a Sunday or a bank holiday in England.
      </>,
      <>These terms apply to every Contract and take precedence over any terms the Buyer puts forward.</>,
    ],
    'price-and-payment': [
      <>
        Prices are shown in pounds sterling and exclude VAT, which is added at the rate in force on the date of invoice
        (currently {shop.vatRatePercent}%).
      </>,
      <>
        Delivery is free to mainland UK addresses on orders over {formatPounds(shop.freeDeliveryThreshold)} excluding VAT;
        otherwise a delivery charge of {formatPounds(shop.deliveryFee)} plus VAT applies. Extra carriage applies to remote
        postcodes, as set out on our <Link to="/delivery-information">Delivery Services &amp; Costs</Link> page.
      </>,
      <>A quotation is valid for 30 days from its date, unless withdrawn earlier by the Seller in writing.</>,
      <>
        Payment may be made on account, by credit or debit card, by wallet payment or by bank transfer. Unless the Buyer has a
        credit account, payment is due in full before the Goods are dispatched.
      </>,
      <>
        Buyers with an approved credit account must pay each invoice within 7 days of the date of the invoice. Time for payment
        is of the essence.
      </>,
      <>
        If a business Buyer pays late, the Seller may charge interest and compensation under the Late Payment of Commercial
        Debts (Interest) Act 1998, and may suspend further deliveries until payment is received.
      </>,
      <>The Seller will correct any obvious error in a price, quotation or invoice and is not bound to supply Goods at a price shown in error.</>,
    ],
    'delivery-and-title': [
      <>
        Delivery times are estimates. The Seller will use reasonable efforts to meet them but is not liable for any loss caused
        by a delay.
      </>,
      <>The Seller does not deliver to PO boxes. The Buyer must give a full delivery address and ensure safe access to it.</>,
      <>Risk in the Goods passes to the Buyer on delivery or, if the Buyer collects them, on collection.</>,
      <>
        Ownership (title) of the Goods remains with the Seller until the Seller has received payment in full for them. Until
        then, the Buyer must keep the Goods separate, identifiable and insured.
      </>,
      <>
        The Buyer must inspect the Goods on delivery and notify the Seller of any damage or short delivery within 3 days of
        delivery. Goods signed for as received in good condition are presumed delivered in full and undamaged.
      </>,
      <>
        For customised or printed Goods, the quantity delivered may vary from the quantity ordered by up to 10% more or 10%
        less (±10%), and the Buyer will be charged pro rata for the quantity actually delivered.
      </>,
    ],
    availability: [
      <>All orders are subject to the availability of the Goods. Pictures and descriptions are for guidance only.</>,
      <>
        If the Seller has insufficient stock to fulfil an order, it will tell the Buyer as soon as possible and may offer an
        alternative or a later delivery date.
      </>,
      <>
        If the Buyer does not accept an alternative or a later date, the Seller will refund the amount paid for the Goods it
        cannot supply within 30 days.
      </>,
    ],
    'cancellation-and-returns': [
      <>
        The Buyer may cancel an order for stocked products within 30 days of delivery or collection by notifying the Seller.
      </>,
      <>
        The Seller may, at its discretion, accept the return of unwanted Goods within 30 days of delivery, provided that they
        are unopened, unused and in a resaleable condition. The Buyer is responsible for the cost of returning them.
      </>,
      <>
        Customised, printed or made-to-measure Goods cannot be cancelled once production has started and cannot be returned
        unless they are defective.
      </>,
      <>
        Refunds are made to the original payment method within 30 days of the Seller receiving the returned Goods. Details are
        set out in our <Link to="/return-policy">Returns &amp; Exchange</Link> policy.
      </>,
    ],
    warranty: [
      <>
        The Seller warrants that, for a period of 6 months from delivery, the Goods will correspond with their description and
        be free from material defects in materials and workmanship.
      </>,
      <>
        The Buyer must notify the Seller of any defect within 14 days of discovering it, and in any event no later than 30 days
        from delivery, and give the Seller a reasonable opportunity to examine the Goods.
      </>,
      <>
        If a valid claim is made, the Seller will, at its option, repair or replace the defective Goods or refund the price paid
        for them.
      </>,
      <>
        The warranty does not cover defects caused by fair wear and tear, misuse, improper storage, or use for a purpose for
        which the Goods were not designed.
      </>,
      <>
        Nothing in these terms limits liability for death or personal injury caused by negligence, for fraud, or for any other
        liability that cannot be limited by law. Subject to that, the Seller is not liable to a business Buyer for any indirect
        loss or loss of profit, and its total liability is limited to the price of the Goods concerned.
      </>,
    ],
    termination: [
      <>
        The Seller may suspend or terminate a Contract, without liability, if the Buyer fails to pay any amount when due or
        breaches these terms and does not remedy the breach within 7 days of being asked to do so.
      </>,
      <>
        The Seller may also terminate a Contract immediately if the Buyer becomes insolvent, enters into administration or
        liquidation, or makes an arrangement with its creditors.
      </>,
      <>On termination, all amounts owed by the Buyer become due immediately.</>,
    ],
    'events-beyond-control': [
      <>
        The Seller is not liable for any delay or failure to perform its obligations caused by events beyond its reasonable
        control, including severe weather, fire, flood, pandemic, strikes, failure of suppliers or carriers, shortages of
        materials, and acts of government.
      </>,
      <>
        If such an event continues for more than 30 days, either party may cancel the affected order by written notice, and
        the Seller will refund any amount paid for Goods not delivered.
      </>,
    ],
    'general-terms': [
      <>
        These terms, together with the Buyer’s accepted order, form the whole agreement between the parties. No variation is
        binding unless agreed in writing by the Seller.
      </>,
      <>If any provision is found invalid or unenforceable, the remaining provisions stay in full force.</>,
      <>A failure or delay by the Seller in enforcing any right does not waive that right.</>,
      <>The Buyer may not transfer its rights or obligations under a Contract without the Seller’s written consent.</>,
      <>
        If the Buyer is a consumer, nothing in these terms affects the Buyer’s statutory rights, including those under the
        Consumer Rights Act 2015.
      </>,
      <>
        These terms and every Contract are governed by English law, and the courts of England and Wales have exclusive
        jurisdiction over any dispute.
      </>,
    ],
  };

  return (
    <StaticPage
      title="Terms & Conditions"
      intro={
        <p>
          These terms apply to all orders placed with {shop.companyName} on our website, by phone, by e-mail or in our shop. Please
          read them carefully before ordering.
        </p>
      }
    >
      <nav aria-label="Sections" className="mb-8 rounded-lg border border-stone-200 bg-stone-50 px-5 py-4">
        <p className="mb-2 text-sm font-semibold text-stone-900">Contents</p>
        <ol className="mb-0 list-none gap-x-6 pl-0 text-sm sm:columns-2">
          {sections.map((section, index) => (
            <li key={section.id} className="mb-1 break-inside-avoid">
              <a href={`#${section.id}`}>
                {index + 1}. {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, index) => (
        <Section key={section.id} number={index + 1} id={section.id} title={section.title} clauses={clauses[section.id]} />
      ))}
    </StaticPage>
  );
}
