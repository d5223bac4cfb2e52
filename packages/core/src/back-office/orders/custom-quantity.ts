/**
 * The custom-quantity rule of the shop's terms (SPEC 9: "customised quantity variance plus or
 * minus 10%"): goods made or printed to order may arrive up to 10% under or over the quantity
 * ordered, and the customer pays for what was delivered. At dispatch of a custom order line staff
 * enter the units delivered:
 *
 * - from 90% to 110% of the units ordered, both inclusive, it is accepted;
 * - outside that it is refused, unless staff record that the customer agreed, with a note (who
 *   agreed, how), which the order's audit entry keeps.
 *
 * The line is then charged for the units delivered at the ordered unit price (pro rata of the
 * line's total, rounded half-up to the penny): see `deliveredLineTotalPence`.
 */
import { Invalid } from '../../errors.ts';
import { penceToPounds, poundsToPence } from '../../pricing/money.ts';
import { formatCount, formatPounds, type OrderDto } from '@shop/contract';

export const CUSTOM_QUANTITY_TOLERANCE_PERCENT = 10;

export const customQuantityMessages = {
  deliveredUnits: 'Enter the units delivered of this made-to-order line (a whole number, 1 or more).',
  /** `mayAgree`: the staff member may record the customer's agreement (order-states.ts 'agreeCustomQuantity'); else a manager must. */
  outside: (ordered: number, delivered: number, mayAgree = true) =>
    `${formatCount(delivered)} units is outside 10% of the ${formatCount(ordered)} ordered (${formatCount(lowestAccepted(ordered))} to ${formatCount(highestAccepted(ordered))} units are accepted). ` +
    (mayAgree
      ? `Tick "The customer agreed" and say how they agreed to send it.`
      : 'Only a manager or the owner can send another quantity, on the customer\'s agreement: ask one to dispatch this order.'),
  agreementNote: 'Say how the customer agreed to this quantity (1-200 characters): who, when, how.',
} as const;

/** The fewest units accepted without the customer's agreement: 90% of those ordered, rounded up. */
export function lowestAccepted(orderedUnits: number): number {
  return Math.ceil((orderedUnits * (100 - CUSTOM_QUANTITY_TOLERANCE_PERCENT)) / 100);
}

/** The most units accepted without the customer's agreement: 110% of those ordered, rounded down. */
export function highestAccepted(orderedUnits: number): number {
  return Math.floor((orderedUnits * (100 + CUSTOM_QUANTITY_TOLERANCE_PERCENT)) / 100);
}

/** Within the ±10% the terms allow (90% and 110% inclusive), in whole units. */
export function withinCustomTolerance(orderedUnits: number, deliveredUnits: number): boolean {
  // Integer arithmetic: 90% of 1,000 is exactly 900, never 899.9999.
  return deliveredUnits * 100 >= orderedUnits * (100 - CUSTOM_QUANTITY_TOLERANCE_PERCENT) && deliveredUnits * 100 <= orderedUnits * (100 + CUSTOM_QUANTITY_TOLERANCE_PERCENT);
}

export interface CustomerAgreement {
  /** How the customer agreed (who, when, how): kept in the order's audit entry. */
  note: string;
}

/**
 * Accepts the units delivered of a custom line, or refuses them (Invalid, on `field`) with the
 * range that is accepted. Answers whether the customer's agreement was needed (and so recorded).
 */
export function checkDeliveredUnits(
  orderedUnits: number,
  deliveredUnits: number,
  agreement: CustomerAgreement | null,
  field = 'delivered_units',
  mayAgree = true,
): { agreed: boolean } {
  if (!Number.isSafeInteger(deliveredUnits) || deliveredUnits < 1 || deliveredUnits > 10_000_000) {
    throw new Invalid(customQuantityMessages.deliveredUnits, { fields: [{ field, message: customQuantityMessages.deliveredUnits }] });
  }
  if (withinCustomTolerance(orderedUnits, deliveredUnits)) return { agreed: false };
  if (!agreement) {
    const message = customQuantityMessages.outside(orderedUnits, deliveredUnits, mayAgree);
    throw new Invalid(message, { fields: [{ field, message }] });
  }
  const note = agreement.note.trim();
  if (note.length < 1 || note.length > 200) throw new Invalid(customQuantityMessages.agreementNote, { fields: [{ field: 'agreement_note', message: customQuantityMessages.agreementNote }] });
  return { agreed: true };
}

/** A custom line's price for the units delivered: its total for the units ordered, pro rata, half-up to the penny. */
export function deliveredLineTotalPence(orderedTotalPence: number, orderedUnits: number, deliveredUnits: number): number {
  if (orderedUnits <= 0) return orderedTotalPence;
  // Half-up in integers: floor((2 * a * b + c) / (2 * c)).
  return Math.floor((2 * orderedTotalPence * deliveredUnits + orderedUnits) / (2 * orderedUnits));
}

