/**
 * The packs of one size (SPEC 2 "Product detail"): pack size, price ex-VAT, unit price and an
 * 'Add +' button that turns into 'Item Added' once that price is in the basket. 'Item Added'
 * comes from the basket in the shop frame's loader data, which React Router reloads after the
 * action; the server prices every add.
 *
 * Order by quantity: above the table the buyer enters how many packs, or how
 * many units (rounded up to whole packs of the pack chosen); each row says what it would give
 * ("6 packs = 150 units"). The table is one form: the quantity, SPEC 7's fixed user_id 1 and the
 * first pack_range value of the pack whose 'Add +' was pressed (the button's value) go to the
 * product page's action. Without JavaScript the same form posts and the page comes back with
 * 'Item Added' and what was added.
 *
 * Phones: the unit price sits under the pack price and both button states
 * have one fixed width, so 'Item Added' never pushes the other rows' 'Add +' off screen.
 *
 * Keyboard: 'Add +' is never disabled while the add is sent (a disabled button loses focus); it
 * only refuses a second press. When 'Item Added' takes its place, focus moves onto it, so the
 * next Tab goes on from that row rather than from the top of the page. A sold-out size (no stock,
 * no backorders) is another matter: its 'Add +' is disabled, with the reason beside it.
 */
import { useEffect, useRef, useState } from 'react';
import { useActionData, useFetcher } from 'react-router';
import type { PackDto, ProductSizeDto } from '@shop/contract';
import { formatCount } from '@shop/contract/browser';
import { useVisitor } from '~/state/visitor';
import { CheckIcon } from '../icons';
import { usePriceDisplay } from '../price';
import { isQuantityUnit, packsFor, packsLabel, parseQuantity, quantityProblem, type QuantityUnit } from './order-quantity';
import { TradePriceTag, TradeSaving } from './trade-price-tag';

interface Props {
  productId: number;
  size: ProductSizeDto;
  /**
   * The size cannot be bought: none on the shelf and no backorders (core's stock state 'out').
   * Its 'Add +' buttons are disabled and say why; the server refuses such an add anyway.
   */
  soldOut?: boolean;
}

/** Why a sold-out size's 'Add +' is disabled (the stock label above says what is known of more). */
export const SOLD_OUT_REASON = 'This size is out of stock, so it cannot be added to your basket.';

/** What the product page's action answers to an add. */
type AddAnswer =
  | { ok: true; intent?: string; product_price_id: number; count?: number }
  | { ok: false; intent?: string; message: string; fields?: Record<string, string>; values?: Record<string, string> };

/** Both button states are this wide: 'Item Added' in place of 'Add +' moves nothing. */
const BUTTON_WIDTH = 'w-[7.25rem]';

const packSizeOf = (pack: PackDto) => pack.pack_range[0] ?? 1;

/** The quantity and unit the form's fields hold. */
function typedIn(form: HTMLFormElement): { quantity: string; unit: QuantityUnit } {
  const fields = new FormData(form);
  const unit = String(fields.get('quantity_unit'));
  return { quantity: String(fields.get('quantity') ?? ''), unit: isQuantityUnit(unit) ? unit : 'packs' };
}

