/**
 * The storefront's stock labels (docs/stock.md): read per page from core's StockReader, a small
 * indexed read kept out of the catalogue's cached product (which lives until the catalogue
 * changes, while stock changes with every order), so a page never shows a stale "In stock".
 */
import type { AppLoadContext } from 'react-router';
import { basketOwnerOf, visitorOf } from '~/session.server';
import type { CartDto } from '@shop/contract';
import type { BasketStock, StockStatus } from '@shop/core';

export interface StockLabel {
  label: string;
  state: StockStatus['state'];
  /** schema.org availability for the JSON-LD Offer; null: no claim. */
  schema: StockStatus['schemaAvailability'];
}

const labelOf = (status: StockStatus): StockLabel => ({ label: status.label, state: status.state, schema: status.schemaAvailability });

/** Each size's label of one product (by product_size_id), and the product's own. */
export async function productStockLabels(context: AppLoadContext, productId: number): Promise<{ sizes: Record<number, StockLabel>; summary: StockLabel | null }> {
  const view = (await context.services.stockReader.ofProducts([productId])).get(productId);
  if (!view) return { sizes: {}, summary: null };
  const sizes: Record<number, StockLabel> = {};
  for (const [sizeId, { status }] of view.sizes) sizes[sizeId] = labelOf(status);
  return { sizes, summary: labelOf(view.summary) };
}

/** The label of each product in a list (by product_id); products not tracked are left out. */
export async function listStockLabels(context: AppLoadContext, productIds: readonly number[]): Promise<Record<number, StockLabel>> {
  const views = await context.services.stockReader.ofProducts(productIds);
  const out: Record<number, StockLabel> = {};
  for (const [productId, view] of views) if (view.summary.state !== 'untracked') out[productId] = labelOf(view.summary);
  return out;
}

/**
 * What stock says of the visitor's basket: the lines that can no longer be had as they are (sold
 * out since they were added), by product_price_id, with what to do (the basket marks them, and
 * checkout refuses to place them, never silently); and, when some line will wait for more to come
 * in, the date staff expect it (the basket's dispatch promise moves to it, as the order's will).
 * With the basket read, so the dispatch promise need not read it again.
 */
export async function basketStock(request: Request, context: AppLoadContext): Promise<BasketStockView & { cart: CartDto | null }> {
  const owner = basketOwnerOf(await visitorOf(request, context));
  if (!owner) return { cart: null, shortfalls: {}, backordered: {}, backorder: null };
  const cart = await context.services.carts.cartOf(owner);
  return { cart, ...(await basketStockOf(context, cart)) };
}

/** basketStock for a basket the loader has read already. */
export async function basketStockOf(context: AppLoadContext, cart: Pick<CartDto, 'cartIems'>): Promise<BasketStockView> {
  const { shortfalls, backordered, backorder } = await context.services.stockReader.basketStock(cart.cartIems);
  return { shortfalls: Object.fromEntries(shortfalls), backordered: Object.fromEntries(backordered), backorder };
}

export interface BasketStockView {
  shortfalls: Record<number, string>;
  /** Lines that wait for more to come in, with their expected date in words (by product_price_id). */
  backordered: Record<number, string>;
  backorder: BasketStock['backorder'];
}
