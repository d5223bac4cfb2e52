/**
 * The content of a full VAT invoice (HMRC "VAT guide: invoices", the fields a full invoice must
 * show), built from the stored order and nothing else: amounts are the order's own pence, so the
 * invoice agrees to the penny with what the customer was charged.
 *
 * - a unique invoice number from one sequence (invoice-numbers.ts);
 * - the invoice date and the time of supply (invoice-eligibility.ts);
 * - the supplier's name, address and VAT registration number (shop configuration);
 * - the customer's name (or company) and address: the billing address the order was placed with,
 *   the company name and VAT number from the customer's account when given;
 * - per line: description (the storefront's item display name), quantity (packs x pack size, and
 *   units), unit price ex-VAT (one pack), VAT rate, amount ex-VAT; delivery as a line of its own;
 * - totals ex-VAT, VAT and gross, in GBP; the payment terms or status: what is paid and the
 *   balance due (every order is invoiced at dispatch, paid or not: invoice-eligibility.ts);
 * - a time of supply in a VAT quarter already filed: the day the VAT is accounted on instead;
 * - the VAT rate is the order's, fixed when it was placed (pricing/vat-by-destination.ts): a
 *   zero-rated export says so and why, as HMRC requires of a zero-rated supply (VAT Notice 703).
 * - a trade-account order with money due: how to pay it (the shop's bank details, the order's
 *   reference to quote, the due date set at dispatch), since the invoice is what it is paid from.
 */
import { formatCount, formatPounds, TEST_PAYMENT_LABEL, vatWording, type AddressFields, type VatTreatment } from '@shop/contract';
import { itemDisplayName } from '../catalogue/item-display-name.ts';
import { formatDayMonthYear } from './document-format.ts';
import { penceToPounds, type Pence } from '../pricing/money.ts';
import { zeroRatingReason } from '../pricing/vat-by-destination.ts';
import type { ShopConfig } from '../shop/shop-config.ts';
import type { IsoDate } from '../delivery/dispatch-promise.ts';
import type { OrderLineRow } from '../orders/order-repository.ts';
import type { DocumentOrder } from './document-repository.ts';
import { formatInvoiceNumber, type IssuedInvoice } from './invoice-numbers.ts';
import { londonDate } from './invoice-eligibility.ts';
import { paymentFiguresOf } from '../back-office/orders/order-states.ts';

export interface VatInvoiceLine {
  description: string;
  /** "2 x pack of 25 (50 units)"; delivery: "1". */
  quantity: string;
  unitPricePence: Pence;
  vatRatePercent: number;
  amountPence: Pence;
}

export interface VatInvoice {
  invoiceNumber: string;
  invoiceDate: IsoDate;
  /** The time of supply (tax point). */
  taxPointDate: IsoDate;
  orderId: number;
  orderDate: IsoDate;
  paymentReference: string;
  /** Paid by a simulated (test) payment: no money was taken, and the invoice says so at its top and in its payment lines. */
  testPayment: boolean;
  purchaseOrderNumber: string | null;
  supplier: { name: string; addressLines: string[]; vatNumber: string; companyNumber: string; email: string; phone: string };
  customer: { name: string; companyName: string | null; vatNumber: string | null; addressLines: string[] };
  deliveryAddressLines: string[] | null;
  lines: VatInvoiceLine[];
  vatTreatment: VatTreatment;
  vatRatePercent: number;
  /** The VAT total's label: "VAT at 20%", or "VAT: Zero-rated export (0%)". */
  vatLabel: string;
  /** Why no VAT is charged (a zero-rated export); null at the standard rate. */
  zeroRatingReason: string | null;
  totals: { netPence: Pence; vatPence: Pence; grossPence: Pence };
  /** What the customer has paid (net of refunds, at most the total) and what is still due. */
  paidPence: Pence;
  balanceDuePence: Pence;
  /**
   * When the time of supply fell in a VAT quarter already filed: the sentence saying on which day
   * the VAT is accounted instead (the tax point printed); null otherwise.
   */
  taxPointNote: string | null;
  /** An offer's discount, taken off the goods before VAT (offers/): what it was and how much; null for none. */
  discountNote: string | null;
  currency: 'GBP';
  /** Payment status and terms, one sentence per entry. */
  payment: string[];
  /** A trade-account order with money due: where to send it, the reference to quote and by when; else null. */
  howToPay: HowToPay | null;
  /**
   * Which shipments the invoice covers, when the order left in more than one parcel or only part
   * of it had left when the invoice was issued: one sentence each; empty otherwise.
   */
  shipments: string[];
}

/** A shipment of the order as the invoice names it (those that had left when it was issued). */
export interface InvoicedShipment {
  number: number;
  dispatchedAt: Date;
  /** "2 x Cardboard Box 12x9x6" */
  packs: string[];
}

/**
 * The invoice's words about shipments. The shop issues one invoice per order (its number sequence
 * and the credit notes hang on it), when it is paid or, for an account, when its first parcel
 * leaves: so an invoice issued after the first of several parcels says which had left and that it
 * covers the rest too.
 */
