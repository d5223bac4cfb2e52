/**
 * Offers ('offers': owner and manager, never the warehouse): every discount code and automatic
 * offer, newest first, with where it stands (scheduled, live, ended, used up), its code or
 * "Automatic", what it takes off and from what, who it is for, its days, its uses against its
 * limit and what it has cost in discounts and delivery given. Each opens its own page; "New
 * offer" makes one.
 */
import { Link } from 'react-router';
import { requireStaff } from '~/server/admin/staff-session.server';
import { Cell, ListHead, ListTable } from '~/components/admin/admin-kit';
import { OfferCode, OfferDays, OfferStateBadge, offerUsesText } from '~/components/admin/offer-parts';
import { pounds } from '~/components/admin/admin-format';
import type { Route } from './+types/offers';

export const meta: Route.MetaFunction = () => [{ title: 'Offers - Back office' }];

/** Columns a phone leaves out, and what it shows in their place inside the other cells. */
const WIDE = 'hidden sm:table-cell';
const PHONE = 'sm:hidden';

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, 'offers');
  return { offers: await context.services.offerAdmin.list(staff) };
}

export default function OffersPage({ loaderData }: Route.ComponentProps) {
  const { offers } = loaderData;
  return (
    <div className="space-y-6">
      <ListHead
        title="Offers"
        intro={
          <span className="block max-w-3xl">
            Discount codes customers type at the basket, and automatic offers that apply by themselves. A basket gets the one offer that takes most off its goods, and free delivery
            besides. Prices are ex VAT; the cost is what the offers took off orders placed with them.
          </span>
        }
      >
        <Link to="/admin/offers/new" className="btn-primary">
          New offer
        </Link>
      </ListHead>

      <ListTable
        id="offers-heading"
        title="All offers"
        testId="offers"
        columns={[
          'Offer',
          { label: 'State', className: WIDE },
          'Takes off',
          { label: 'Who for', className: WIDE },
          { label: 'Days', className: WIDE },
          { label: 'Uses', right: true, className: WIDE },
          { label: 'Cost', right: true },
        ]}
        items={offers}
        empty="No offers yet: make one with New offer."
        emptyAs="text"
        row={(offer) => (
          <tr key={offer.offerId} data-testid="offer-row">
            <Cell className="sm:min-w-44">
              <Link to={`/admin/offers/${offer.offerId}`} className="font-medium text-brand-700 hover:underline">
                {offer.name}
              </Link>
              <span className="mt-0.5 block">
                <OfferCode code={offer.code} />
              </span>
              {/* A phone has no room for the state and days columns: they go under the name. */}
              <span className={`mt-1 block text-xs ${PHONE}`}>
                <OfferStateBadge state={offer.state} label={offer.stateLabel} /> <OfferDays startsOn={offer.startsOn} endsOn={offer.endsOn} />
              </span>
            </Cell>
            <Cell nowrap className={WIDE}>
              <OfferStateBadge state={offer.state} label={offer.stateLabel} />
            </Cell>
            <Cell className="sm:min-w-40">
              <span className="block">{offer.takesOff}</span>
              <span className="block text-xs text-stone-600">
                {offer.covers}
                {offer.minSpendPence > 0 ? ` · spending ${pounds(offer.minSpendPence)} or more` : ''}
              </span>
              <span className={`block text-xs text-stone-600 ${PHONE}`}>{offer.whoFor}</span>
            </Cell>
            <Cell className={`min-w-32 ${WIDE}`}>{offer.whoFor}</Cell>
            <Cell className={`min-w-36 text-xs ${WIDE}`}>
              <OfferDays startsOn={offer.startsOn} endsOn={offer.endsOn} />
            </Cell>
            <Cell right nowrap className={WIDE}>
              {offerUsesText(offer)}
            </Cell>
            <Cell right nowrap>
              {pounds(offer.discountPence + offer.deliverySavedPence)}
              <span className="block text-xs text-stone-600">
                {offer.orders} {offer.orders === 1 ? 'order' : 'orders'}
              </span>
              <span className={`block text-xs text-stone-600 ${PHONE}`}>Uses: {offerUsesText(offer)}</span>
            </Cell>
          </tr>
        )}
      />
    </div>
  );
}
