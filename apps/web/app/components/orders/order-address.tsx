/** The delivery address an order keeps (SPEC 2 "Order detail"): contact name, address, town, post code, phone. */
import { streetLine } from '~/components/checkout/address-format';
import type { OrderAddress } from '~/components/checkout/checkout-types';

export function OrderAddressBlock({ address }: { address: OrderAddress }) {
  const street = streetLine(address.region, address.address);
  return (
    <address className="text-sm leading-relaxed wrap-anywhere text-stone-700 not-italic" data-testid="order-address">
      <span className="font-medium text-stone-900">{address.contact_name}</span>
      {address.company_name ? (
        <>
          <br />
          {address.company_name}
        </>
      ) : null}
      <br />
      {street}
      <br />
      {address.town}
      <br />
      {address.post_code}
      {address.phone ? (
        <>
          <br />
          <span className="text-stone-600">Phone:</span> {address.phone}
        </>
      ) : null}
    </address>
  );
}
