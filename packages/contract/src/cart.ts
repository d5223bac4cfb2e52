/** Basket API shapes, field names exactly as SPEC section 3 (`cartIems`, `produc_prices` included). */
import { z } from 'zod';

export const cartLineSchema = z
  .object({
    cart_id: z.number().int(),
    address_id: z.number().int().nullable(),
    product_id: z.number().int(),
    product_price_id: z.number().int(),
    price: z.number().describe('One pack, pounds ex-VAT'),
    qty: z.number().int().describe('Units in the pack'),
    count: z.number().int().describe('Number of packs, 1..1000'),
    total_price: z.number().describe('price x count, pounds ex-VAT'),
    item_name: z.string().describe('Display name: the product name, plus size1 unless the name already has a size'),
    product: z.object({
      product_id: z.number().int(),
      name: z.string(),
      image_url: z.string(),
      produc_prices: z.array(z.object({ product_price_id: z.number().int(), size1: z.string() })),
    }),
  })
  .meta({ id: 'CartLine' });
export type CartLineDto = z.infer<typeof cartLineSchema>;

export const cartSchema = z
  .object({
    cart_id: z.number().int().nullable(),
    address_id: z.number().int().nullable(),
    count: z.number().int().describe('Total packs'),
    subTotal: z.number(),
    deliveryFee: z.number(),
    taxPercentage: z.number(),
    totalTax: z.number(),
    total: z.number(),
    cartIems: z.array(cartLineSchema),
  })
  .meta({ id: 'Cart' });
export type CartDto = z.infer<typeof cartSchema>;
