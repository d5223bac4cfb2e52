/**
 * The e-mail of one shipment (core/back-office/orders/order-shipments.ts): what left, with which
 * carrier, the tracking number and link (or "with our own van", and no tracking), whether more is
 * to follow, and the invoice link once there is one. A correction of the carrier or tracking
 * number after dispatch sends the same e-mail, saying it corrects the earlier one.
 */
import { formatCount } from '@shop/contract';
import type { ShipmentView } from '../back-office/orders/order-shipments.ts';
import { carrierTracks } from '../back-office/orders/order-states.ts';
import type { ShopConfig } from '../shop/shop-config.ts';
import type { MailMessage } from './mailer.ts';
import { linkLine, shortMessage } from './short-message.ts';

export type ShipmentEmailReason = 'dispatched' | 'corrected';

export interface ShipmentEmailInput {
  shop: ShopConfig;
  to: string;
  firstName: string;
  orderId: number;
  shipment: ShipmentView;
  /** Every pack of the order has now left. */
  complete: boolean;
  /** The order had one shipment only, and it carried everything. */
  only: boolean;
  reason: ShipmentEmailReason;
  orderUrl: string;
  invoiceUrl: string | null;
  /**
   * Made-to-order lines delivered in other numbers than ordered, the order's new total and what
   * is now due (custom-quantity.ts deliveredCustomStatement); null when there are none.
   */
  madeToOrder?: string | null;
}

/** "with Royal Mail" or "with our own van": how the parcel travels, in the customer's words. */
export function carriedBy(carrier: string): string {
  return carrierTracks(carrier) ? `with ${carrier}` : 'with our own van';
}

export function shipmentEmail({ shop, to, firstName, orderId, shipment, complete, only, reason, orderUrl, invoiceUrl, madeToOrder = null }: ShipmentEmailInput): MailMessage {
  const part = only ? `Your order ${orderId}` : `Part ${shipment.number} of your order ${orderId}`;
  const subject =
    reason === 'corrected'
      ? `Corrected tracking details for your ${shop.tradingName} order ${orderId}`
      : only
        ? `Your ${shop.tradingName} order ${orderId} is on its way`
        : `Part of your ${shop.tradingName} order ${orderId} is on its way (shipment ${shipment.number})`;
  const what = shipment.lines.map((l) => `${formatCount(l.count)} x ${l.itemName} (pack of ${formatCount(l.qty)}${l.deliveredUnits !== null ? `, ${formatCount(l.deliveredUnits)} units delivered` : ''})`);
  const tracks = carrierTracks(shipment.carrier) && shipment.trackingNumber;
  const lines = [
    reason === 'corrected'
      ? `We made a mistake in the delivery details we sent you for ${only ? `your order ${orderId}` : `shipment ${shipment.number} of your order ${orderId}`}. These are the right ones.`
      : `${part} left our warehouse today ${carriedBy(shipment.carrier)}.`,
    reason === 'corrected' ? `It travels ${carriedBy(shipment.carrier)}.` : '',
    tracks ? `Tracking number: ${shipment.trackingNumber}` : 'There is no tracking number: our driver brings it and will call if needed.',
    shipment.trackingUrl ? linkLine('Track your parcel', shipment.trackingUrl) : '',
    only ? '' : `In this parcel: ${what.join('; ')}.`,
    only ? '' : complete ? 'This is the last part: everything you ordered has now been sent.' : 'The rest of your order will follow: we e-mail you when it leaves.',
    reason === 'dispatched' && madeToOrder ? madeToOrder : '',
    invoiceUrl && reason === 'dispatched' ? linkLine('Your VAT invoice', invoiceUrl) : '',
  ];
  return shortMessage({ shop, to, subject, firstName, lines, orderUrl, button: { url: orderUrl, label: 'View your order' } });
}
