import type { MetaFunction } from 'react-router';
import { Link } from 'react-router';
import { formatPounds } from '@shop/contract/browser';
import { pageMeta } from '~/components/page-meta';
import { StaticPage } from '~/components/static-page';
import { TruckIcon } from '~/components/icons';
import { useRootData } from '~/root';

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    'Delivery Services & Costs',
    'Free next-working-day delivery on qualifying packaging orders in mainland UK. Delivery charges, dispatch cut-off times and delivery to remote postcodes.',
    'packaging delivery, next day delivery, free delivery, delivery costs, carriage charges',
  );

export default function DeliveryInformationPage() {
  const { shop } = useRootData();
  const threshold = formatPounds(shop.freeDeliveryThreshold);
  const fee = formatPounds(shop.deliveryFee);
  return (
    <StaticPage
      title="Delivery Services & Costs"
      intro={
        <p>
          Fast, reliable delivery across the UK, free on orders over {threshold} excluding VAT to addresses in mainland UK.
        </p>
      }
    >
      <div className="mb-8 grid gap-4 sm:grid-cols-2">
        <div className="rounded-lg border border-brand-200 bg-brand-50 p-5">
          <TruckIcon width={28} height={28} className="text-brand-600" />
          <p className="mt-2 mb-1 text-sm font-medium text-stone-700">Orders over {threshold} ex-VAT</p>
          <p className="mb-0 text-2xl font-bold text-brand-700">Free</p>
          <p className="mt-1 mb-0 text-sm text-stone-600">Next working day, mainland UK</p>
        </div>
        <div className="rounded-lg border border-stone-200 bg-stone-50 p-5">
          <TruckIcon width={28} height={28} className="text-stone-500" />
          <p className="mt-2 mb-1 text-sm font-medium text-stone-700">Orders under {threshold} ex-VAT</p>
          <p className="mb-0 text-2xl font-bold text-stone-900">
            {fee} <span className="text-base font-semibold text-stone-600">+ VAT</span>
          </p>
          <p className="mt-1 mb-0 text-sm text-stone-600">Next working day, mainland UK</p>
        </div>
      </div>

      <h2>Delivery charges</h2>
      <table className="mb-4 w-full border-collapse text-left text-sm">
        <caption className="sr-only">Delivery charges by destination and order value</caption>
        <thead>
          <tr className="border-b-2 border-stone-200 text-stone-900">
            <th scope="col" className="py-2 pr-3 font-semibold">Destination</th>
            <th scope="col" className="py-2 pr-3 font-semibold">Charge</th>
            <th scope="col" className="py-2 font-semibold">Delivery time</th>
          </tr>
        </thead>
        <tbody className="align-top text-stone-700">
          <tr className="border-b border-stone-200">
            <th scope="row" className="py-2.5 pr-3 font-medium text-stone-900">
              Mainland UK
              <span className="block font-normal text-stone-600">Orders over {threshold} ex-VAT</span>
            </th>
            <td className="py-2.5 pr-3 font-semibold text-brand-700">Free</td>
            <td className="py-2.5">Next working day</td>
          </tr>
          <tr className="border-b border-stone-200">
            <th scope="row" className="py-2.5 pr-3 font-medium text-stone-900">
              Mainland UK
              <span className="block font-normal text-stone-600">Orders under {threshold} ex-VAT</span>
            </th>
            <td className="py-2.5 pr-3">{fee} + VAT</td>
            <td className="py-2.5">Next working day</td>
          </tr>
          <tr>
            <th scope="row" className="py-2.5 pr-3 font-medium text-stone-900">
              Remote postcodes
              <span className="block font-normal text-stone-600">Any order value</span>
            </th>
            <td className="py-2.5 pr-3">Extra carriage, quoted</td>
            <td className="py-2.5">3-5 working days</td>
          </tr>
        </tbody>
      </table>
      <p>
        The delivery charge for your order is shown in your basket before you pay. VAT is added to delivery charges at the
        standard rate of {shop.vatRatePercent}%.
      </p>

      <h2>Dispatch times</h2>
      <ul>
        <li>Orders placed before 3pm on a working day are dispatched the same day.</li>
        <li>Internet orders placed by 3pm aim to be delivered by 6pm on the next working day.</li>
        <li>Orders placed after 3pm are dispatched on the next working day.</li>
        <li>Orders placed on a Friday after 3pm, or at the weekend, are dispatched on Monday.</li>
      </ul>
      <p>
        Working days are Monday to Friday, excluding bank holidays. Delivery times are our carriers’ targets rather than
        guarantees, though the vast majority of parcels arrive on time.
      </p>

      <h2>Remote postcodes</h2>
      <p>
        Deliveries to the following areas take 3-5 working days and carry an extra carriage charge, which we will confirm with
        you before your order is dispatched:
      </p>
      <ul>
        <li>Scottish Highlands and islands, including Orkney, Shetland and the Outer Hebrides</li>
        <li>Northern Ireland</li>
        <li>Channel Islands</li>
        <li>Isle of Man</li>
        <li>Republic of Ireland</li>
        <li>Other offshore islands, such as the Isle of Wight and the Isles of Scilly</li>
      </ul>
      <p>
        If you are unsure whether your postcode is affected, please <Link to="/contact">contact us</Link> before ordering.
      </p>

      <h2>Receiving your delivery</h2>
      <ul>
        <li>We cannot deliver to PO boxes. Please give a full street address.</li>
        <li>Large orders may arrive on a pallet; please let us know in the delivery note if access is restricted.</li>
        <li>
          Please check your goods on arrival and tell us about any damage or shortage within 3 days of delivery (see our{' '}
          <Link to="/return-policy">returns and exchange policy</Link>).
        </li>
      </ul>

      <h2>Collecting from our shop</h2>
      <p>
        You are welcome to collect your order from our shop in {shop.city} during opening hours. Please wait for us to confirm
        that your order is ready before you travel.
      </p>
    </StaticPage>
  );
}
