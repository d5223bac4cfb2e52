/**
 * The life of a return or claim, in one place: its states, their words, and the moves staff make
 * between them, by role. The return page offers the moves `allowedReturnMoves` allows; the
 * service (returns.ts) refuses any other through `assertReturnMove`, so the two cannot disagree.
 *
 *   requested -> approved (the goods come back, or need not) | refused
 *   approved, goods back -> received -> refunded | credited | replaced
 *   approved, no goods back -> refunded | credited | replaced
 *
 * refused, refunded, credited and replaced are final.
 */
import { Forbidden, Invalid } from '../errors.ts';
import { can, type StaffPermission, type StaffRole } from '../staff/staff-roles.ts';

export const RETURN_STATES = ['requested', 'approved', 'refused', 'received', 'refunded', 'replaced', 'credited'] as const;
export type ReturnState = (typeof RETURN_STATES)[number];

/** What the customer and staff read for each state. */
export const RETURN_STATE_LABELS: Readonly<Record<ReturnState, string>> = {
  requested: 'Requested',
  approved: 'Approved',
  refused: 'Refused',
  received: 'Goods received',
  refunded: 'Refunded',
  replaced: 'Replacement sent',
  credited: 'Credited',
};

/** Returns staff still have to act on. */
export const OPEN_RETURN_STATES: readonly ReturnState[] = ['requested', 'approved', 'received'];

/** The facts of a return its next steps follow from. */
export type ReturnProgress = { state: ReturnState; goodsBack: boolean | null };

/** The goods may be recorded as received: approved, and they had to come back. */
export function mayReceiveGoods(r: ReturnProgress): boolean {
  return r.state === 'approved' && r.goodsBack === true;
}

/**
 * It may be settled (refund, credit note or replacement): approved without goods back (no
 * "goods received" step: nothing is coming), or the goods received.
 */
export function returnSettleable(r: ReturnProgress): boolean {
  return (r.state === 'approved' && r.goodsBack === false) || r.state === 'received';
}

/** What staff do next, for the returns list; null once it is closed. */
export function returnNextStep(r: ReturnProgress): string | null {
  if (r.state === 'requested') return 'Approve or refuse';
  if (mayReceiveGoods(r)) return 'Receive the goods';
  if (returnSettleable(r)) return 'Refund or send a replacement';
  return null;
}

/** The moves staff make on a return, one form each on its page. */
export const RETURN_MOVES = ['approve', 'refuse', 'receive', 'refund', 'credit', 'replace'] as const;
export type ReturnMove = (typeof RETURN_MOVES)[number];

/** Who may make each move (staff-roles.ts): deciding is the managers', goods in and out the warehouse's, money the managers'. */
const RETURN_MOVE_PERMISSIONS: Readonly<Record<ReturnMove, StaffPermission>> = {
  approve: 'orders:cancel',
  refuse: 'orders:cancel',
  receive: 'orders:dispatch',
  refund: 'payments:record',
  credit: 'payments:record',
  replace: 'orders:dispatch',
};

/** Whether the return's state allows the move, whoever asks (the order's money aside). */
export function mayMove(r: ReturnProgress, move: ReturnMove): boolean {
  switch (move) {
    case 'approve':
    case 'refuse':
      return r.state === 'requested';
    case 'receive':
      return mayReceiveGoods(r);
    case 'refund':
    case 'credit':
    case 'replace':
      return returnSettleable(r);
  }
}

/** The return, and what of its order decides whether it may be settled with money. */
export interface ReturnFacts extends ReturnProgress {
  order: {
    status: string;
    /** Paid for the order less refunds made: what a refund can give back. */
    keptPence: number;
    /** Still owed by the customer: what a credit note can lower. */
    duePence: number;
  };
}

export const RETURN_MOVE_MESSAGES = {
  notPermitted: 'You do not have access to this.',
  notRequested: 'Only a return waiting for a decision can be approved or refused.',
  notApproved: 'Goods can only be received on an approved return that asked for them back.',
  notSettleable: 'This return cannot be settled now: approve it first, and receive the goods when they had to come back.',
  nothingPaid: 'Nothing paid for this order is left to refund: settle this return by a credit note or a replacement.',
  nothingOwed: 'Nothing is owed on this order, so a credit note cannot reduce it: settle this return by a refund or a replacement.',
} as const;

/** Why the move is refused now, whoever asks; null when the return (and its order) allow it. */
export function returnMoveRefusal(move: ReturnMove, r: ReturnFacts): string | null {
  if (!mayMove(r, move)) {
    return move === 'approve' || move === 'refuse' ? RETURN_MOVE_MESSAGES.notRequested : move === 'receive' ? RETURN_MOVE_MESSAGES.notApproved : RETURN_MOVE_MESSAGES.notSettleable;
  }
  if (move === 'refund' && r.order.keptPence <= 0) return RETURN_MOVE_MESSAGES.nothingPaid;
  // A credit note lowers a debt: an order that stands with money still owed on it.
  if (move === 'credit' && (r.order.status === 'Cancelled' || r.order.duePence <= 0)) return RETURN_MOVE_MESSAGES.nothingOwed;
  return null;
}

/** Whether a staff member with this role may make this move now. */
export function mayDoReturnMove(move: ReturnMove, r: ReturnFacts, role: StaffRole): boolean {
  return can(role, RETURN_MOVE_PERMISSIONS[move]) && returnMoveRefusal(move, r) === null;
}

/** Every move, and whether the role may make it now: what the return page offers. */
export function allowedReturnMoves(r: ReturnFacts, role: StaffRole): Readonly<Record<ReturnMove, boolean>> {
  return Object.fromEntries(RETURN_MOVES.map((move) => [move, mayDoReturnMove(move, r, role)])) as Record<ReturnMove, boolean>;
}

/** Refuses a move the role may not make (Forbidden) or the return does not allow now (Invalid, saying why). */
export function assertReturnMove(move: ReturnMove, r: ReturnFacts, role: StaffRole): void {
  if (!can(role, RETURN_MOVE_PERMISSIONS[move])) throw new Forbidden(RETURN_MOVE_MESSAGES.notPermitted);
  const refusal = returnMoveRefusal(move, r);
  if (refusal) throw new Invalid(refusal);
}
