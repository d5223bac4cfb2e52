import type { MetaFunction } from 'react-router';
import { Link } from 'react-router';
import { pageMeta } from '~/components/page-meta';
import { OpeningHours, StaticPage, telHref } from '~/components/static-page';
import { MailIcon, PhoneIcon } from '~/components/icons';
import { useRootData } from '~/root';

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    'Contact Us',
    'Contact our packaging sales team by phone or e-mail, find our postal address and shop, and check our opening hours.',
    'contact, packaging supplier phone number, sales e-mail, opening hours, address',
  );

export default function ContactPage() {
  const { shop } = useRootData();
  return (
    <StaticPage
      title="Contact Us"
      intro={<p>Questions about a product, a quotation for a large order or help with an order you have placed: we are here to help.</p>}
      aside={<CompanyBox />}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <section aria-labelledby="contact-phone" className="rounded-lg border border-stone-200 p-5">
          <h2 id="contact-phone" className="mt-0 flex items-center gap-2 text-lg">
            <PhoneIcon width={20} height={20} className="text-brand-600" /> By phone
          </h2>
          <dl className="space-y-3 text-sm">
            <div>
              <dt className="text-stone-600">Sales</dt>
              <dd>
                <a href={telHref(shop.phones.sales)} className="text-lg font-semibold no-underline">
                  {shop.phones.sales}
                </a>
              </dd>
            </div>
            <div>
              <dt className="text-stone-600">Office and accounts</dt>
              <dd>
                <a href={telHref(shop.phones.office)} className="text-lg font-semibold no-underline">
                  {shop.phones.office}
                </a>
              </dd>
            </div>
          </dl>
        </section>

        <section aria-labelledby="contact-email" className="rounded-lg border border-stone-200 p-5">
          <h2 id="contact-email" className="mt-0 flex items-center gap-2 text-lg">
            <MailIcon width={20} height={20} className="text-brand-600" /> By e-mail
          </h2>
          <p className="text-sm">Send orders, quotation requests and questions to our sales team:</p>
          <p className="mb-0">
            <a href={`mailto:${shop.email}`} className="text-lg font-semibold break-all no-underline">
              {shop.email}
            </a>
          </p>
          <p className="mt-2 mb-0 text-sm text-stone-600">We reply within one working day.</p>
        </section>

        <section aria-labelledby="contact-address" className="rounded-lg border border-stone-200 p-5">
          <h2 id="contact-address" className="mt-0 text-lg">
            Postal address
          </h2>
          <address className="text-sm leading-relaxed text-stone-700 not-italic">
            {shop.companyName}
            <br />
            {shop.address.line1}
            <br />
            {shop.address.line2}
            <br />
            {shop.address.town}
            <br />
            {shop.address.postcode}
            <br />
            {shop.address.country}
          </address>
          <p className="mt-3 mb-0 text-sm text-stone-600">Our shop and trade counter in {shop.city} is at the same address.</p>
        </section>

        <section aria-labelledby="contact-hours" className="rounded-lg border border-stone-200 p-5">
          <h2 id="contact-hours" className="mt-0 text-lg">
            Opening hours
          </h2>
          <OpeningHours className="text-sm" />
          <p className="mt-3 mb-0 text-sm text-stone-600">
            Closed on bank holidays. You can order online at any time.
          </p>
        </section>
      </div>

      <h2>Before you get in touch</h2>
      <p>
        If you are asking about an order, please have your order number to hand; you will find it under{' '}
        <Link to="/order-history">Past Orders</Link>. You may also find your answer in our{' '}
        <Link to="/delivery-information">delivery information</Link>, <Link to="/return-policy">returns and exchange</Link> or{' '}
        <Link to="/payment-policy">payments</Link> pages.
      </p>
    </StaticPage>
  );
}

function CompanyBox() {
  const { shop } = useRootData();
  return (
    <aside aria-labelledby="company-details-heading" className="card px-5 py-5 text-sm text-stone-700 lg:sticky lg:top-4">
      <h2 id="company-details-heading" className="text-base font-semibold text-stone-900">
        Company details
      </h2>
      <dl className="mt-3 space-y-3">
        <div>
          <dt className="text-stone-600">Registered name</dt>
          <dd className="font-medium text-stone-900">{shop.companyName}</dd>
        </div>
        <div>
          <dt className="text-stone-600">Trading as</dt>
          <dd className="font-medium text-stone-900">{shop.tradingName}</dd>
        </div>
        <div>
          <dt className="text-stone-600">Company number</dt>
          <dd className="font-medium text-stone-900">{shop.companyNumber}</dd>
        </div>
        <div>
          <dt className="text-stone-600">VAT number</dt>
          <dd className="font-medium text-stone-900">{shop.vatNumber}</dd>
        </div>
      </dl>
      <p className="mt-4 border-t border-stone-200 pt-4 text-stone-600">Registered in England and Wales.</p>
    </aside>
  );
}
