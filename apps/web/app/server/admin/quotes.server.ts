/**
 * The back office's quotes (docs/sales-desk.md; 'sales-desk': owner and manager): the forms of
 * a quote's page, each with its one zod schema: price it (lines, delivery, validity, note), send
 * it, withdraw it. Lines are posted as `lines[i].*`; a row left without a description is ignored,
 * so the page can offer blank rows without JavaScript. A line "for" CHARGE_CHOICE is a charge
 * without stock (print plates, set-up); the dispatch promise is a lead time or a date.
 */
import { z } from 'zod';
import { isRecordId, itemDisplayName } from '@shop/contract/browser';
import { allowedQuoteMoves, QUOTE_STATE_STAFF_LABELS, quoteDispatchMessages, type QuoteDispatch, type QuoteItem, type QuoteState, type StaffMember } from '@shop/core';
import { checkbox, penceFromPounds, textField, wholeNumber } from '~/server/admin/admin-forms.server';

/**
 * The moves the quote page offers now (price, send, withdraw): core's quote-states.ts decides, and
 * the quote desk refuses any other by the same rule.
 */
export function quoteMovesOf(staff: StaffMember, quote: { state: QuoteState; lines: readonly unknown[]; deliveryChargePence: number | null }) {
  return allowedQuoteMoves({ state: quote.state, priced: quote.lines.length > 0 && quote.deliveryChargePence !== null }, staff.role);
}

export const QUOTE_QUEUE_STATES: readonly (QuoteState | 'all')[] = ['requested', 'sent', 'accepted', 'expired', 'withdrawn', 'all'];
export const QUEUE_LABELS: Record<QuoteState | 'all', string> = { ...QUOTE_STATE_STAFF_LABELS, all: 'All' };

export function isQueueState(value: string | null): value is QuoteState | 'all' {
  return value !== null && (QUOTE_QUEUE_STATES as readonly string[]).includes(value);
}

const pounds = (message: string) =>
  z
    .string()
    .default('')
    .transform((text) => (text.trim() === '' ? null : penceFromPounds(text.slice(0, 20))))
    .refine((pence) => pence !== null, message);

/** The "For" choice of a line: a requested pack's id, or CHARGE_CHOICE for a charge without stock. */
export const CHARGE_CHOICE = 'charge';

/**
 * The description suggested for a requested item's priced line. It becomes the line's name on the
 * quote page, its e-mail and PDF and the order, so it starts from the item's display name: a size
 * the product's name states already ("Single Wall Box 12x9x6") is not said twice.
 */
export function suggestedLineDescription(item: Pick<QuoteItem, 'productName' | 'size1' | 'printed' | 'printColours' | 'custom' | 'customSize'>): string {
  return [itemDisplayName(item.productName, item.size1), item.printed ? `printed${item.printColours ? ` ${item.printColours}` : ''}` : '', item.custom && item.customSize ? `custom ${item.customSize}` : '']
    .filter(Boolean)
    .join(', ');
}

const line = z.object({
  productPriceId: z.string().default(''),
  description: textField(200),
  quantity: z.number().int().optional(),
  unitPrice: z.string().default(''),
  isCustom: checkbox,
});

export const quoteFormSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('price'),
    version: wholeNumber('Reload the page and try again.'),
    lines: z.array(line).max(40).default([]),
    deliveryCharge: pounds('Enter the delivery charge in pounds, e.g. 25.00 (0 for free delivery).'),
    validityDays: z.number().int().optional(),
    note: textField(1000),
    /** When the order will be dispatched: a lead time in working days, or a date (one of them). */
    leadTimeDays: z.number({ error: 'Enter the lead time as a whole number of working days.' }).int('Enter the lead time as a whole number of working days.').optional(),
    dispatchBy: z.iso.date('Enter the dispatch date as a date.').optional(),
  }),
  z.object({ intent: z.literal('send'), version: wholeNumber('Reload the page and try again.') }),
  z.object({ intent: z.literal('withdraw'), version: wholeNumber('Reload the page and try again.'), reason: textField(200) }),
]);

/** The dispatch promise posted (a lead time or a date), or the problem when both are given. */
export function dispatchForCore(posted: { leadTimeDays?: number; dispatchBy?: string }): { dispatch: QuoteDispatch | null; problem: PricedLineProblem } {
  if (posted.leadTimeDays !== undefined && posted.dispatchBy !== undefined) return { dispatch: null, problem: { field: 'dispatchBy', message: quoteDispatchMessages.one } };
  if (posted.leadTimeDays !== undefined) return { dispatch: { leadWorkingDays: posted.leadTimeDays }, problem: null };
  if (posted.dispatchBy !== undefined) return { dispatch: { byDate: posted.dispatchBy }, problem: null };
  return { dispatch: null, problem: null };
}

export type PricedLineProblem = { field: string; message: string } | null;

/** The posted lines that were filled in, as core takes them; or the first problem, by field name. */
export function linesForCore(posted: readonly z.output<typeof line>[]): {
  lines: { kind: 'goods' | 'charge'; productPriceId: number | null; description: string; quantity: number; unitPricePence: number; isCustom: boolean }[];
  problem: PricedLineProblem;
} {
  const lines = [];
  for (const [i, row] of posted.entries()) {
    if (row.description.trim() === '') continue;
    // A charge (print plates, set-up, origination) is for no product: it takes no stock.
    const charge = row.productPriceId === CHARGE_CHOICE;
    const productPriceId = charge ? null : isRecordId(row.productPriceId) ? Number(row.productPriceId) : undefined;
    if (productPriceId === undefined) return { lines: [], problem: { field: `lines[${i}].productPriceId`, message: 'Choose which requested product this line is for.' } };
    if (row.quantity === undefined || row.quantity < 1) return { lines: [], problem: { field: `lines[${i}].quantity`, message: 'Enter the number of units.' } };
    const unitPricePence = penceFromPounds(row.unitPrice.slice(0, 20));
    if (unitPricePence === null || unitPricePence < 1) return { lines: [], problem: { field: `lines[${i}].unitPrice`, message: 'Enter the unit price in pounds ex-VAT, e.g. 0.48.' } };
    lines.push({ kind: charge ? ('charge' as const) : ('goods' as const), productPriceId, description: row.description, quantity: row.quantity, unitPricePence, isCustom: !charge && row.isCustom });
  }
  return { lines, problem: null };
}
