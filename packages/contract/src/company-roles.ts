/** Company roles and their words (docs/companies.md), without zod: the company page's browser code reads them. */
export const COMPANY_ROLES = ['admin', 'buyer', 'viewer'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

/** What each role may do, in the words the pages and e-mails use. */
export const COMPANY_ROLE_LABELS: Record<CompanyRole, { name: string; can: string }> = {
  admin: { name: 'Admin', can: 'Orders without limits, sees every order of the company and manages its buyers' },
  buyer: { name: 'Buyer', can: 'Orders within their limits and sees their own orders' },
  viewer: { name: 'Viewer', can: "Sees the company's orders and invoices, cannot order" },
};

/** The largest spending limit an admin may set (a typo guard): £1,000,000. */
export const MAX_SPENDING_LIMIT_POUNDS = 1_000_000;


/** How long an approval request holds its basket's prices: a week from the request (docs/companies.md). */
export const APPROVAL_HOLD_DAYS = 7;

/**
 * What an approval request is to the people looking at it (core's approval-states.ts owns the
 * moves): stored, or 'expired' once a waiting request's hold is over.
 */
export const APPROVAL_STATES = ['waiting', 'placed', 'declined', 'withdrawn', 'not-placed', 'expired'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];
