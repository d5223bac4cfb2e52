/** The customer's saved addresses, the billing one marked. */
import { streetLine } from '~/components/checkout/address-format';
import type { CustomerPanelProps } from './customer-panel';

export function AddressesPanel({ page }: Pick<CustomerPanelProps, 'page'>) {
  const { addresses } = page.customer;
  return (
    <section aria-labelledby="addresses-heading">
      <h2 id="addresses-heading" className="text-lg font-semibold text-stone-900">
        Saved addresses
      </h2>
      {addresses.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">No saved addresses.</p>
      ) : (
        <ul className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="customer-addresses">
          {addresses.map((a) => (
            <li key={a.addressId} className="card p-4 text-sm">
              <p className="font-medium text-stone-900">
                {a.reference}
                {a.isBilling && <span className="ml-2 rounded bg-brand-100 px-1.5 py-0.5 text-xs font-medium text-brand-800">Billing</span>}
              </p>
              <address className="mt-1 text-stone-700 not-italic">
                {[a.contactName, a.companyName, streetLine(a.region, a.address), a.town, a.postCode, a.country].filter(Boolean).map((line, i) => (
                  <span key={i} className="block">
                    {line}
                  </span>
                ))}
                <span className="mt-1 block text-stone-500">{a.phone}</span>
              </address>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
