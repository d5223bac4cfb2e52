/**
 * 'Add +' with a quantity: the product page's form sends `quantity` in packs or
 * units (`quantity_unit`); units become whole packs of the chosen pack (rounded up) by the same
 * rule the page shows, and the basket's own add does the rest (prices, limits, the session).
 * A form without `quantity` (SPEC 7's plain add) adds one pack as before.
 */
import type { AppLoadContext } from 'react-router';
import { isRecordId } from '@shop/contract/browser';
import { addToBasket } from '~/server/cart/basket-actions.server';
import { failure, isNotFound, typedValues } from '~/server/forms.server';
import { isQuantityUnit, packsFor, parseQuantity, quantityProblem } from '~/components/catalogue/order-quantity';

export async function addByQuantity(request: Request, context: AppLoadContext, form: FormData) {
  const quantityText = form.get('quantity');
  if (typeof quantityText !== 'string') return addToBasket(request, context, form);
  const unitText = form.get('quantity_unit');
  const unit = isQuantityUnit(unitText) ? unitText : 'packs';
  const packSize = await packSizeOf(context, String(form.get('product_id') ?? ''), String(form.get('product_price_id') ?? ''));
  // An unknown pack goes on to the basket's add, which says so.
  const quantity = parseQuantity(quantityText);
  const problem = quantityProblem(quantity, unit, packSize ?? 1);
  if (problem) return failure('invalid_request', problem, { quantity: problem }, 'add', typedValues(form));
  const count = packsFor(quantity!, unit, packSize ?? 1).count;
  const add = new FormData();
  for (const [name, value] of form) if (name !== 'quantity' && name !== 'quantity_unit') add.append(name, value);
  add.set('count', String(count));
  if (packSize !== null) add.set('qty', String(packSize));
  return addToBasket(request, context, add);
}

/** Units in the pack (its first pack_range value) from the catalogue, or null when there is no such pack. */
async function packSizeOf(context: AppLoadContext, productId: string, productPriceId: string): Promise<number | null> {
  if (!isRecordId(productId) || !isRecordId(productPriceId)) return null;
  try {
    const product = await context.services.catalogue.productById(Number(productId));
    const pack = product.product_Sizes.flatMap((size) => size.packs).find((p) => p.product_price_id === Number(productPriceId));
    return pack?.pack_range[0] ?? null;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}
