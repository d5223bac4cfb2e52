/** Basket API shapes, field names exactly as SPEC section 3 (`cartIems`, `produc_prices` included). */
import { z } from 'zod';
import { ID_TEXT, idSchema, jsonIdSchema } from './ids.ts';
import { packCountSchema } from './forms.ts';
import { DELIVERY_ZONES } from './delivery-zones.ts';
import { VAT_TREATMENTS } from './vat.ts';

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
    unit_price: z.number().describe('Not in SPEC 3: price / qty, one unit, pounds ex-VAT, 4 decimals'),
    trade_price: z.literal(true).optional().describe("Not in SPEC 3: present when `price` is the customer's own price from their price list"),
    public_price: z.number().optional().describe('Not in SPEC 3: with trade_price, the public (list) price of one pack, pounds ex-VAT'),
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

/** Not in SPEC 3: when an order placed now would leave the warehouse and arrive. */
export const cartDispatchPromiseSchema = z
  .object({
    dispatchDate: z.iso.date().describe('The day an order placed now leaves the warehouse (London 3pm cut-off, working days)'),
    dispatchToday: z.boolean(),
    deliveryFrom: z.iso.date().describe('Expected delivery, earliest (mainland: the next working day after dispatch)'),
    deliveryTo: z.iso.date().describe('Expected delivery, latest (remote areas: 3-5 working days; mainland: as deliveryFrom)'),
    dispatchText: z.string().describe('"Order within 2 h 14 min for dispatch today" or "Order now for dispatch on Monday 25 November"'),
    deliveryText: z.string().describe('"Expected delivery Tuesday 26 November" or "Expected delivery between ... and ..."'),
  })
  .meta({ id: 'CartDispatchPromise' });
export type CartDispatchPromiseDto = z.infer<typeof cartDispatchPromiseSchema>;

/** Not in SPEC 3: an offer that takes something off a basket or an order (offers). */
export const cartOfferSchema = z
  .object({
    name: z.string().describe('What the shop calls it: "10% off mailing bags"'),
    code: z.string().nullable().describe('The discount code; null for an automatic offer'),
    discount: z.number().describe('Off the goods, pounds ex-VAT'),
    delivery_saved: z.number().describe('Off the delivery fee (free delivery), pounds ex-VAT'),
  })
  .meta({ id: 'CartOffer' });
export type CartOfferDto = z.infer<typeof cartOfferSchema>;

export const cartSchema = z
  .object({
    cart_id: z.number().int().nullable(),
    address_id: z.number().int().nullable(),
    count: z.number().int().describe('Total packs'),
    subTotal: z.number(),
    deliveryFee: z.number(),
    taxPercentage: z.number().describe('The VAT rate of totalTax: the standard rate, or 0 for a zero-rated export (vatTreatment)'),
    totalTax: z.number(),
    total: z.number(),
    vatTreatment: z
      .enum(VAT_TREATMENTS)
      .describe(
        "Not in SPEC 3: VAT by the delivery address's zone: 'standard' (UK VAT at taxPercentage), or 'export' (Channel Islands, Republic of Ireland: " +
          'zero-rated, no UK VAT); standard before an address is chosen',
      ),
    deliveryZone: z
      .enum(DELIVERY_ZONES)
      .nullable()
      .describe(
        'Not in SPEC 3: the zone of the delivery address (PUT /api/cart/AssignAddress) that deliveryFee is for; null before an address is chosen (deliveryFee is then the mainland UK fee)',
      ),
    dispatchPromise: cartDispatchPromiseSchema.describe(
      'Not in SPEC 3: the promise for an order placed now to the delivery address (PUT /api/cart/AssignAddress); mainland UK (England and Wales) before one is chosen',
    ),
    cartIems: z.array(cartLineSchema),
    discount: z.number().describe('Not in SPEC 3: what offers take off the goods, pounds ex-VAT, before VAT is worked out; total = subTotal - discount + deliveryFee + totalTax'),
    offers: z
      .array(cartOfferSchema)
      .describe('Not in SPEC 3: the discount code or automatic offers that take something off this basket (at most one off the goods, and free delivery)'),
    offer_code: z.string().nullable().describe('Not in SPEC 3: the discount code entered (PUT /api/cart/code), in capitals; null for none'),
    offer_code_problem: z
      .string()
      .nullable()
      .describe('Not in SPEC 3: why the code entered takes nothing off now ("Spend £5.00 more on what the code ... covers to use it."); null when it applies or none was entered'),
    next_offers: z.array(z.string()).describe('Not in SPEC 3: what spending a little more would bring, nearest first ("Spend £12.40 more for free delivery")'),
  })
  .meta({ id: 'Cart' });

