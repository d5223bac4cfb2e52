/**
 * Checkout, orders, the order log and payments (SPEC 3, 4, 7; DESIGN section 4 "Orders").
 * Amounts are pounds (numbers with at most 2 decimals) at the API; the server keeps pence.
 */
import { z } from 'zod';
import { idParamSchema, idSchema } from './ids.ts';
import { deliveryNoteRule, PURCHASE_ORDER_NUMBER_MAX } from './field-rules.ts';
import { poundsSchema } from './money.ts';
import { ORDER_LINES_MAX } from './form-limits.ts';
import { VAT_TREATMENTS } from './vat.ts';
import { cartOfferSchema } from './cart.ts';

const ignored = z.union([z.number(), z.string(), z.boolean()]).nullable().optional();
const optionalId = (name: string) => idSchema(name).nullable().optional();
const pounds = (name: string) => poundsSchema(name, { min: 0, max: 100_000_000 });

export const ORDER_STATUS_PENDING_DELIVERY = 'PendingDelivery';
/** 'account' (trade credit) is not in SPEC 7: only customers with an open trade account may use it. */
export const paymentMethods = ['bank', 'paypal', 'account'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** The header that makes placing an order safe to retry: the same key answers the same order. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const idempotencyKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9._:-]{1,100}$/, 'Idempotency-Key must be 1-100 characters: letters, digits, ".", "_", ":" or "-" (a UUID is ideal)');

export const orderLineInputSchema = z.object({
  product_id: ignored,
  product_price_id: ignored,
  price: ignored,
  qty: ignored,
  count: ignored,
  is_active: ignored,
});

export const placeOrderBodySchema = z
  .object({
    sub_total: pounds('sub_total').describe('The basket sub-total the customer saw (pounds ex-VAT)'),
    delivery_fee: pounds('delivery_fee'),
    total_tax: pounds('total_tax'),
    total: pounds('total').describe('The total the customer agreed to pay; a different server total answers 409'),
    note: z
      .string()
      .max(deliveryNoteRule.max, deliveryNoteRule.message)
      .nullable()
      .optional()
      .transform((v) => (v ?? '').trim())
      .describe('Delivery note, at most 50 characters'),
    payment_method: z
      .enum(paymentMethods, { error: "payment_method must be 'bank', 'paypal' or 'account'" })
      .default('bank')
      .describe(
        "'bank' (transfer, reference set by the server), 'paypal' (card/wallet, also the test payments) or, not in SPEC 7, " +
          "'account' (a trade account's credit: 403 without an open account, 402 over its available credit)",
      ),
    purchase_order_number: z
      .string()
      .trim()
      .max(PURCHASE_ORDER_NUMBER_MAX, `Purchase order number is at most ${PURCHASE_ORDER_NUMBER_MAX} characters.`)
      .nullable()
      .optional()
      .transform((v) => (v ? v : null))
      .describe('Not in SPEC 7: the customer\'s own purchase order number, printed on the invoice (used with account; kept with any method)'),
    payment_reference: z
      .string()
      .trim()
      .max(100, 'payment_reference is at most 100 characters')
      .nullable()
      .optional()
      .describe("For paypal: the provider order id (verified by the server). For bank and account: ignored (the order's own reference, set by the server)."),
    address_id: optionalId('address_id').describe("The delivery address (one of the user's); defaults to the basket's address"),
    billing_address_id: optionalId('billing_address_id').describe("Defaults to the user's billing address"),
    user_id: ignored.describe('Ignored: the order belongs to the user of the Bearer token'),
    status: ignored.describe("Ignored: a new order is always 'PendingDelivery'"),
    is_active: ignored.describe('Ignored'),
    orderLines: z
      .array(orderLineInputSchema)
      .max(ORDER_LINES_MAX)
      .optional()
      .describe("Ignored: the order is the user's basket as stored, priced from the catalogue"),
  })
  .meta({ id: 'PlaceOrder' });