/** An order line as its price is read beside its total. */
export interface ChargeableLine {
  qty: number;
  count: number;
  /** The price of one pack of `qty` units, as ordered. */
  pricePence: number;
  totalPricePence: number;
  custom: boolean;
  deliveredUnits: number | null;
}

/** What a line charges: the units charged for and the price it charges by, so the two agree with its total. */
export interface LineCharge {
  /** Units charged for: those delivered of a made-to-order line repriced for them, else those ordered. */
  units: number;
  orderedUnits: number;
  /** 'unit': a made-to-order line, charged by the unit (its pack is the whole run); else by the pack. */
  per: 'pack' | 'unit';
  /** The price of one pack, or of one unit (it may hold a fraction of a penny). */
  pricePence: number;
}

/**
 * A made-to-order line is one "pack" of its whole run (2,500 printed boxes at £1,550.00) but is
 * charged for the units delivered (`deliveredLineTotalPence`): beside a total of £1,472.50 for
 * 2,375 delivered it reads "2,375 units at £0.62 a unit", never "2,500 units at £1,550.00". A
 * line invoiced before its units were known keeps its ordered total, and so its ordered units.
 */
export function lineChargeOf(line: ChargeableLine): LineCharge {
  const orderedUnits = line.qty * line.count;
  if (!line.custom) return { units: orderedUnits, orderedUnits, per: 'pack', pricePence: line.pricePence };
  const repriced = line.deliveredUnits !== null && line.totalPricePence === deliveredLineTotalPence(line.pricePence * line.count, orderedUnits, line.deliveredUnits);
  return { units: repriced ? line.deliveredUnits! : orderedUnits, orderedUnits, per: 'unit', pricePence: line.qty > 0 ? line.pricePence / line.qty : 0 };
}

/** A made-to-order line once dispatched: what was ordered and what was delivered. */
export interface DeliveredCustomLine {
  itemName: string;
  orderedUnits: number;
  deliveredUnits: number;
}

/** Where the order's money stands after the lines were repriced (pence; the order's payment figures). */
export interface DeliveredCustomMoney {
  totalPence: number;
  duePence: number;
  refundDuePence: number;
  /** The order is on the customer's trade account: what is due is invoiced, not asked for now. */
  onAccount: boolean;
}

/**
 * What the customer is told (dispatch e-mail, their order page) and staff read (the order page)
 * about made-to-order lines delivered in other numbers than ordered: the units against those
 * ordered, whether the terms allowed it, the order's new total and what is now due or owed back.
 * The terms (SPEC 9) make the customer pay for what was delivered; DESIGN section 10 "Money" says
 * every money state is stated, never changed silently. Null when no line differs.
 */
export function deliveredCustomStatement(lines: readonly DeliveredCustomLine[], money: DeliveredCustomMoney | null): string | null {
  const differing = lines.filter((l) => l.deliveredUnits !== l.orderedUnits);
  if (differing.length === 0) return null;
  const said = differing.map(
    (l) =>
      `We delivered ${formatCount(l.deliveredUnits)} of the ${formatCount(l.orderedUnits)} units of ${l.itemName} you ordered ` +
      `(${withinCustomTolerance(l.orderedUnits, l.deliveredUnits) ? `within the ±${CUSTOM_QUANTITY_TOLERANCE_PERCENT}% our terms allow` : 'as you agreed with us'})`,
  );
  const delivered = said.join('; ');
  if (!money) return `${delivered}. You pay for the units delivered.`;
  const total = `so your order total is now ${formatPence(money.totalPence)}`;
  const owed =
    money.refundDuePence > 0
      ? `we owe you ${formatPence(money.refundDuePence)}, which we refund to you`
      : money.duePence > 0
        ? money.onAccount
          ? `${formatPence(money.duePence)} is due on your trade account`
          : `${formatPence(money.duePence)} is due`
        : 'nothing more is due';
  return `${delivered}, ${total}; ${owed}.`;
}

function formatPence(pence: number): string {
  return formatPounds(penceToPounds(pence));
}

/** The same statement from the order as its customer reads it (API shape): its shipments carry the units delivered. */
export function deliveredCustomStatementOfOrder(order: Pick<OrderDto, 'shipments' | 'total' | 'amount_due' | 'refund_due' | 'payment_method'>): string | null {
  const lines = order.shipments.flatMap((s) =>
    s.lines.filter((l) => l.delivered_units !== null).map((l) => ({ itemName: l.item_name, orderedUnits: l.qty * l.count, deliveredUnits: l.delivered_units! })),
  );
  return deliveredCustomStatement(lines, {
    totalPence: poundsToPence(order.total),
    duePence: poundsToPence(order.amount_due),
    refundDuePence: poundsToPence(order.refund_due),
    onAccount: order.payment_method === 'account',
  });
}
