/**
 * What every panel of the staff order page (routes/admin/order.tsx) is given: the page's data
 * (core's order and what the role may do with it), the answer of a refused form, and whether a
 * form is on its way.
 */
import type { useAdminAnswer } from '../admin-kit';
import type { OrderPageData } from '~/routes/admin/order';

export interface OrderPanelProps {
  page: OrderPageData;
  answer: ReturnType<typeof useAdminAnswer>;
  busy: boolean;
}

/** Every form carries the version of the order the page showed: a change to a newer order is refused (core). */
export function Version({ page }: { page: OrderPageData }) {
  return <input type="hidden" name="version" value={page.order.version} />;
}
