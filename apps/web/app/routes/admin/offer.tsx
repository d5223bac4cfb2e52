/**
 * One offer ('offers': owner and manager): its terms (what it takes off, from what, who may
 * have it, its days and limits, with the categories, sizes, customers and companies it names),
 * what it has cost, the latest orders placed with it, and who made and ended it. An offer is
 * never changed once made; "End offer now" asks first (a GET to ?confirm=end, so it works
 * without JavaScript) and then ends it at once for every basket and checkout.
 */
import { data, Form, Link } from 'react-router';
import { adminAction, foundOr404, recordIdOf } from '~/server/admin/admin-page.server';
import { OFFER_NOTICES, offerPageFormSchema } from '~/server/admin/offers.server';
import { requireStaff } from '~/server/admin/staff-session.server';
import { takeNotice } from '~/server/admin/admin-notice.server';
import { Cell, ConfirmPanel, DANGER_BUTTON, ListTable, PageHead, Row, useAdminAnswer } from '~/components/admin/admin-kit';
import { AuditTrail } from '~/components/admin/audit-trail';
import { londonDateTime, pounds } from '~/components/admin/admin-format';
import { OfferCode, OfferDays, OfferStateBadge, offerUsesText } from '~/components/admin/offer-parts';
import type { Route } from './+types/offer';

export const meta: Route.MetaFunction = ({ data: loaded }) => [{ title: `${loaded ? loaded.offer.name : 'Offer'} - Offers - Back office` }];

const NO_SUCH_OFFER = 'No such offer.';
/** Columns of the uses a phone leaves out (the delivery given is in the cost beside), and the day it shows under the customer instead. */
const WIDE = 'hidden sm:table-cell';
const PHONE = 'sm:hidden';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, 'offers');
  const offerId = recordIdOf(params.offerId, NO_SUCH_OFFER);
  const offer = await foundOr404(context.services.offerAdmin.detail(staff, offerId), NO_SUCH_OFFER);
  const { notice, headers } = await takeNotice(request, context, OFFER_NOTICES);
  const confirmEnd = new URL(request.url).searchParams.get('confirm') === 'end' && offer.state !== 'ended';
  return data({ offer, notice, confirmEnd }, { headers });
}

export const action = adminAction({
  permission: 'offers',
  record: { param: 'offerId', notFound: NO_SUCH_OFFER },
  schema: offerPageFormSchema,
  async run({ staff, id, context }) {
    return (await context.services.offerAdmin.end(staff, id)) ? 'ended' : 'already-ended';
  },
});

/** A list of names in a details row, or what stands for none. */
function Names({ names, none, testId }: { names: readonly React.ReactNode[]; none: string; testId?: string }) {
  if (names.length === 0) return <>{none}</>;
  return (
    <ul className="space-y-0.5" data-testid={testId}>
      {names.map((name, i) => (
        <li key={i}>{name}</li>
      ))}
    </ul>
  );
}