export type PlaceOrderBody = z.infer<typeof placeOrderBodySchema>;

export const orderTotalsSchema = z
  .object({ sub_total: z.number(), delivery_fee: z.number(), total_tax: z.number(), total: z.number() })
  .meta({ id: 'OrderTotals' });
export type OrderTotalsDto = z.infer<typeof orderTotalsSchema>;

/**
 * 409 from placing an order: a payment already used or not matching, or (with `totals`) the
 * totals sent differ from the basket's. Nothing is placed; `totals` are the fresh ones.
 */
export const orderConflictSchema = z
  .object({
    error: z.string(),
    message: z.string(),
    totals: orderTotalsSchema.optional().describe("The basket's current totals, when the totals sent differ"),
    lines: z
      .array(
        z.object({
          product_id: z.number().int(),
          product_price_id: z.number().int(),
          requested_packs: z.number().int(),
          available_packs: z.number().int().describe('Packs of this line that can be had now'),
        }),
      )
      .optional()
      .describe('Not in SPEC: when there is not enough stock (docs/stock.md), each short line and how many packs can be had; nothing was placed'),
    payment_returned: z
      .object({ reference: z.string(), amount: z.number() })
      .optional()
      .describe('Not in SPEC: the card/wallet payment was taken but no order was placed, so the shop is returning it through the provider by itself'),
  })
  .meta({ id: 'OrderConflict' });

/** 422: the Idempotency-Key was used before for a different order request (the client's bug); nothing was placed. */
export const idempotencyKeyReusedSchema = z
  .object({
    error: z.string(),
    message: z.string(),
    orderId: z.number().int().describe('The order placed earlier under this key'),
  })
  .meta({ id: 'IdempotencyKeyReused' });

export const orderAddressSchema = z
  .object({
    reference: z.string(),
    contact_name: z.string(),
    region: z.string(),
    company_name: z.string(),
    address: z.string(),
    town: z.string(),
    country: z.string(),
    post_code: z.string(),
    phone: z.string(),
  })
  .meta({ id: 'OrderAddress' });
export type OrderAddressDto = z.infer<typeof orderAddressSchema>;

export const orderLineSchema = z
  .object({
    product_id: z.number().int().nullable().describe('The product; null for a charge'),
    product_price_id: z.number().int().nullable().describe('The pack bought; null for a charge'),
    kind: z
      .enum(['goods', 'charge'])
      .describe("Not in SPEC 3: 'goods', or 'charge': a quoted charge without stock (print plates, set-up), no product or size, never dispatched"),
    name: z.string().describe('Product name when ordered'),
    item_name: z.string().describe('Display name (SPEC 3)'),
    size1: z.string().describe('Pack size when ordered'),
    image_url: z.string(),
    price: z.number().describe('One pack, pounds ex-VAT, when ordered'),
    qty: z.number().int().describe('Units in the pack'),
    count: z.number().int().describe('Number of packs'),
    total_price: z.number().describe('price x count, pounds ex-VAT'),
    discount: z.number().describe("Not in SPEC 3: the line's share of the order's discount (offers), pounds ex-VAT; the line is charged total_price - discount"),
    is_active: z.boolean(),
  })
  .meta({ id: 'OrderLine' });
export type OrderLineDto = z.infer<typeof orderLineSchema>;

export const orderShipmentSchema = z
  .object({
    number: z.number().int().describe('1, 2, ... within the order'),
    carrier: z.string(),
    tracking_number: z.string().nullable().describe("The carrier's tracking number (null for the shop's own van)"),
    tracking_url: z.string().nullable().describe("The carrier's tracking page (null for the shop's own van)"),
    dispatched_at: z.string().describe('ISO 8601'),
    lines: z.array(
      z.object({
        item_name: z.string(),
        size1: z.string(),
        qty: z.number().int().describe('Units in the pack'),
        count: z.number().int().describe('Packs of the line in this shipment'),
        delivered_units: z.number().int().nullable().describe('A made-to-order line: the units delivered (within 10% of those ordered unless agreed)'),
      }),
    ),
  })
  .meta({ id: 'OrderShipment' });