export type CartDto = z.infer<typeof cartSchema>;

/*
 * Basket requests (SPEC 7). The basket's owner is the signed-in user of the Bearer token, else
 * the anonymous session (`session_id`). `user_id`, `cart_id` and `price` are accepted for
 * compatibility with the storefront (which sends a fixed user_id of 1) and ignored: identity
 * comes from the token and prices from the database.
 */
const ignored = z.union([z.number(), z.string()]).nullable().optional();
export const sessionIdSchema = z
  .uuid('session_id must be the session id from POST /api/session')
  .nullable()
  .optional()
  .describe('The anonymous session; used when no Bearer token is sent');

export const cartOwnerParamsSchema = z.object({
  sessionOrUserId: z
    .string()
    .regex(
      new RegExp(`^(?:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}|${ID_TEXT})$`),
      'Expected a session id (UUID) or a user id (number)',
    )
    .describe('A session id (no token needed) or a user id (needs that user\'s Bearer token)'),
});

export const addToCartBodySchema = z
  .object({
    user_id: ignored.describe('Not the user (that comes from the Bearer token); a session id (UUID) here is read as session_id'),
    session_id: sessionIdSchema,
    cart_id: ignored.describe('Ignored: the basket is the caller\'s'),
    product_id: jsonIdSchema('product_id'),
    product_price_id: jsonIdSchema('product_price_id'),
    price: ignored.describe('Ignored: prices come from the catalogue'),
    qty: jsonIdSchema('qty').optional().describe("Units in the pack: one of the pack's pack_range values (default: the first)"),
    count: packCountSchema.default(1).describe('Packs to add, 1..1000 (default 1); added to a line already in the basket'),
  })
  .meta({ id: 'AddToCart' });
export type AddToCartBody = z.infer<typeof addToCartBodySchema>;

export const modifyCartBodySchema = z
  .object({
    user_id: ignored.describe('Not the user (that comes from the Bearer token); a session id (UUID) here is read as session_id'),
    session_id: sessionIdSchema,
    cart_id: ignored.describe('Ignored: the basket is the caller\'s'),
    product_id: jsonIdSchema('product_id'),
    product_price_id: jsonIdSchema('product_price_id'),
    price: ignored.describe('Ignored: prices come from the catalogue'),
    qty: ignored.describe('Ignored: the pack size of a line does not change'),
    count: packCountSchema.describe('The new number of packs, 1..1000'),
  })
  .meta({ id: 'ModifyCart' });
export type ModifyCartBody = z.infer<typeof modifyCartBodySchema>;

export const removeFromCartBodySchema = z
  .object({
    user_id: ignored.describe('Not the user (that comes from the Bearer token); a session id (UUID) here is read as session_id'),
    session_id: sessionIdSchema,
    product_id: jsonIdSchema('product_id'),
    product_price_id: jsonIdSchema('product_price_id'),
  })
  .meta({ id: 'RemoveFromCart' });
export type RemoveFromCartBody = z.infer<typeof removeFromCartBodySchema>;

export const assignCartBodySchema = z
  .object({
    anonymousUserId: z
      .uuid('anonymousUserId must be the session id from POST /api/session')
      .nullable()
      .optional()
      .describe('The session whose basket moves to the user; nothing moves when omitted'),
    userId: idSchema('userId').describe('The signed-in user (must match the Bearer token)'),
  })
  .meta({ id: 'AssignCart' });
export type AssignCartBody = z.infer<typeof assignCartBodySchema>;

const enterOfferCode = 'Enter a discount code.';

/** PUT /api/cart/code: the discount code for the caller's basket (a guest's by session_id). */
export const applyOfferCodeBodySchema = z
  .object({
    session_id: sessionIdSchema,
    code: z.string({ error: enterOfferCode }).trim().min(1, enterOfferCode).max(40, 'A discount code has at most 40 characters.').describe('The code as the customer typed it; any case'),
  })
  .meta({ id: 'ApplyOfferCode' });
export type ApplyOfferCodeBody = z.infer<typeof applyOfferCodeBodySchema>;

/** DELETE /api/cart/code. */
export const removeOfferCodeBodySchema = z.object({ session_id: sessionIdSchema }).meta({ id: 'RemoveOfferCode' });
