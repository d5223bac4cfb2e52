/**
 * The life of a quote, in one place: its states, their words for customers and staff, and the
 * moves the sales desk makes. The quote page offers the moves `allowedQuoteMoves` allows; the
 * quote desk (quote-desk.ts) refuses any other through `assertQuoteMove`, so the two cannot
 * disagree.
 *
 *   requested -> (priced) -> sent -> accepted (by the customer: an order)
 *   requested | sent | expired -> withdrawn (a reason the customer reads)
 *
 * 'expired' is not stored: a sent quote whose last day (London) is over reads so. Accepted and
 * withdrawn are final.
 */
import { Conflict, Invalid } from '../errors.ts';
import { can, type StaffRole } from '../staff/staff-roles.ts';
import type { IsoDate } from '../delivery/dispatch-promise.ts';
import { quoteHasExpired } from './quote-validity.ts';

/** What is stored (quotes.status). */
export const QUOTE_STATUSES = ['requested', 'sent', 'accepted', 'withdrawn'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
/** What a quote is to the people looking at it: its status, or 'expired' once a sent quote's last day is over. */
export type QuoteState = QuoteStatus | 'expired';

export const QUOTE_STATE_LABELS: Readonly<Record<QuoteState, string>> = {
  requested: 'Requested: we are pricing it',
  sent: 'Quoted: ready to accept',
  accepted: 'Accepted',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
};

/** Staff's words for the same states (the queue). */
export const QUOTE_STATE_STAFF_LABELS: Readonly<Record<QuoteState, string>> = {
  requested: 'To price',
  sent: 'Sent',
  accepted: 'Accepted',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
};

/** The state of a stored quote at `now`: a sent quote past its last day has expired. */
export function quoteStateOf(quote: { status: QuoteStatus; validUntil: IsoDate | null }, now: Date): QuoteState {
  if (quote.status === 'sent' && quote.validUntil !== null && quoteHasExpired(quote.validUntil, now)) return 'expired';
  return quote.status;
}

/** The sales desk's moves on a quote, one form each on its page. */
export const QUOTE_MOVES = ['price', 'send', 'withdraw'] as const;
export type QuoteMove = (typeof QUOTE_MOVES)[number];

/** What of a quote decides the moves it allows now. */
export interface QuoteFacts {
  state: QuoteState;
  /** Its lines and delivery charge are priced: it may be sent. */
  priced: boolean;
}

/** Whether the quote's state allows the move. */
export function mayMoveQuote(quote: QuoteFacts, move: QuoteMove): boolean {
  switch (move) {
    case 'price':
      return quote.state === 'requested';
    case 'send':
      return quote.state === 'requested' && quote.priced;
    case 'withdraw':
      // Not once accepted (it is an order) or withdrawn already.
      return quote.state === 'requested' || quote.state === 'sent' || quote.state === 'expired';
  }
}

/** Every move, and whether a staff member with this role may make it now: what the quote page offers. */
export function allowedQuoteMoves(quote: QuoteFacts, role: StaffRole): Readonly<Record<QuoteMove, boolean>> {
  const desk = can(role, 'sales-desk');
  return Object.fromEntries(QUOTE_MOVES.map((move) => [move, desk && mayMoveQuote(quote, move)])) as Record<QuoteMove, boolean>;
}

export const QUOTE_MOVE_MESSAGES = {
  notEditable: (number: string, state: QuoteState) => `Quote ${number} is ${QUOTE_STATE_STAFF_LABELS[state].toLowerCase()}, so it can no longer be changed.`,
  notSendable: (number: string) => `Quote ${number} has been sent already. Withdraw it and ask the customer to request again to change it.`,
  noLines: 'Add at least one priced line before sending the quote.',
} as const;

/** Refuses a move the quote does not allow now, saying why: its state moved on since the page showed it (Conflict), or it is not priced yet (Invalid). */
export function assertQuoteMove(move: QuoteMove, quote: QuoteFacts, number: string): void {
  if (mayMoveQuote(quote, move)) return;
  if (move === 'send' && quote.state === 'requested') throw new Invalid(QUOTE_MOVE_MESSAGES.noLines);
  throw new Conflict(move === 'send' ? QUOTE_MOVE_MESSAGES.notSendable(number) : QUOTE_MOVE_MESSAGES.notEditable(number, quote.state));
}