export function PackTable({ productId, size, soldOut = false }: Props) {
  const { cart } = useVisitor();
  const price = usePriceDisplay();
  const fetcher = useFetcher<AddAnswer>();
  // Without JavaScript the form posts to the page, whose action answer comes back as action data.
  const posted = useActionData<AddAnswer>();
  const answer = fetcher.state === 'idle' ? (fetcher.data ?? posted) : undefined;
  const refused = answer && !answer.ok ? answer.values : undefined;
  // The fields are uncontrolled (what is typed before the page hydrates stays in them); the
  // rows' 'packs = units' follow what they say.
  const form = useRef<HTMLFormElement>(null);
  const [typed, setTyped] = useState<{ quantity: string; unit: QuantityUnit }>(() => ({
    quantity: refused?.quantity ?? '1',
    unit: isQuantityUnit(refused?.quantity_unit) ? refused.quantity_unit : 'packs',
  }));
  const readFields = () => {
    if (form.current) setTyped(typedIn(form.current));
  };
  // Once hydrated: the fields may hold what was typed before.
  useEffect(() => {
    if (form.current) setTyped(typedIn(form.current));
  }, []);
  const [typedProblem, setTypedProblem] = useState<string | null>(null);

  if (size.packs.length === 0) {
    return <p className="mt-4 text-sm text-stone-600">This size is not available to order right now.</p>;
  }

  const { unit } = typed;
  const quantity = parseQuantity(typed.quantity);
  const busy = fetcher.state !== 'idle';
  const inBasket = new Set(cart?.cartIems.map((line) => line.product_price_id));
  const addedPack = answer?.ok ? size.packs.find((pack) => pack.product_price_id === answer.product_price_id) : undefined;
  const failed = answer && !answer.ok && answer.intent === 'add' ? (answer.fields?.quantity ?? answer.message) : null;
  const problem = typedProblem ?? failed;
  const inputId = `quantity-${size.product_size_id}`;
  // The pack this page just added with JavaScript (a page posted without it starts at the top).
  const justAdded = fetcher.state === 'idle' && fetcher.data?.ok ? fetcher.data.product_price_id : null;

  return (
    <fetcher.Form
      method="post"
      ref={form}
      className="mt-4"
      onChange={() => {
        readFields();
        setTypedProblem(null);
      }}
      onSubmit={(event) => {
        const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
        const pack = size.packs.find((p) => String(p.product_price_id) === submitter?.value);
        if (busy) {
          event.preventDefault();
          return;
        }
        const found = quantityProblem(quantity, unit, pack ? packSizeOf(pack) : 1);
        setTypedProblem(found);
        if (found) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="user_id" value="1" />
      <input type="hidden" name="product_id" value={productId} />

      <div className="flex flex-wrap items-end gap-x-3 gap-y-1">
        <div>
          <label htmlFor={inputId} className="form-label">
            Quantity
          </label>
          <div className="flex">
            <input
              id={inputId}
              name="quantity"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              required
              defaultValue={typed.quantity}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${inputId}-problem` : `${inputId}-hint`}
              className="form-input w-24 rounded-r-none text-center tabular-nums"
              data-testid="order-quantity"
            />
            <label htmlFor={`${inputId}-unit`} className="sr-only">
              Packs or units
            </label>
            <select
              id={`${inputId}-unit`}
              name="quantity_unit"
              defaultValue={typed.unit}
              className="form-input -ml-px w-auto rounded-l-none bg-stone-50"
              data-testid="quantity-unit"
            >
              <option value="packs">packs</option>
              <option value="units">units</option>
            </select>
          </div>
        </div>
        <p id={`${inputId}-hint`} className="pb-2 text-xs text-stone-600">
          Units are rounded up to whole packs.
        </p>
      </div>
      {problem ? (
        <p id={`${inputId}-problem`} role="alert" className="field-error mt-1" data-testid="quantity-problem">
          {problem}
        </p>
      ) : null}
      <p className="mt-1 text-sm font-medium text-brand-800" role="status" data-testid="added-status">
        {addedPack && answer?.ok && answer.count
          ? `Added ${packsLabel(answer.count)} of ${formatCount(packSizeOf(addedPack))} (${formatCount(answer.count * packSizeOf(addedPack))} units) to your basket.`
          : ''}
      </p>

      {soldOut ? (
        <p id={`${inputId}-sold-out`} className="mt-1 text-sm font-medium text-red-800" data-testid="sold-out-reason">
          {SOLD_OUT_REASON}
        </p>
      ) : null}
      <div className="mt-2 overflow-x-auto rounded-lg border border-stone-200">
        <table className="w-full text-left text-sm" data-testid="pack-table">
          <caption className="sr-only">Packs and prices for size {size.size1}</caption>
          <thead className="bg-stone-100 text-xs font-semibold text-stone-700 sm:text-sm">
            <tr>
              <th scope="col" className="px-2 py-2.5 sm:px-4">
                Pack Size
              </th>
              <th scope="col" className="px-2 py-2.5 sm:px-4">
                {`Price ${price.marker}`}
              </th>
              <th scope="col" className="hidden px-2 py-2.5 sm:table-cell sm:px-4">
                Unit Price
              </th>
              <th scope="col" className="w-px px-2 py-2.5 sm:px-4">
                <span className="sr-only">Add to basket</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-200 bg-white">
            {size.packs.map((pack) => {
              const packSize = packSizeOf(pack);
              const gives = quantity !== null ? packsFor(quantity, unit, packSize) : null;
              return (
                <tr key={pack.product_price_id}>
                  <th scope="row" className="px-2 py-3 font-medium text-stone-900 sm:px-4">
                    <span className="whitespace-nowrap">Pack of {formatCount(packSize)}</span>
                    {gives && (unit === 'units' || gives.count !== 1) ? (
                      <span className="block text-xs font-normal text-stone-600" data-testid="pack-gives">
                        {packsLabel(gives.count)} = {formatCount(gives.units)} units
                      </span>
                    ) : null}
                  </th>
                  <td className="px-2 py-3 whitespace-nowrap sm:px-4">
                    <span className="font-semibold text-stone-900" data-testid="pack-price">{price.pounds(pack.price)}</span>
                    {pack.trade_price ? <TradePriceTag className="ml-1.5" /> : null}
                    {pack.trade_price && pack.public_price !== undefined ? <TradeSaving listPrice={pack.public_price} tradePrice={pack.price} price={price} className="mt-0.5" /> : null}
                    <span className="block text-xs text-stone-600 sm:hidden">{price.unit(pack.unit_price)} each</span>
                  </td>
                  <td className="hidden px-2 py-3 whitespace-nowrap text-stone-600 sm:table-cell sm:px-4">{price.unit(pack.unit_price)} each</td>
                  <td className="px-2 py-2 text-right sm:px-4">
                    {inBasket.has(pack.product_price_id) ? (
                      <ItemAdded takeFocus={justAdded === pack.product_price_id} />
                    ) : (
                      <button
                        type="submit"
                        name="product_price_id"
                        value={pack.product_price_id}
                        className={`btn-accent px-2 whitespace-nowrap aria-disabled:cursor-wait aria-disabled:opacity-50 disabled:cursor-not-allowed disabled:opacity-50 ${BUTTON_WIDTH}`}
                        aria-disabled={busy || undefined}
                        disabled={soldOut}
                        aria-describedby={soldOut ? `${inputId}-sold-out` : undefined}
                        aria-label={`Add + ${gives && gives.count !== 1 ? `${packsLabel(gives.count)} of ${packSize}` : `pack of ${packSize}`}, ${size.size1}`}
                        data-testid="add-pack"
                      >
                        Add +
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </fetcher.Form>
  );
}

/**
 * 'Item Added': a button that does nothing (aria-disabled rather than disabled, so it can hold
 * focus). `takeFocus`: it replaces the 'Add +' just pressed, so focus, which the removed button
 * took with it, lands here.
 */
function ItemAdded({ takeFocus }: { takeFocus: boolean }) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const focused = document.activeElement;
    if (takeFocus && (focused === null || focused === document.body)) button.current?.focus();
  }, [takeFocus]);
  return (
    <button
      ref={button}
      type="button"
      aria-disabled="true"
      className={`inline-flex cursor-default items-center focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 justify-center gap-1 rounded-md border border-brand-200 bg-brand-50 px-1 py-2 text-sm font-semibold whitespace-nowrap text-brand-700 ${BUTTON_WIDTH}`}
      data-testid="item-added"
    >
      <CheckIcon width={16} height={16} />
      Item Added
    </button>
  );
}
