import { describe, expect, it } from 'vitest';
import { APPROVAL_STATES, type ApprovalState } from '@shop/contract';
import { Conflict, Forbidden } from '../errors.ts';
import { allowedApprovalMoves, APPROVAL_MOVE_MESSAGES, APPROVAL_MOVES, approvalStateOf, assertApprovalMove, mayMoveApproval, type ApprovalMove } from './approval-states.ts';

/** Every state a request can be in and the moves it allows; every other move is refused. */
const ALLOWED_BY_STATE: Record<ApprovalState, ApprovalMove[]> = {
  waiting: ['approve', 'decline', 'withdraw'],
  expired: ['withdraw'],
  placed: [],
  'not-placed': [],
  declined: [],
  withdrawn: [],
};

const ADMIN = { isAdmin: true, isRequester: false };
const BUYER = { isAdmin: false, isRequester: true };
const OTHER_MEMBER = { isAdmin: false, isRequester: false };

describe('the moves of an approval request (what its page offers and approvals.ts accepts)', () => {
  for (const state of APPROVAL_STATES) {
    const allowed = ALLOWED_BY_STATE[state];
    it(`allow a request ${state} only to be ${allowed.join(', ') || 'left as it is'}`, () => {
      for (const move of APPROVAL_MOVES) expect(mayMoveApproval(state, move), move).toBe(allowed.includes(move));
    });

    for (const move of APPROVAL_MOVES) {
      const request = { id: 7, state, heldUntilText: '8 December 2026' };
      if (allowed.includes(move)) {
        it(`let the right person ${move} a request ${state}`, () => {
          expect(() => assertApprovalMove(move, request, move === 'withdraw' ? BUYER : ADMIN)).not.toThrow();
        });
      } else {
        it(`refuse to ${move} a request ${state}, saying why`, () => {
          expect(() => assertApprovalMove(move, request, move === 'withdraw' ? BUYER : ADMIN)).toThrow(Conflict);
        });
      }
    }
  }

  it('offer approving and declining to admins only, withdrawing to the buyer who asked only', () => {
    expect(allowedApprovalMoves('waiting', ADMIN)).toEqual({ approve: true, decline: true, withdraw: false });
    expect(allowedApprovalMoves('waiting', BUYER)).toEqual({ approve: false, decline: false, withdraw: true });
    expect(allowedApprovalMoves('waiting', OTHER_MEMBER)).toEqual({ approve: false, decline: false, withdraw: false });
    // An admin who asked while they were a buyer may do both.
    expect(allowedApprovalMoves('waiting', { isAdmin: true, isRequester: true })).toEqual({ approve: true, decline: true, withdraw: true });
  });

  it('refuse a buyer approving their own request, and an admin withdrawing a buyer’s', () => {
    const waiting = { id: 7, state: 'waiting' as const, heldUntilText: '8 December 2026' };
    expect(() => assertApprovalMove('approve', waiting, BUYER)).toThrow(new Forbidden(APPROVAL_MOVE_MESSAGES.adminsOnly));
    expect(() => assertApprovalMove('decline', waiting, OTHER_MEMBER)).toThrow(Forbidden);
    expect(() => assertApprovalMove('withdraw', waiting, ADMIN)).toThrow(new Forbidden(APPROVAL_MOVE_MESSAGES.requesterOnly));
  });

  it('tell an admin approving an expired request until when its prices were held', () => {
    expect(() => assertApprovalMove('approve', { id: 7, state: 'expired', heldUntilText: '8 December 2026' }, ADMIN)).toThrow(APPROVAL_MOVE_MESSAGES.expired(7, '8 December 2026'));
    expect(() => assertApprovalMove('decline', { id: 7, state: 'placed', heldUntilText: '8 December 2026' }, ADMIN)).toThrow('Request 7 is approved: order placed already');
  });

  it('read a waiting request past its hold as expired, and a decided one as it is', () => {
    const heldUntil = new Date('2026-12-08T12:00:00Z');
    expect(approvalStateOf({ status: 'waiting', heldUntil }, new Date('2026-12-08T12:00:00Z'))).toBe('waiting');
    expect(approvalStateOf({ status: 'waiting', heldUntil }, new Date('2026-12-08T12:00:01Z'))).toBe('expired');
    expect(approvalStateOf({ status: 'declined', heldUntil }, new Date('2027-01-01T00:00:00Z'))).toBe('declined');
  });
});
