/**
 * Who ordered (hidden from the warehouse): name, contact, company and billing address.
 */
import { Link } from 'react-router';
import { Row } from '../admin-kit';
import { Address } from '../order-page-parts';
import { type OrderPanelProps } from './order-panel';

export function CustomerPanel({ page }: Pick<OrderPanelProps, 'page'>) {
  const { customer, billingAddress } = page.order;
  if (!customer) return null;
  return (
    <section className="card p-5" aria-labelledby="customer-heading">
      <h2 id="customer-heading" className="text-base font-semibold text-stone-900">
        Customer
      </h2>
      <dl className="mt-2 text-sm">
        <Row label="Name">
          <Link to={`/admin/customers/${customer.userId}`} className="text-brand-700 hover:underline">
            {customer.name}
          </Link>
        </Row>
        <Row label="E-mail">{customer.email}</Row>
        <Row label="Phone">{customer.phone}</Row>
        {customer.companyName ? <Row label="Company">{customer.companyName}</Row> : null}
        {customer.vatNumber ? <Row label="VAT number">{customer.vatNumber}</Row> : null}
      </dl>
      <h3 className="mt-4 text-sm font-semibold text-stone-800">Billing address</h3>
      <div className="mt-1">
        <Address address={billingAddress} />
      </div>
    </section>
  );
}
