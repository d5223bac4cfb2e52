import { describe, expect, it } from 'vitest';
import { Conflict, Invalid } from '../errors.ts';
import { allowedQuoteMoves, assertQuoteMove, mayMoveQuote, QUOTE_MOVE_MESSAGES, QUOTE_MOVES, quoteStateOf, type QuoteMove, type QuoteState } from './quote-states.ts';

/** Every state a quote can be in (priced or not) and the moves it allows; every other move is refused. */
const ALLOWED_BY_STATE: [QuoteState, boolean, QuoteMove[]][] = [
  ['requested', false, ['price', 'withdraw']],
  ['requested', true, ['price', 'send', 'withdraw']],
  ['sent', true, ['withdraw']],
  ['expired', true, ['withdraw']],
  ['accepted', true, []],
  ['withdrawn', true, []],
];

describe('the moves of a quote (what its page offers and the quote desk accepts)', () => {
  for (const [state, priced, allowed] of ALLOWED_BY_STATE) {
    it(`allow a quote ${state}${priced ? ', priced,' : ''} only to be ${allowed.join(', ') || 'left as it is'}`, () => {
      for (const move of QUOTE_MOVES) expect(mayMoveQuote({ state, priced }, move), move).toBe(allowed.includes(move));
    });
  }

  it('refuse changing a quote that moved on, in the words staff read', () => {
    expect(() => assertQuoteMove('price', { state: 'sent', priced: true }, 'Q-000042')).toThrow(new Conflict(QUOTE_MOVE_MESSAGES.notEditable('Q-000042', 'sent')));
    expect(() => assertQuoteMove('send', { state: 'sent', priced: true }, 'Q-000042')).toThrow(QUOTE_MOVE_MESSAGES.notSendable('Q-000042'));
    expect(() => assertQuoteMove('withdraw', { state: 'accepted', priced: true }, 'Q-000042')).toThrow('Quote Q-000042 is accepted, so it can no longer be changed.');
  });

  it('refuse sending a quote not priced yet, asking for its lines', () => {
    expect(() => assertQuoteMove('send', { state: 'requested', priced: false }, 'Q-000042')).toThrow(Invalid);
    expect(() => assertQuoteMove('send', { state: 'requested', priced: false }, 'Q-000042')).toThrow(QUOTE_MOVE_MESSAGES.noLines);
    expect(() => assertQuoteMove('send', { state: 'requested', priced: true }, 'Q-000042')).not.toThrow();
  });

  it('offer the moves only to the sales desk (owner, manager), never the warehouse', () => {
    const requested = { state: 'requested' as const, priced: true };
    expect(allowedQuoteMoves(requested, 'manager')).toEqual({ price: true, send: true, withdraw: true });
    expect(allowedQuoteMoves(requested, 'warehouse')).toEqual({ price: false, send: false, withdraw: false });
  });

  it('read a sent quote past its last London day as expired', () => {
    const sent = { status: 'sent' as const, validUntil: '2026-12-31' };
    expect(quoteStateOf(sent, new Date('2026-12-31T23:59:00Z'))).toBe('sent');
    expect(quoteStateOf(sent, new Date('2027-01-01T00:00:01Z'))).toBe('expired');
    expect(quoteStateOf({ status: 'accepted', validUntil: '2020-01-01' }, new Date('2027-01-01T00:00:00Z'))).toBe('accepted');
  });
});
