/**
 * "Order again" (POST /api/order/{id}/reorder): a past order's lines that are still on sale go
 * into the basket at today's prices; the answer is the basket plus what changed since the order.
 */
import { z } from 'zod';
import { cartSchema } from './cart.ts';

export const reorderChangeKinds = ['price_changed', 'withdrawn'] as const;
export type ReorderChangeKind = (typeof reorderChangeKinds)[number];

export const reorderChangeSchema = z
  .object({
    kind: z
      .enum(reorderChangeKinds)
      .describe("price_changed: in the basket at today's price; withdrawn: no longer sold, not added"),
    product_id: z.number().int(),
    product_price_id: z.number().int(),
    item_name: z.string().describe('Display name as on the order'),
    qty: z.number().int().describe('Units in the pack'),
    old_price: z.number().describe('One pack, pounds ex-VAT, as ordered'),
    new_price: z.number().nullable().describe("One pack, pounds ex-VAT, today; null when withdrawn"),
    message: z
      .string()
      .describe("For the customer, e.g. 'Cardboard Box 12x9x6, pack of 25: now £12.40 (was £11.90)' or 'Bubble Wrap 500mm is no longer sold'"),
  })
  .meta({ id: 'ReorderChange' });
export type ReorderChangeDto = z.infer<typeof reorderChangeSchema>;

export const reorderResultSchema = cartSchema
  .extend({
    changes: z.array(reorderChangeSchema).describe('Lines whose price changed since the order, and lines no longer sold (left out); empty when nothing changed'),
  })
  .meta({ id: 'ReorderResult' });
export type ReorderResultDto = z.infer<typeof reorderResultSchema>;