export default function OfferPage({ loaderData, actionData }: Route.ComponentProps) {
  const { offer, notice, confirmEnd } = loaderData;
  const { failed } = useAdminAnswer(actionData);
  const costPence = offer.discountPence + offer.deliverySavedPence;
  return (
    <div className="space-y-6">
      <PageHead
        back={{ to: '/admin/offers', label: 'All offers' }}
        title={offer.name}
        state={<OfferStateBadge state={offer.state} label={offer.stateLabel} />}
        notice={notice}
        failure={failed?.message}
      >
        <p className="mt-1 text-sm text-stone-600">
          <OfferCode code={offer.code} /> {offer.code === null ? '· applies by itself to every basket it fits' : '· typed by customers at the basket'}
        </p>
      </PageHead>

      {offer.state !== 'ended' ? (
        confirmEnd ? (
          <ConfirmPanel
            id="confirm-end-heading"
            title={`End “${offer.name}” now?`}
            testId="confirm-end"
            cancel="."
            actions={
              <Form method="post">
                <button type="submit" name="intent" value="end" className={DANGER_BUTTON}>
                  Yes, end it now
                </button>
              </Form>
            }
          >
            <p>
              From this moment no basket gets it and no order can be placed with it
              {offer.code ? `; customers who type ${offer.code} are told it has ended` : ''}. Orders already placed keep their discount. An ended offer cannot be started again:
              make a new one instead.
            </p>
          </ConfirmPanel>
        ) : (
          <p>
            <Link to="?confirm=end" className="btn-secondary border-red-300 text-red-800" data-testid="end-offer">
              End offer now
            </Link>
          </p>
        )
      ) : null}

      <div className="grid gap-6 lg:grid-cols-3">
        <section className="card p-5 lg:col-span-2" aria-labelledby="terms-heading">
          <h2 id="terms-heading" className="text-lg font-semibold text-stone-900">
            Terms
          </h2>
          <dl className="mt-2 divide-y divide-stone-100 text-sm" data-testid="offer-terms">
            <Row label="Takes off">{offer.takesOff}</Row>
            <Row label="Covers">
              {offer.categories.length > 0 ? (
                <Names names={offer.categories.map((c) => c.path)} none="" testId="offer-categories" />
              ) : offer.sizes.length > 0 ? (
                <Names names={offer.sizes.map((s) => `${s.productCode} ${s.size1} · ${s.productName}`)} none="" />
              ) : (
                offer.covers
              )}
            </Row>
            <Row label="Minimum spend">{offer.minSpendPence > 0 ? `${pounds(offer.minSpendPence)} on the goods it covers, ex VAT` : 'None'}</Row>
            <Row label="Days">
              <OfferDays startsOn={offer.startsOn} endsOn={offer.endsOn} />
              {offer.endedAt ? <span className="block text-xs text-stone-600">Ended early on {londonDateTime(offer.endedAt)}</span> : null}
            </Row>
            <Row label="Uses">
              {offerUsesText(offer)}
              {offer.maxUsesPerCustomer !== null ? <span className="block text-xs text-stone-600">At most {offer.maxUsesPerCustomer} per customer</span> : null}
            </Row>
            <Row label="Who for">
              {offer.whoFor}
              {offer.customers.length + offer.companies.length > 0 ? (
                <div className="mt-1">
                  <Names
                    names={[
                      ...offer.customers.map((c) => (
                        <Link key={`u${c.userId}`} to={`/admin/customers/${c.userId}`} className="text-brand-700 hover:underline">
                          {c.name} ({c.email})
                        </Link>
                      )),
                      ...offer.companies.map((c) => (
                        <Link key={`c${c.companyId}`} to={`/admin/companies/${c.companyId}`} className="text-brand-700 hover:underline">
                          {c.name} (company)
                        </Link>
                      )),
                    ]}
                    none=""
                  />
                </div>
              ) : null}
            </Row>
            <Row label="Made">
              {londonDateTime(offer.createdAt)}
              {offer.createdBy ? ` by ${offer.createdBy}` : ''}
            </Row>
          </dl>
        </section>

        <section className="card p-5" aria-labelledby="cost-heading">
          <h2 id="cost-heading" className="text-lg font-semibold text-stone-900">
            What it has cost
          </h2>
          <dl className="mt-2 divide-y divide-stone-100 text-sm" data-testid="offer-cost">
            <Row label="Orders">{offer.orders}</Row>
            <Row label="Off goods">{pounds(offer.discountPence)}</Row>
            <Row label="Delivery given">{pounds(offer.deliverySavedPence)}</Row>
            <Row label="In all">
              <span className="font-semibold">{pounds(costPence)}</span>
            </Row>
          </dl>
          <p className="mt-2 text-xs text-stone-600">Ex VAT, as taken off the orders when they were placed.</p>
        </section>
      </div>

      <ListTable
        id="uses-heading"
        title={offer.lastUses.length < offer.orders ? `The latest ${offer.lastUses.length} orders placed with it` : 'Orders placed with it'}
        titleShown
        testId="offer-uses"
        columns={['Order', 'Customer', { label: 'Off goods', right: true }, { label: 'Delivery given', right: true, className: WIDE }, { label: 'Placed', className: WIDE }]}
        items={offer.lastUses}
        empty="No order has used it yet."
        emptyAs="text"
        row={(use) => (
          <tr key={use.orderId}>
            <Cell nowrap>
              <Link to={`/admin/orders/${use.orderId}`} className="font-medium text-brand-700 hover:underline">
                {use.orderId}
              </Link>
            </Cell>
            <Cell className="sm:min-w-40">
              <Link to={`/admin/customers/${use.userId}`} className="text-brand-700 hover:underline">
                {use.customerName}
              </Link>
              <span className="block text-xs break-words text-stone-600">{use.email}</span>
              <span className={`block text-xs text-stone-600 ${PHONE}`}>{londonDateTime(use.at)}</span>
            </Cell>
            <Cell right>{pounds(use.discountPence)}</Cell>
            <Cell right className={WIDE}>
              {pounds(use.deliverySavedPence)}
            </Cell>
            <Cell nowrap className={WIDE}>
              {londonDateTime(use.at)}
            </Cell>
          </tr>
        )}
      />

      <AuditTrail id="history-heading" title="History" description="Who made the offer and who ended it." entries={offer.history} empty="Nothing yet." testId="offer-history" />
    </div>
  );
}