export function shipmentSentences(shipped: readonly InvoicedShipment[], complete: boolean): string[] {
  if (shipped.length === 0 || (shipped.length === 1 && complete)) return [];
  const sentences = shipped.map((s) => `Shipment ${s.number}, sent ${formatDayMonthYear(londonDate(s.dispatchedAt))}: ${s.packs.join('; ')}.`);
  sentences.push(
    complete
      ? `This invoice covers shipments ${shipped.map((s) => s.number).join(' and ')}: the whole order.`
      : `This invoice covers the whole order: shipment${shipped.length > 1 ? 's' : ''} ${shipped.map((s) => s.number).join(' and ')} above, and the goods still to be sent in later shipments.`,
  );
  return sentences;
}

export interface HowToPay {
  amountPence: Pence;
  dueDate: IsoDate;
  payee: string;
  bankName: string;
  sortCode: string;
  accountNumber: string;
  /** The order's own reference (DESIGN section 4 "Orders"), so the transfer is matched to it. */
  reference: string;
}

/** "GB 123 4567 89" (or "GB 123 4567 89 012") from the stored 'GB123456789'. */
export function formatVatNumber(vatNumber: string): string {
  const digits = vatNumber.replace(/^GB/i, '').replace(/\s+/g, '');
  if (!/^(\d{9}|\d{12})$/.test(digits)) return vatNumber;
  return ['GB', digits.slice(0, 3), digits.slice(3, 7), digits.slice(7, 9), digits.slice(9)].filter(Boolean).join(' ');
}

/** '12 Boar Lane' for a house number, 'Aire House, Boar Lane' for a name (as the storefront writes it). */
export function streetLine(house: string, street: string): string {
  const h = house.trim();
  const s = street.trim();
  if (!h || !s) return h || s;
  return /^\d+[A-Za-z]?$/.test(h) ? `${h} ${s}` : `${h}, ${s}`;
}

/** An address snapshot's postal lines (without the contact name or company). */
export function postalLines(address: AddressFields): string[] {
  return [streetLine(address.region, address.address), address.town, address.post_code, address.country].map((line) => line.trim()).filter(Boolean);
}

export function shopAddressLines(shop: ShopConfig): string[] {
  const a = shop.address;
  return [a.line1, a.line2, a.town, a.postcode, a.country].map((line) => line.trim()).filter(Boolean);
}

/** How the lines of an order read as quantities: "2 x pack of 25 (50 units)". */
export function packQuantity(count: number, packSize: number): string {
  return `${formatCount(count)} x pack of ${formatCount(packSize)} (${formatCount(count * packSize)} units)`;
}

/** An account order's due date: set at dispatch, else (an invoice issued before it was recorded) the invoice date plus the terms. */
function accountDueDate(order: DocumentOrder, invoiceDate: IsoDate): IsoDate {
  return order.paymentDueDate ?? addDays(invoiceDate, order.termsDays ?? 7);
}

/** Paid (what was received, never above the total) and the balance due, in pence: the order state module's figures. */
function balanceOf(order: DocumentOrder): { paidPence: Pence; duePence: Pence } {
  const figures = paymentFiguresOf({ status: order.status, totalPence: order.totalPence, paidPence: order.paidPence, refundedPence: order.refundedPence, creditedPence: order.creditedPence });
  return { paidPence: Math.min(order.totalPence, figures.paidPence), duePence: figures.duePence };
}

function howToPay(shop: ShopConfig, order: DocumentOrder, invoiceDate: IsoDate): HowToPay | null {
  const due = balanceOf(order).duePence;
  // A bank transfer or account order is paid by transfer quoting its own reference; a card order's
  // reference is the provider's, so a balance on it is settled with the shop (its sentences say so).
  if (order.paymentMethod === 'paypal' || due <= 0) return null;
  const { payee, bankName, sortCode, accountNumber } = shop.bank;
  const dueDate = order.paymentMethod === 'account' ? accountDueDate(order, invoiceDate) : invoiceDate;
  return { amountPence: due, dueDate, payee, bankName, sortCode, accountNumber, reference: order.paymentReference };
}

function paymentLines(order: DocumentOrder, invoiceDate: IsoDate): string[] {
  const { paidPence, duePence } = balanceOf(order);
  const method =
    order.paymentMethod === 'paypal'
      ? order.paymentIsTest
        ? `${TEST_PAYMENT_LABEL.toLowerCase()} (simulated: no money was taken)`
        : 'card / PayPal'
      : order.paymentMethod === 'bank'
        ? 'bank transfer'
        : 'trade account';
  if (duePence <= 0) {
    const on = order.paymentMethod === 'paypal' ? londonDate(order.created) : order.lastPaymentReceivedOn;
    return [`Paid in full by ${method}${on ? ` on ${formatDayMonthYear(on)}` : ''}. Nothing is due.`];
  }
  const lines: string[] = [];
  if (order.paymentMethod === 'account') {
    const terms = order.termsDays ?? 7;
    const dueDate = accountDueDate(order, invoiceDate);
    lines.push(`On account: payment due within ${terms} days of the invoice date, by ${formatDayMonthYear(dueDate)}.`);
  } else if (order.paymentMethod === 'bank') {
    lines.push('Payment due on receipt of this invoice, by bank transfer.');
  } else {
    lines.push('The goods delivered came to more than the card payment: please contact us to pay the balance.');
  }
  lines.push(`Paid: ${formatPounds(penceToPounds(paidPence))}.`);
  lines.push(`Balance due: ${formatPounds(penceToPounds(duePence))}.`);
  return lines;
}

