/** The customer's details: name, e-mail, phone, company, VAT number, newsletter, price lists, and when they joined or were closed or disabled. */
import { Link } from 'react-router';
import { Row } from '../admin-kit';
import { londonDate, londonDateTime } from '../admin-format';
import { customerName, type CustomerPanelProps } from './customer-panel';

export function DetailsPanel({ page }: Pick<CustomerPanelProps, 'page'>) {
  const { customer, priceLists, canManage } = page;
  return (
    <section className="card p-5" aria-labelledby="details-heading">
      <h2 id="details-heading" className="text-lg font-semibold text-stone-900">
        Details
      </h2>
      <dl className="mt-3 text-sm" data-testid="customer-details">
        <Row label="Name">{customerName(page)}</Row>
        <Row label="E-mail">
          <a href={`mailto:${customer.email}`} className="text-brand-700 hover:underline">
            {customer.email}
          </a>
        </Row>
        <Row label="Phone">{customer.phone}</Row>
        <Row label="Company">{customer.companyName ?? '—'}</Row>
        <Row label="VAT number">{customer.vatNumber ?? '—'}</Row>
        <Row label="Newsletter">{customer.newsletter ? 'Yes' : 'No'}</Row>
        <Row label="Joined">{londonDate(customer.joinedAt)}</Row>
        <Row label="Price lists">
          {priceLists.length === 0
            ? 'None: public prices'
            : priceLists.map((list, i) => (
                <span key={list.priceListId}>
                  {i > 0 ? ', ' : ''}
                  {canManage ? (
                    <Link to={`/admin/price-lists/${list.priceListId}`} className="text-brand-700 hover:underline">
                      {list.name}
                    </Link>
                  ) : (
                    list.name
                  )}
                </span>
              ))}
        </Row>
        {customer.closedAt ? (
          <Row label="Closed">{`${londonDateTime(customer.closedAt)}, at the customer's request; personal details erased`}</Row>
        ) : (
          customer.disabledAt && <Row label="Disabled">{londonDateTime(customer.disabledAt)}</Row>
        )}
      </dl>
    </section>
  );
}
