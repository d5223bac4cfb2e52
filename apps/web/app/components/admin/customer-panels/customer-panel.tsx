/**
 * What every panel of the staff customer page (routes/admin/customer.tsx) is given: the page's
 * data (the customer and what the staff member may do) and the answer of a refused form.
 */
import type { useAdminAnswer } from '../admin-kit';
import type { CustomerPageData } from '~/routes/admin/customer';

export interface CustomerPanelProps {
  page: CustomerPageData;
  answer: ReturnType<typeof useAdminAnswer>;
}

/** The customer's name as the page shows it. */
export function customerName(page: CustomerPageData): string {
  return `${page.customer.firstName} ${page.customer.lastName}`.trim();
}

/** The customer page's address: every form posts there. */
export function customerHref(page: CustomerPageData): string {
  return `/admin/customers/${page.customer.userId}`;
}