export type OrderShipmentDto = z.infer<typeof orderShipmentSchema>;

export const orderSchema = z
  .object({
    order_id: z.number().int(),
    created: z.string().describe('ISO 8601'),
    payment_reference: z.string(),
    payment_method: z.enum(paymentMethods),
    payment_is_test: z
      .boolean()
      .describe('Not in SPEC 3: paid by a simulated test payment (a shop in test mode): no money was taken'),
    status: z.string(),
    sub_total: z.number(),
    discount: z
      .number()
      .describe('Not in SPEC 3: what offers (a discount code, an automatic offer) took off the goods, before VAT; total = sub_total - discount + delivery_fee + total_tax'),
    offers: z.array(cartOfferSchema).describe('Not in SPEC 3: the discount code or automatic offers the order was placed with, and what each took off'),
    delivery_fee: z.number(),
    total_tax: z.number(),
    total: z.number(),
    vat_treatment: z
      .enum(VAT_TREATMENTS)
      .describe("Not in SPEC 3: VAT by the delivery address's zone, fixed when placed: 'standard', or 'export' (zero-rated, no UK VAT)"),
    vat_rate_percent: z.number().describe('Not in SPEC 3: the VAT rate of total_tax (0 for a zero-rated export)'),
    note: z.string(),
    user_id: z.number().int(),
    address_id: z.number().int().nullable().describe('The delivery address'),
    is_active: z.boolean(),
    address: orderAddressSchema.nullable().describe('The delivery address as it was when the order was placed'),
    billing_address: orderAddressSchema.nullable(),
    orderLines: z.array(orderLineSchema),
    purchase_order_number: z.string().nullable().describe("Not in SPEC 3: the customer's purchase order number, when they gave one"),
    quote_number: z
      .string()
      .nullable()
      .describe("Not in SPEC 3: the quote the order was placed from ('Q-000042'), whose prices were for that quote alone; null for an order from the basket"),
    dispatched_at: z.string().nullable().describe('Not in SPEC 3: when the order left the warehouse (ISO 8601), once Dispatched'),
    carrier: z.string().nullable().describe('Not in SPEC 3: who delivers it, once Dispatched'),
    tracking_number: z.string().nullable().describe("Not in SPEC 3: the carrier's tracking number"),
    tracking_url: z.string().nullable().describe("Not in SPEC 3: the carrier's tracking page for the parcel (null for the shop's own van)"),
    shipments: z
      .array(orderShipmentSchema)
      .describe(
        'Not in SPEC 3: the parcels the order left in, oldest first. The status stays PendingDelivery until every pack has left ' +
          '(shown as "Part dispatched" when some have), then Dispatched; carrier and tracking_number above are the latest parcel\'s',
      ),
    delivered_at: z.string().nullable().describe('Not in SPEC 3: when it was delivered (ISO 8601)'),
    cancelled_at: z.string().nullable().describe('Not in SPEC 3: when the shop cancelled it (ISO 8601)'),
    cancel_reason: z.string().nullable().describe('Not in SPEC 3: why the shop cancelled it'),
    payment_status: z
      .enum(['paid', 'part_paid', 'awaiting_payment', 'on_account', 'overdue', 'refund_due', 'refunded', 'cancelled_unpaid'])
      .describe('Not in SPEC 3: where the money stands, apart from the status (refund_due: cancelled after paying, or paid more than the total)'),
    amount_paid: z.number().describe('Not in SPEC 3: what counts as paid for the order, pounds (never more than the total while it stands)'),
    amount_due: z.number().describe('Not in SPEC 3: what is still to be paid, pounds'),
    refund_due: z.number().describe('Not in SPEC 3: what the shop owes back to the customer, pounds'),
    amount_refunded: z.number().describe('Not in SPEC 3: what the shop has paid back to the customer so far, pounds'),
    payment_due_date: z.string().nullable().describe('Not in SPEC 3: account orders, the date payment is due (YYYY-MM-DD) once invoiced'),
    promised_dispatch_date: z.iso
      .date()
      .nullable()
      .describe(
        'The day the order was promised to leave the warehouse (ISO date, YYYY-MM-DD), fixed when it was placed: London 3pm cut-off, ' +
          'weekends and UK bank holidays; null for orders placed before promises were recorded',
      ),
  })
  .meta({ id: 'Order' });
