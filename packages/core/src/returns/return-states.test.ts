import { describe, expect, it } from 'vitest';
import { Forbidden, Invalid } from '../errors.ts';
import { allowedReturnMoves, assertReturnMove, mayMove, RETURN_MOVE_MESSAGES, RETURN_MOVES, RETURN_STATES, returnMoveRefusal, type ReturnFacts, type ReturnMove, type ReturnState } from './return-states.ts';

const paidOrder = { status: 'Delivered', keptPence: 5000, duePence: 0 };
const facts = (state: ReturnState, goodsBack: boolean | null, order = paidOrder): ReturnFacts => ({ state, goodsBack, order });

/** Every state (with and without goods to come back) and the moves it allows; every other move is refused. */
const ALLOWED_BY_STATE: [ReturnState, boolean | null, ReturnMove[]][] = [
  ['requested', null, ['approve', 'refuse']],
  ['approved', true, ['receive']],
  ['approved', false, ['refund', 'credit', 'replace']],
  ['received', true, ['refund', 'credit', 'replace']],
  ['refused', null, []],
  ['refunded', false, []],
  ['replaced', true, []],
  ['credited', false, []],
];

describe('the moves of a return (what its page offers and core accepts)', () => {
  it('cover every state', () => {
    expect(new Set(ALLOWED_BY_STATE.map(([state]) => state))).toEqual(new Set(RETURN_STATES));
  });

  for (const [state, goodsBack, allowed] of ALLOWED_BY_STATE) {
    it(`allow a return ${state}${goodsBack === null ? '' : goodsBack ? ' (goods back)' : ' (no goods back)'} only to ${allowed.join(', ') || 'stay as it is'}`, () => {
      for (const move of RETURN_MOVES) expect(mayMove({ state, goodsBack }, move), move).toBe(allowed.includes(move));
    });
  }

  it('say why a move the state refuses is refused', () => {
    expect(returnMoveRefusal('approve', facts('approved', true))).toBe(RETURN_MOVE_MESSAGES.notRequested);
    expect(returnMoveRefusal('receive', facts('approved', false))).toBe(RETURN_MOVE_MESSAGES.notApproved);
    expect(returnMoveRefusal('refund', facts('approved', true))).toBe(RETURN_MOVE_MESSAGES.notSettleable);
    expect(() => assertReturnMove('refuse', facts('refunded', false), 'owner')).toThrow(Invalid);
  });

  it('refund only what was paid and kept, and credit only an order that still owes money', () => {
    const onAccount = { status: 'Delivered', keptPence: 0, duePence: 4000 };
    expect(returnMoveRefusal('refund', facts('received', true, onAccount))).toBe(RETURN_MOVE_MESSAGES.nothingPaid);
    expect(returnMoveRefusal('credit', facts('received', true, onAccount))).toBeNull();
    expect(returnMoveRefusal('credit', facts('received', true, paidOrder))).toBe(RETURN_MOVE_MESSAGES.nothingOwed);
    expect(returnMoveRefusal('credit', facts('received', true, { ...onAccount, status: 'Cancelled' }))).toBe(RETURN_MOVE_MESSAGES.nothingOwed);
  });

  it('let the warehouse receive goods and send replacements, never decide or move money', () => {
    expect(allowedReturnMoves(facts('approved', true), 'warehouse')).toMatchObject({ receive: true });
    expect(allowedReturnMoves(facts('received', true), 'warehouse')).toEqual({ approve: false, refuse: false, receive: false, refund: false, credit: false, replace: true });
    expect(allowedReturnMoves(facts('requested', null), 'warehouse')).toEqual({ approve: false, refuse: false, receive: false, refund: false, credit: false, replace: false });
    expect(() => assertReturnMove('approve', facts('requested', null), 'warehouse')).toThrow(Forbidden);
    expect(() => assertReturnMove('refund', facts('received', true), 'warehouse')).toThrow(Forbidden);
  });

  it('let a manager approve, refuse, receive and settle', () => {
    expect(allowedReturnMoves(facts('requested', null), 'manager')).toMatchObject({ approve: true, refuse: true });
    expect(allowedReturnMoves(facts('received', true), 'manager')).toMatchObject({ refund: true, replace: true, credit: false });
  });
});
