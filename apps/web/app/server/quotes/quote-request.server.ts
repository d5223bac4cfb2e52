/**
 * Asking for a quote (docs/sales-desk.md): the products it may be for (a product's sizes, or
 * everything in the basket), the form's one zod schema, and the action that reads the posted
 * multipart form (the server parsed it, with the artwork file), checks the artwork by its
 * content (core) and records the request.
 */
import { redirect, type AppLoadContext } from 'react-router';
import { isRecordId } from '@shop/contract/browser';
import { checkedArtwork, ARTWORK_MAX_BYTES, type Artwork } from '@shop/core';
import { quoteRequestSchema } from '@shop/contract/forms';
import { failureFrom, isNotFound, parseForm, postedForm, refusedForm } from '~/server/forms.server';

/** One product size the customer may ask a price for. */
export interface QuoteCandidate {
  productPriceId: number;
  productName: string;
  size1: string;
  /** Units suggested (the basket's, else none). */
  quantity: number | null;
}

// The form's one schema is the contract's: quoteRequestSchema (@shop/contract/forms).

/** The sizes of a product (`productCode`), or every line of the signed-in customer's basket (`from=basket`). */
export async function quoteCandidates(context: AppLoadContext, userId: number, search: URLSearchParams): Promise<QuoteCandidate[]> {
  if (search.get('from') === 'basket') {
    const basket = await context.services.carts.cartOf({ kind: 'user', userId });
    return basket.cartIems.map((line) => ({
      productPriceId: line.product_price_id,
      productName: line.product.name,
      size1: line.product.produc_prices.find((p) => p.product_price_id === line.product_price_id)?.size1 ?? line.product.produc_prices[0]?.size1 ?? '',
      quantity: line.qty * line.count,
    }));
  }
  const code = search.get('productCode') ?? '';
  if (!isRecordId(code)) return [];
  try {
    const product = await context.services.catalogue.productById(Number(code));
    return product.product_Sizes.flatMap((size) => {
      const pack = size.packs[0];
      return pack ? [{ productPriceId: pack.product_price_id, productName: product.name, size1: size.size1, quantity: null }] : [];
    });
  } catch (error) {
    if (isNotFound(error)) return [];
    throw error;
  }
}

export const ARTWORK_LIMIT_TEXT = `${ARTWORK_MAX_BYTES / (1024 * 1024)} MB`;

/** POST: the request recorded (then its page), or the form's problems. */
export async function requestQuote(request: Request, context: AppLoadContext, userId: number) {
  const form = await postedForm(request, context);
  const parsed = parseForm(form, quoteRequestSchema);
  if (!parsed.ok) return refusedForm(parsed);
  let artwork: Artwork | null = null;
  const file = form.get('artwork');
  try {
    if (file instanceof File && file.size > 0) {
      if (file.size > ARTWORK_MAX_BYTES) artwork = checkedArtwork(file.name, new Uint8Array(ARTWORK_MAX_BYTES + 1));
      else artwork = checkedArtwork(file.name, new Uint8Array(await file.arrayBuffer()));
    }
    const { quoteId } = await context.services.quotes.request(userId, {
      items: parsed.value.items,
      neededBy: parsed.value.neededBy ?? null,
      note: parsed.value.note,
      artwork,
    });
    return redirect(`/quotes/${quoteId}?requested=1`);
  } catch (error) {
    return failureFrom(error, undefined, form);
  }
}