export type OrderDto = z.infer<typeof orderSchema>;

export const orderIdParamsSchema = z.object({ id: idParamSchema('order id') });

/** GET /api/order/{id}/credit-notes/{number}: one VAT credit note of the order. */
export const orderCreditNoteParamsSchema = z.object({ id: idParamSchema('order id'), number: idParamSchema('credit note number') });

export const myOrdersQuerySchema = z.object({
  Filter: z.string().max(100, 'Filter is at most 100 characters').optional().describe('Order number or payment reference (part of it, any case)'),
  filter: z.string().max(100, 'Filter is at most 100 characters').optional().describe('Same as Filter'),
});

/* The order log (POST /api/OrderLog): the storefront reports card/wallet errors here. */

export const ORDER_LOG_TEXT_MAX = 4000;
/**
 * A text field of the log, optional: text, or any other JSON value (an error object), kept as its
 * JSON text. The document publishes exactly that (text up to the limit, or another JSON value).
 */
const logText = (name: string) => {
  const text = z.string().max(ORDER_LOG_TEXT_MAX, `${name} is at most ${ORDER_LOG_TEXT_MAX} characters`);
  return z
    // A list of more than half the limit cannot be written within it ("[1,1]": two characters an item).
    .union([text, z.number(), z.boolean(), z.array(z.unknown()).max(ORDER_LOG_TEXT_MAX / 2), z.record(z.string(), z.unknown())])
    .nullable()
    .optional()
    .transform((v) => (v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v)))
    .pipe(text)
    .describe(`Text of at most ${ORDER_LOG_TEXT_MAX} characters, or another JSON value kept as its JSON text (within the same limit)`);
};

export const orderLogBodySchema = z
  .object({
    error: logText('error'),
    request: logText('request'),
    extra_info: logText('extra_info'),
    external_id: logText('external_id'),
    user_id: ignored.describe('Ignored: the user of the Bearer token, if any, is recorded'),
  })
  .meta({ id: 'OrderLog' });
export type OrderLogBody = z.infer<typeof orderLogBodySchema>;

/* Payments. */

export const paymentsConfigSchema = z
  .object({
    mode: z
      .enum(['paypal', 'test', 'none'])
      .describe(
        "'paypal' when PayPal is configured; simulated 'test' payments on a shop at a localhost address or with PAYMENTS_TEST_MODE=1; " +
          "otherwise 'none': no card or wallet payments, bank transfer (or a trade account) only",
      ),
    clientId: z.string().nullable().describe("The PayPal client id for the JS SDK (null unless mode is 'paypal')"),
    currency: z.literal('GBP'),
  })
  .meta({ id: 'PaymentsConfig' });
export type PaymentsConfigDto = z.infer<typeof paymentsConfigSchema>;

export const testPaymentBodySchema = z
  .object({
    // At least a penny: a positive amount below it (1e-9) would round to 0 pence (found by tests/fuzz).
    amount: poundsSchema('amount', { min: 0.01, max: 1_000_000 }),
  })
  .meta({ id: 'TestPayment' });

export const testPaymentResponseSchema = z
  .object({ id: z.string().describe('A simulated, already COMPLETED provider order: send it as payment_reference') })
  .meta({ id: 'TestPaymentOrder' });
export type TestPaymentBody = z.infer<typeof testPaymentBodySchema>;
export type TestPaymentResponseDto = z.infer<typeof testPaymentResponseSchema>;
