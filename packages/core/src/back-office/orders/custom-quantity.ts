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
import { formatCount } from '@shop/contract';

export const CUSTOM_QUANTITY_TOLERANCE_PERCENT = 10;

export const customQuantityMessages = {
  deliveredUnits: 'Enter the units delivered of this made-to-order line (a whole number, 1 or more).',
  outside: (ordered: number, delivered: number) =>
    `${formatCount(delivered)} units is outside 10% of the ${formatCount(ordered)} ordered (${formatCount(lowestAccepted(ordered))} to ${formatCount(highestAccepted(ordered))} units are accepted). ` +
    `Tick "The customer agreed" and say how they agreed to send it.`,
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
export function checkDeliveredUnits(orderedUnits: number, deliveredUnits: number, agreement: CustomerAgreement | null, field = 'delivered_units'): { agreed: boolean } {
  if (!Number.isSafeInteger(deliveredUnits) || deliveredUnits < 1 || deliveredUnits > 10_000_000) {
    throw new Invalid(customQuantityMessages.deliveredUnits, { fields: [{ field, message: customQuantityMessages.deliveredUnits }] });
  }
  if (withinCustomTolerance(orderedUnits, deliveredUnits)) return { agreed: false };
  if (!agreement) {
    const message = customQuantityMessages.outside(orderedUnits, deliveredUnits);
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