function addDays(date: IsoDate, days: number): IsoDate {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function buildVatInvoice(
  shop: ShopConfig,
  order: DocumentOrder,
  lines: readonly OrderLineRow[],
  invoice: IssuedInvoice,
  shipped: { shipments: readonly InvoicedShipment[]; complete: boolean } = { shipments: [], complete: true },
): VatInvoice {
  const billing = order.billingAddress ?? order.deliveryAddress;
  const fullName = `${order.customer.firstName} ${order.customer.lastName}`.trim();
  const companyName = order.customer.companyName?.trim() || billing?.company_name.trim() || null;
  // The order's own VAT, never today's configuration: the invoice states what was charged.
  const vat = { treatment: order.vatTreatment, ratePercent: order.vatRatePercent };
  const rate = vat.ratePercent;
  const invoiceDate = londonDate(invoice.issuedAt);
  const invoiceLines: VatInvoiceLine[] = lines.map((line) => ({
    // A line's share of an offer's discount is out of its amount: said, so unit price x quantity reads against it.
    description:
      (line.discountPence ?? 0) > 0
        ? `${itemDisplayName(line.productName, line.size1)} (less ${formatPounds(penceToPounds(line.discountPence))} discount)`
        : itemDisplayName(line.productName, line.size1),
    // A made-to-order line is invoiced for the units delivered (the ±10% rule).
    // A quoted charge (print plates, set-up) is no pack: its quantity is its number of units.
    quantity:
      line.kind === 'charge'
        ? formatCount(line.count * line.qty)
        : line.deliveredUnits !== null && line.deliveredUnits !== undefined
        ? `${formatCount(line.deliveredUnits)} units delivered (${formatCount(line.count * line.qty)} ordered)`
        : packQuantity(line.count, line.qty),
    unitPricePence: line.pricePence,
    vatRatePercent: rate,
    amountPence: line.totalPricePence,
  }));
  invoiceLines.push({
    description: 'Delivery',
    quantity: '1',
    unitPricePence: order.deliveryFeePence,
    vatRatePercent: rate,
    amountPence: order.deliveryFeePence,
  });
  return {
    invoiceNumber: formatInvoiceNumber(invoice.invoiceNumber),
    invoiceDate,
    taxPointDate: invoice.taxPointDate,
    orderId: order.orderId,
    orderDate: londonDate(order.created),
    paymentReference: order.paymentReference,
    testPayment: order.paymentIsTest,
    purchaseOrderNumber: order.purchaseOrderNumber?.trim() || null,
    supplier: {
      name: shop.companyName,
      addressLines: shopAddressLines(shop),
      vatNumber: shop.vatNumber,
      companyNumber: shop.companyNumber,
      email: shop.email,
      phone: shop.phones.sales,
    },
    customer: {
      name: billing?.contact_name.trim() || fullName,
      companyName,
      vatNumber: order.customer.vatNumber ? formatVatNumber(order.customer.vatNumber) : null,
      addressLines: billing ? postalLines(billing) : [],
    },
    deliveryAddressLines: order.deliveryAddress
      ? [order.deliveryAddress.contact_name, order.deliveryAddress.company_name, ...postalLines(order.deliveryAddress)].map((l) => l.trim()).filter(Boolean)
      : null,
    lines: invoiceLines,
    vatTreatment: vat.treatment,
    vatRatePercent: rate,
    vatLabel: vat.treatment === 'export' ? `VAT: ${vatWording.zeroRatedExport} (${rate}%)` : `VAT at ${rate}%`,
    zeroRatingReason: zeroRatingReason(vat.treatment),
    // The order's stored totals: net = goods + delivery; the check constraint keeps total = net + VAT.
    totals: { netPence: order.subTotalPence + order.deliveryFeePence, vatPence: order.totalTaxPence, grossPence: order.totalPence },
    ...(({ paidPence, duePence }) => ({ paidPence, balanceDuePence: duePence }))(balanceOf(order)),
    discountNote:
      order.discountPence > 0
        ? `Discount: ${formatPounds(penceToPounds(order.discountPence))} was taken off the goods at the time of sale, before VAT; the amounts above are after it.`
        : null,
    taxPointNote: invoice.supplyDateInFiledPeriod
      ? `The goods were supplied on ${formatDayMonthYear(invoice.supplyDateInFiledPeriod)}, in a VAT period already filed with HMRC: the VAT on this invoice is accounted for on ${formatDayMonthYear(invoice.taxPointDate)}.`
      : null,
    currency: 'GBP',
    payment: paymentLines(order, invoiceDate),
    howToPay: howToPay(shop, order, invoiceDate),
    shipments: shipmentSentences(shipped.shipments, shipped.complete),
  };
}
