/**
 * The packs of one size (SPEC 2 "Product detail"): pack size, price ex-VAT, unit price and an
 * 'Add +' button that turns into 'Item Added' once that price is in the basket. Adding sends
 * the first pack_range value as qty and the fixed user_id 1 (SPEC 7) to the product page's
 * action; the server prices it. 'Item Added' comes from the basket in the shop frame's loader
 * data, which React Router reloads after the action.
 */
import { useFetcher } from 'react-router';
import type { PackDto, ProductSizeDto } from '@shop/contract';
import { formatPounds, formatUnitPrice } from '@shop/contract/browser';
import { useVisitor } from '~/state/visitor';
import { CheckIcon } from '../icons';

interface Props {
  productId: number;
  size: ProductSizeDto;
}

export function PackTable({ productId, size }: Props) {
  if (size.packs.length === 0) {
    return <p className="mt-4 text-sm text-stone-600">This size is not available to order right now.</p>;
  }
  return (
    <div className="mt-4 overflow-x-auto rounded-lg border border-stone-200">
      <table className="w-full text-left text-sm" data-testid="pack-table">
        <caption className="sr-only">Packs and prices for size {size.size1}</caption>
        <thead className="bg-stone-100 text-xs font-semibold text-stone-700 sm:text-sm">
          <tr>
            <th scope="col" className="px-2 py-2.5 sm:px-4">
              Pack Size
            </th>
            <th scope="col" className="px-2 py-2.5 sm:px-4">
              Price ex-VAT
            </th>
            <th scope="col" className="px-2 py-2.5 sm:px-4">
              Unit Price
            </th>
            <th scope="col" className="px-2 py-2.5 sm:px-4">
              <span className="sr-only">Add to basket</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-200 bg-white">
          {size.packs.map((pack) => (
            <tr key={pack.product_price_id}>
              <th scope="row" className="px-2 py-3 font-medium whitespace-nowrap text-stone-900 sm:px-4">
                Pack of {pack.pack_range[0] ?? 1}
              </th>
              <td className="px-2 py-3 font-semibold whitespace-nowrap text-stone-900 sm:px-4">{formatPounds(pack.price)}</td>
              <td className="px-2 py-3 whitespace-nowrap text-stone-600 sm:px-4">{formatUnitPrice(pack.unit_price)} each</td>
              <td className="px-2 py-2 text-right sm:px-4">
                <AddButton productId={productId} pack={pack} sizeLabel={size.size1} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function AddButton({ productId, pack, sizeLabel }: { productId: number; pack: PackDto; sizeLabel: string }) {
  const { cart } = useVisitor();
  const fetcher = useFetcher<{ ok: boolean; message?: string }>();
  const qty = pack.pack_range[0] ?? 1;
  const added = cart?.cartIems.some((line) => line.product_price_id === pack.product_price_id) ?? false;

  if (added) {
    return (
      <button
        type="button"
        disabled
        className="inline-flex cursor-default items-center justify-center gap-1 rounded-md border border-brand-200 bg-brand-50 px-2.5 py-2 text-sm font-semibold whitespace-nowrap text-brand-700 sm:px-3"
        data-testid="item-added"
      >
        <CheckIcon width={16} height={16} />
        Item Added
      </button>
    );
  }

  const failed = fetcher.state === 'idle' && fetcher.data?.ok === false ? fetcher.data.message : null;
  return (
    <fetcher.Form method="post" className="inline-flex flex-col items-end">
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="user_id" value="1" />
      <input type="hidden" name="product_id" value={productId} />
      <input type="hidden" name="product_price_id" value={pack.product_price_id} />
      <input type="hidden" name="price" value={pack.price} />
      <input type="hidden" name="qty" value={qty} />
      <button
        type="submit"
        className="btn-accent px-3 whitespace-nowrap sm:px-4"
        disabled={fetcher.state !== 'idle'}
        aria-label={`Add + pack of ${qty}, ${sizeLabel}`}
      >
        Add +
      </button>
      {failed ? (
        <span role="alert" className="mt-1 max-w-48 text-right text-xs text-red-700">
          {failed}
        </span>
      ) : null}
    </fetcher.Form>
  );
}
