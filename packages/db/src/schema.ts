/**
 * The whole domain of SPEC section 3 as PostgreSQL tables.
 * Money is stored as integer pence (`*_pence`); the API converts to pounds at the edge.
 * Search indexes (tsvector, pg_trgm) and catalogue-change triggers live in the custom
 * SQL migrations beside the generated ones, because drizzle-kit cannot express them.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  customType,
  primaryKey,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/**
 * An address as an order keeps it (`orders.delivery_address`, `orders.billing_address`): the
 * address book's fields by their API names, copied when the order is placed, so the order keeps
 * them when the address is edited or deleted. Read through the columns' type, never parsed by hand.
 */
export type AddressSnapshot = Record<'reference' | 'contact_name' | 'region' | 'company_name' | 'address' | 'town' | 'country' | 'post_code' | 'phone', string>;

/** What an audit entry (order, customer and staff events) records before and after a change. */
export type AuditedValues = Record<string, unknown>;

/** Binary data (bytea) as a Node Buffer: the uploaded catalogue images. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType() {
    return 'bytea';
  },
  fromDriver(value) {
    return Buffer.isBuffer(value) ? value : Buffer.from(value);
  },
});

export const categories = pgTable(
  'categories',
  {
    categoryId: serial('category_id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    slug: text('slug').notNull(),
    imageUrl: text('image_url').notNull().default(''),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.categoryId, { onDelete: 'restrict' }),
    sortOrder: integer('sort_order').notNull().default(0),
    externalId: text('external_id'),
    externalParentId: text('external_parent_id'),
    /** Shown in the shop (back office: "Visible"); a hidden category hides its sub-categories too. */
    isActive: boolean('is_active').notNull().default(true),
    isNew: boolean('is_new').notNull().default(false),
    /** The category page's <title> and meta description; empty means "from the name and description". */
    pageTitle: text('page_title').notNull().default(''),
    pageDescription: text('page_description').notNull().default(''),
    /** Back office: optimistic concurrency, `UPDATE ... WHERE version = $seen`. */
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('categories_slug_key').on(t.slug), index('categories_parent_idx').on(t.parentId)],
);

export const products = pgTable(
  'products',
  {
    productId: serial('product_id').primaryKey(),
    /**
     * The product code staff and the CSV import know a product by (unique, compared without
     * case). An insert without one gets `P` + the id zero-padded to 6 digits (a trigger,
     * migration 0008), the pattern existing products were given.
     */
    productCode: text('product_code').notNull().default(''),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    imageUrl: text('image_url').notNull().default(''),
    linkProductId: integer('link_product_id').references((): AnyPgColumn => products.productId, { onDelete: 'set null' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.categoryId, { onDelete: 'restrict' }),
    /** On sale (true) or withdrawn (false). Products with order history are withdrawn, never deleted. */
    isActive: boolean('is_active').notNull().default(true),
    isNew: boolean('is_new').notNull().default(false),
    /** Shown in the landing page's product grid. */
    isFeatured: boolean('is_featured').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Back office: optimistic concurrency, `UPDATE ... WHERE version = $seen`. */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('products_category_idx').on(t.categoryId),
    index('products_featured_idx').on(t.isFeatured),
    uniqueIndex('products_product_code_key').on(sql`lower(${t.productCode})`),
  ],
);

export const productSizes = pgTable(
  'product_sizes',
  {
    productSizeId: serial('product_size_id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.productId, { onDelete: 'cascade' }),
    /** Imperial size as sold, e.g. `12x9x6"`. */
    size1: text('size1').notNull(),
    /** Metric size, e.g. `305x229x152mm`. */
    size2: text('size2').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Where the warehouse keeps this size (bin or shelf, e.g. `B12-3`), printed on picking lists; null when not set. */
    location: text('location'),
    /**
     * What one unit of this size costs the shop, ex VAT, in pence (the catalogue editor and CSV,
     * docs/catalogue-csv.md); null when not known. Stock value and margin reports (docs/reports.md) use it.
     */
    unitCostPence: integer('unit_cost_pence'),
  },
  (t) => [
    index('product_sizes_product_idx').on(t.productId),
    check('product_sizes_unit_cost_nonnegative', sql`${t.unitCostPence} >= 0`),
  ],
);

/** A pack: what a customer buys. `price_pence` is one pack ex-VAT; `pack_range` the unit quantities offered. */
export const productPrices = pgTable(
  'product_prices',
  {
    productPriceId: serial('product_price_id').primaryKey(),
    productSizeId: integer('product_size_id')
      .notNull()
      .references(() => productSizes.productSizeId, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.productId, { onDelete: 'cascade' }),
    pricePence: integer('price_pence').notNull(),
    packRange: integer('pack_range').array().notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    index('product_prices_size_idx').on(t.productSizeId),
    index('product_prices_product_idx').on(t.productId),
    check('product_prices_price_positive', sql`${t.pricePence} > 0`),
    check('product_prices_pack_range_nonempty', sql`cardinality(${t.packRange}) > 0`),
  ],
);

export const sessions = pgTable('sessions', {
  sessionId: uuid('session_id').primaryKey(),
  ip: text('ip').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const users = pgTable(
  'users',
  {
    userId: serial('user_id').primaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    phone: text('phone').notNull(),
    newsletter: boolean('newsletter').notNull().default(false),
    /** For invoices (My account); null when the customer gave none. */
    companyName: text('company_name'),
    /** A UK VAT number stored normalised ('GB123456789' or 'GB123456789012'); null when none. */
    vatNumber: text('vat_number'),
    /** Set by a manager (back office): the customer can no longer sign in and every token is revoked. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /**
     * Set when the account was closed (by the customer, or by staff at their request;
     * core/accounts/account-closure.ts): the personal details are erased, `disabled_at` is set too,
     * and the row stays only because the orders and invoices the shop must keep point at it.
     */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // E-mail addresses are compared case-insensitively.
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    check('users_company_name_length', sql`char_length(${t.companyName}) between 1 and 100`),
    check('users_vat_number_format', sql`${t.vatNumber} ~ '^GB([0-9]{9}|[0-9]{12})$'`),
  ],
);

/**
 * Trade companies (docs/companies.md): a trade account belongs to a company whose members order
 * for it. A customer belongs to at most one company (company_members.user_id is the key).
 */
export const companies = pgTable(
  'companies',
  {
    companyId: serial('company_id').primaryKey(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('companies_name_length', sql`char_length(${t.name}) between 1 and 100`)],
);

/**
 * A company's members and their roles: admin (everything: every order of the company, manages
 * members and limits), buyer (orders within their limits, sees their own orders), viewer (sees
 * the company's orders and invoices, cannot order). Limits are ex VAT, per order and per London
 * calendar month; null is no limit.
 */
export const companyMembers = pgTable(
  'company_members',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.userId, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.companyId, { onDelete: 'cascade' }),
    role: text('role', { enum: ['admin', 'buyer', 'viewer'] }).notNull(),
    orderLimitPence: integer('order_limit_pence'),
    monthlyLimitPence: integer('monthly_limit_pence'),
    /** The member who invited them; null for the company's first member or staff's additions. */
    invitedBy: integer('invited_by').references((): AnyPgColumn => users.userId, { onDelete: 'set null' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('company_members_company_idx').on(t.companyId),
    check('company_members_role_valid', sql`${t.role} in ('admin', 'buyer', 'viewer')`),
    check('company_members_limits_positive', sql`coalesce(${t.orderLimitPence}, 1) > 0 and coalesce(${t.monthlyLimitPence}, 1) > 0`),
  ],
);

/** Line snapshots an approval request holds, at the prices held for it. */
export interface HeldLine {
  productId: number;
  productPriceId: number;
  productName: string;
  size1: string | null;
  imageUrl: string | null;
  pricePence: number;
  qty: number;
  count: number;
  /** The line's share of an offer's discount (core/offers/), held with it; absent: none. */
  discountPence?: number;
}

/** An offer that took something off a held basket (core/offers/offer-rules.ts AppliedOffer). */
export interface HeldOffer {
  offerId: number;
  code: string | null;
  name: string;
  discountPence: number;
  deliverySavedPence: number;
}

/**
 * A buyer's order over their limit, waiting for a company admin (core/companies/approvals.ts,
 * the states in approval-states.ts): the basket's lines, delivery charge and totals at the prices
 * held until `held_until` (a waiting request past it reads 'expired'; nothing stores that).
 * Approved, it is placed through the one order writer (order_id set); declined with a reason;
 * withdrawn by its buyer; or 'not-placed' when approving found the stock, products or credit
 * changed. `problem` says, in the buyer's words, what changed between asking and deciding.
 */
export const approvalRequests = pgTable(
  'approval_requests',
  {
    approvalRequestId: serial('approval_request_id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.companyId, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    status: text('status', { enum: ['waiting', 'placed', 'declined', 'withdrawn', 'not-placed'] }).notNull().default('waiting'),
    lines: jsonb('lines').$type<HeldLine[]>().notNull(),
    /** The offers that applied to the basket: placed with it, each use taken when it is approved. */
    offers: jsonb('offers').$type<HeldOffer[]>().notNull().default([]),
    subTotalPence: integer('sub_total_pence').notNull(),
    deliveryFeePence: integer('delivery_fee_pence').notNull(),
    totalTaxPence: integer('total_tax_pence').notNull(),
    totalPence: integer('total_pence').notNull(),
    deliveryAddressId: integer('delivery_address_id').references(() => addresses.addressId, { onDelete: 'set null' }),
    billingAddressId: integer('billing_address_id').references(() => addresses.addressId, { onDelete: 'set null' }),
    paymentMethod: text('payment_method', { enum: ['bank', 'account'] }).notNull(),
    note: text('note').notNull().default(''),
    purchaseOrderNumber: text('purchase_order_number'),
    /** Why it waits, as the buyer and admins read it. */
    reason: text('reason').notNull(),
    heldUntil: timestamp('held_until', { withTimezone: true }).notNull(),
    decidedBy: integer('decided_by').references((): AnyPgColumn => users.userId, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
    problem: text('problem'),
    orderId: integer('order_id').references(() => orders.orderId, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('approval_requests_company_idx').on(t.companyId, t.status),
    index('approval_requests_user_idx').on(t.userId),
    check('approval_requests_status_valid', sql`${t.status} in ('waiting', 'placed', 'declined', 'withdrawn', 'not-placed')`),
  ],
);

/** Opaque tokens, stored only as a SHA-256 hash. kind: 'access' (sign-in) or 'reset' (password reset). */
export const authTokens = pgTable(
  'auth_tokens',
  {
    tokenId: serial('token_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    kind: text('kind', { enum: ['access', 'reset'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('auth_tokens_hash_key').on(t.tokenHash),
    index('auth_tokens_user_idx').on(t.userId),
    check('auth_tokens_kind_valid', sql`${t.kind} in ('access', 'reset')`),
  ],
);

export const addresses = pgTable(
  'addresses',
  {
    addressId: serial('address_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    reference: text('reference').notNull(),
    contactName: text('contact_name').notNull(),
    region: text('region').notNull(),
    companyName: text('company_name').notNull().default(''),
    address: text('address').notNull(),
    town: text('town').notNull(),
    country: text('country').notNull(),
    postCode: text('post_code').notNull(),
    phone: text('phone').notNull(),
    /** 'Billing' marks the billing address; otherwise null. */
    type: text('type', { enum: ['Billing'] }),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A company's address, shared by its members (core/companies); null: the customer's own. */
    companyId: integer('company_id').references(() => companies.companyId, { onDelete: 'set null' }),
  },
  (t) => [index('addresses_user_idx').on(t.userId), index('addresses_company_idx').on(t.companyId)],
);

/** A basket belongs to exactly one anonymous session or one user. */
export const carts = pgTable(
  'carts',
  {
    cartId: serial('cart_id').primaryKey(),
    sessionId: uuid('session_id').references(() => sessions.sessionId, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.userId, { onDelete: 'cascade' }),
    addressId: integer('address_id').references(() => addresses.addressId, { onDelete: 'set null' }),
    /**
     * The reference the order placed from this basket will carry (core/payments/order-reference.ts),
     * made when the payment step first shows it, so the customer can pay by bank transfer before
     * placing; it moves to the order and is cleared with the basket.
     */
    paymentReference: text('payment_reference'),
    /** The discount code the customer entered (core/offers/), as typed in capitals; null for none. Checked again at every read and at checkout. */
    offerCode: text('offer_code'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('carts_session_key').on(t.sessionId),
    uniqueIndex('carts_user_key').on(t.userId),
    uniqueIndex('carts_payment_reference_key').on(t.paymentReference),
    check('carts_has_owner', sql`(${t.sessionId} is null) <> (${t.userId} is null)`),
  ],
);

export const cartLines = pgTable(
  'cart_lines',
  {
    cartLineId: serial('cart_line_id').primaryKey(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.cartId, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.productId, { onDelete: 'cascade' }),
    productPriceId: integer('product_price_id')
      .notNull()
      .references(() => productPrices.productPriceId, { onDelete: 'cascade' }),
    qty: integer('qty').notNull(),
    count: integer('count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cart_lines_pack_key').on(t.cartId, t.productPriceId),
    check('cart_lines_count_range', sql`${t.count} between 1 and 1000`),
    check('cart_lines_qty_positive', sql`${t.qty} > 0`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    orderId: serial('order_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'restrict' }),
    addressId: integer('address_id').references(() => addresses.addressId, { onDelete: 'set null' }),
    billingAddressId: integer('billing_address_id').references(() => addresses.addressId, { onDelete: 'set null' }),
    /** Snapshot of the delivery address as it was when the order was placed. */
    deliveryAddress: jsonb('delivery_address').$type<AddressSnapshot>(),
    /**
     * Snapshot of the billing address as it was when the order was placed: the customer may edit
     * or delete the address later (My account), the order keeps what it was placed with.
     */
    billingAddress: jsonb('billing_address').$type<AddressSnapshot>(),
    paymentMethod: text('payment_method', { enum: ['paypal', 'bank', 'account'] }).notNull(),
    /**
     * Card/wallet: the provider's order id. Bank transfer and trade account: the order's own
     * reference, prefix + '-' + a code (core/payments/order-reference.ts); orders placed before
     * references per order keep prefix + user id.
     */
    paymentReference: text('payment_reference').notNull(),
    /** Paid by a simulated payment (test mode, DESIGN section 4): said wherever the order appears. */
    paymentIsTest: boolean('payment_is_test').notNull().default(false),
    /** The provider's capture of a card/wallet payment, what a refund is sent against. */
    providerCaptureId: text('provider_capture_id'),
    /**
     * VAT by destination (core's table, DESIGN section 4), fixed when the order is placed:
     * 'standard' at `vat_rate_percent`, or 'export' (zero-rated, outside the UK VAT area).
     */
    vatTreatment: text('vat_treatment', { enum: ['standard', 'export'] }).notNull().default('standard'),
    vatRatePercent: integer('vat_rate_percent').notNull().default(20),
    status: text('status', { enum: ['PendingDelivery', 'Dispatched', 'Delivered', 'Cancelled'] }).notNull(),
    /** The goods as charged: the lines' totals, after any discount (offers, core/offers/). */
    subTotalPence: integer('sub_total_pence').notNull(),
    /**
     * The discount of offers taken off the goods before VAT (core/offers/), already out of
     * sub_total_pence and shared over the lines (order_lines.discount_pence); 0 for none.
     */
    discountPence: integer('discount_pence').notNull().default(0),
    deliveryFeePence: integer('delivery_fee_pence').notNull(),
    totalTaxPence: integer('total_tax_pence').notNull(),
    totalPence: integer('total_pence').notNull(),
    note: text('note').notNull().default(''),
    idempotencyKey: text('idempotency_key'),
    /** Hash of the request placed under the Idempotency-Key: the same key with another request is the client's bug (422). */
    requestFingerprint: text('request_fingerprint'),
    isActive: boolean('is_active').notNull().default(true),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The dispatch day promised when the order was placed (core/delivery/dispatch-promise.ts: London
     * 3pm cut-off, working days); null for orders placed before the promise existed.
     */
    promisedDispatchDate: date('promised_dispatch_date', { mode: 'string' }),
    /**
     * Back office (core/back-office): optimistic concurrency. Every staff change is
     * `UPDATE ... WHERE version = $seen`, so of two staff acting at once one wins, the other is told.
     */
    version: integer('version').notNull().default(1),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    /**
     * Payment is kept apart from the state: pence received so far (card/wallet orders are paid in
     * full when placed; bank transfers and trade accounts when staff record payments) and refunded.
     */
    paidPence: integer('paid_pence').notNull().default(0),
    refundedPence: integer('refunded_pence').notNull().default(0),
    /**
     * Credit notes that lower what the customer owes without money moving (a claim settled by
     * credit, packs taken off an invoiced order): the total stays the invoice's, and what is due
     * is the total less this (order-states.ts paymentFiguresOf).
     */
    creditedPence: integer('credited_pence').notNull().default(0),
    /** Trade (credit) account orders: payment due by (invoice date + the account's terms). */
    paymentDueDate: date('payment_due_date', { mode: 'string' }),
    purchaseOrderNumber: text('purchase_order_number'),
    /** The company the customer ordered for (core/companies): its admins and viewers see the order; null for a customer of no company. */
    companyId: integer('company_id').references(() => companies.companyId, { onDelete: 'restrict' }),
  },
  (t) => [
    index('orders_company_idx').on(t.companyId, t.created),
    // A customer's orders are found by orders_idempotency_key below, whose first column is
    // user_id: a separate index on user_id alone would only be one more to write per order.
    // The back office lists newest first, filtered by state.
    index('orders_created_idx').on(t.created),
    index('orders_status_created_idx').on(t.status, t.created),
    index('orders_payment_reference_idx').on(t.paymentReference),
    // Orders with money still due (a few hundred among 100,000): the "money due" list, its
    // counts and the dashboard's awaiting-payment and overdue figures read these, not the table.
    index('orders_money_due_idx')
      .on(t.created)
      .where(sql`${t.paidPence} < ${t.totalPence} AND ${t.status} <> 'Cancelled'`),
    index('orders_delivery_post_code_idx').on(sql`upper(replace(${t.deliveryAddress} ->> 'post_code', ' ', ''))`),
    uniqueIndex('orders_idempotency_key').on(t.userId, t.idempotencyKey),
    // A provider payment (card/wallet) pays for one order only.
    uniqueIndex('orders_provider_reference_key')
      .on(t.paymentReference)
      .where(sql`${t.paymentMethod} = 'paypal'`),
    // An order's own reference (prefix-code) names one order; the older prefix + user id ones repeat.
    uniqueIndex('orders_order_reference_key')
      .on(t.paymentReference)
      .where(sql`${t.paymentMethod} <> 'paypal' AND position('-' in ${t.paymentReference}) > 0`),
    check('orders_vat_treatment_valid', sql`${t.vatTreatment} in ('standard', 'export')`),
    check('orders_vat_rate_range', sql`${t.vatRatePercent} between 0 and 100`),
    check('orders_payment_method_valid', sql`${t.paymentMethod} in ('paypal', 'bank', 'account')`),
    check('orders_status_valid', sql`${t.status} in ('PendingDelivery', 'Dispatched', 'Delivered', 'Cancelled')`),
    check('orders_paid_range', sql`${t.paidPence} >= 0 and ${t.refundedPence} >= 0 and ${t.refundedPence} <= ${t.paidPence}`),
    check('orders_credited_range', sql`${t.creditedPence} >= 0 and ${t.creditedPence} <= ${t.totalPence}`),
    check('orders_totals_consistent', sql`${t.totalPence} = ${t.subTotalPence} + ${t.deliveryFeePence} + ${t.totalTaxPence}`),
    check('orders_note_length', sql`char_length(${t.note}) <= 50`),
    check('orders_discount_nonnegative', sql`${t.discountPence} >= 0`),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    orderLineId: serial('order_line_id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.orderId, { onDelete: 'cascade' }),
    /** The pack bought; null for a charge (below), which is no product. */
    productId: integer('product_id'),
    productPriceId: integer('product_price_id'),
    /**
     * 'goods' (a pack of a product) or 'charge': a quote's charge without stock (print plates,
     * set-up, origination; docs/sales-desk.md): no product or size, one "pack" of one at its price,
     * never allocated, picked or shipped, invoiced as its description.
     */
    kind: text('kind', { enum: ['goods', 'charge'] }).notNull().default('goods'),
    /** Snapshots: the order keeps what was bought even if the catalogue changes later. */
    productName: text('product_name').notNull(),
    size1: text('size1').notNull(),
    imageUrl: text('image_url').notNull().default(''),
    pricePence: integer('price_pence').notNull(),
    qty: integer('qty').notNull(),
    count: integer('count').notNull(),
    /** What the line is charged: price x count less its share of the order's discount (discount_pence). */
    totalPricePence: integer('total_price_pence').notNull(),
    /** This line's share of the order's discount (offers), already out of total_price_pence; 0 for none. */
    discountPence: integer('discount_pence').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * A custom (made or printed to order) quantity, from a quote: the delivered quantity may vary
     * by 10% either way (SPEC 9), entered at dispatch (core/back-office/orders/custom-quantity.ts).
     */
    custom: boolean('custom').notNull().default(false),
    /**
     * Custom lines once dispatched: the units delivered. `total_price_pence` is then the price of
     * what was delivered (the ordered figure is in the dispatch's order event).
     */
    deliveredUnits: integer('delivered_units'),
    /**
     * Packs taken off after the order was invoiced or part dispatched (they cannot be supplied):
     * the line keeps the count its invoice states, a credit note credits these packs, and they are
     * no longer left to send (back-office/orders/line-cancellation.ts).
     */
    withdrawnCount: integer('withdrawn_count').notNull().default(0),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId),
    check('order_lines_count_range', sql`${t.count} between 1 and 1000`),
    check('order_lines_withdrawn_range', sql`${t.withdrawnCount} between 0 and ${t.count}`),
    check('order_lines_discount_nonnegative', sql`${t.discountPence} >= 0`),
    check('order_lines_kind_valid', sql`${t.kind} in ('goods', 'charge')`),
    // Goods name their pack; a charge names none.
    check('order_lines_charge_has_no_product', sql`(${t.kind} = 'charge') = (${t.productPriceId} is null) and (${t.productId} is null) = (${t.productPriceId} is null)`),
  ],
);

export const orderLogs = pgTable(
  'order_logs',
  {
    orderLogId: serial('order_log_id').primaryKey(),
    error: text('error').notNull().default(''),
    request: text('request').notNull().default(''),
    extraInfo: text('extra_info').notNull().default(''),
    externalId: text('external_id').notNull().default(''),
    userId: integer('user_id').references(() => users.userId, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_logs_user_idx').on(t.userId)],
);

/**
 * Durable jobs (DESIGN section 11): work that must happen after a change (e-mails) is a row
 * written in the change's transaction, so a crash cannot lose it. Workers in every process
 * claim due rows with FOR UPDATE SKIP LOCKED and a lease (`locked_until`), so one job runs once
 * at a time; a failure sets `run_at` later (backoff) until `max attempts`, then `failed`.
 */
export const jobs = pgTable(
  'jobs',
  {
    jobId: bigserial('job_id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** One job per cause (e.g. one confirmation per order), whoever records it twice. */
    dedupeKey: text('dedupe_key'),
    state: text('state', { enum: ['pending', 'done', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('jobs_dedupe_key').on(t.dedupeKey),
    index('jobs_due_idx').on(t.runAt).where(sql`${t.state} = 'pending'`),
    check('jobs_state_valid', sql`${t.state} in ('pending', 'done', 'failed')`),
  ],
);

/**
 * Recurring schedules (decision record 021): one row per occasion of a schedule (a daily run's
 * London date, a monthly run's month). Every process's scheduler tries to insert the occasion
 * when it falls due; the primary key lets one win, and the winner records the occasion's job in
 * the same transaction: each occasion is run once however many processes run the shop.
 */
export const scheduleOccasions = pgTable(
  'schedule_occasions',
  {
    scheduleName: text('schedule_name').notNull(),
    occasion: text('occasion').notNull(),
    /** When the occasion fell due (by the schedule's rule, not when it was noticed). */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    enqueuedAt: timestamp('enqueued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scheduleName, t.occasion] })],
);

/**
 * Payment reminders of account orders (credit control): one row per order and stage, written in
 * the transaction that records the reminder's e-mail job, so each stage is sent once per order.
 */
export const creditReminders = pgTable(
  'credit_reminders',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.orderId, { onDelete: 'cascade' }),
    stage: text('stage', { enum: ['before-due', 'due', 'overdue-7', 'overdue-14', 'overdue-30'] }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    /** The London date of the daily run that sent it. */
    runDate: date('run_date', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.stage] }), index('credit_reminders_user_idx').on(t.userId)],
);

/**
 * Staff of the back office (DESIGN section 10): not customers, their own table. No default
 * password: `password_hash` is null until the staff member sets one from a single-use link.
 */
export const staff = pgTable(
  'staff',
  {
    staffId: serial('staff_id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    /** owner (everything, manages staff), manager (orders, customers, catalogue), warehouse (pick and dispatch). */
    role: text('role', { enum: ['owner', 'manager', 'warehouse'] }).notNull(),
    passwordHash: text('password_hash'),
    /** TOTP second factor (base32 secret); enabled once the first code was confirmed. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** SHA-256 hashes of the unused recovery codes; each works once. */
    recoveryCodeHashes: text('recovery_code_hashes').array().notNull().default(sql`'{}'::text[]`),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('staff_email_lower_key').on(sql`lower(${t.email})`),
    check('staff_role_valid', sql`${t.role} in ('owner', 'manager', 'warehouse')`),
  ],
);

/**
 * Server-side staff sessions: the cookie holds a random id, the table its SHA-256 hash.
 * Idle expiry from `last_seen_at`, absolute from `expires_at`. `awaiting_second_factor` while a
 * TOTP code is still owed after the password.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    sessionHash: text('session_hash').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.staffId, { onDelete: 'cascade' }),
    awaitingSecondFactor: boolean('awaiting_second_factor').notNull().default(false),
    /** Wrong two-step codes given in this sign-in: at 5 it ends, and the password is asked again. */
    failedCodes: integer('failed_codes').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/**
 * Browsers that signed in to an account before (DESIGN section 4 "Identity", decision record
 * 014): the `shop_device` cookie holds random tokens, this table their SHA-256 hashes with the
 * account each was given for (`customer:` or `staff:` and a hash of the e-mail in lower case).
 * A known browser with the right password is let through while guessing from elsewhere slows
 * the account down. Not a credential: it opens nothing by itself.
 */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    tokenHash: text('token_hash').primaryKey(),
    account: text('account').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('trusted_devices_last_used_idx').on(t.lastUsedAt)],
);

/** Single-use set-password links for staff (`npm run staff -- add`), stored as SHA-256 hashes. */
export const staffTokens = pgTable(
  'staff_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.staffId, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('staff_tokens_staff_idx').on(t.staffId)],
);

/**
 * Everything that happened to an order, for its timeline: placed, payments, dispatch, cancel...
 * Staff actions name the staff member and hold the before and after. Append-only: a trigger
 * (migration 0007) refuses UPDATE and DELETE.
 */
/**
 * Who changed the staff list (every staff action is audited): the owner set up, a
 * member added, a new set-password link made, a member disabled. `actor_staff_id` is null for the
 * setup link and the command line. Append-only (a trigger refuses UPDATE and DELETE).
 */
export const staffEvents = pgTable(
  'staff_events',
  {
    staffEventId: bigserial('staff_event_id', { mode: 'number' }).primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.staffId, { onDelete: 'restrict' }),
    actorStaffId: integer('actor_staff_id').references(() => staff.staffId, { onDelete: 'restrict' }),
    kind: text('kind').notNull(),
    before: jsonb('before').$type<AuditedValues>(),
    after: jsonb('after').$type<AuditedValues>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
);

/**
 * What staff did to a customer's account outside an order (every staff action is
 * audited): disabled or enabled, trade account opened, changed or closed. Append-only, like
 * order_events (a trigger refuses UPDATE and DELETE).
 */
export const customerEvents = pgTable(
  'customer_events',
  {
    customerEventId: bigserial('customer_event_id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'restrict' }),
    staffId: integer('staff_id').references(() => staff.staffId, { onDelete: 'restrict' }),
    kind: text('kind').notNull(),
    before: jsonb('before').$type<AuditedValues>(),
    after: jsonb('after').$type<AuditedValues>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('customer_events_user_idx').on(t.userId, t.customerEventId)],
);

export const orderEvents = pgTable(
  'order_events',
  {
    orderEventId: bigserial('order_event_id', { mode: 'number' }).primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.orderId, { onDelete: 'restrict' }),
    /** Null for the customer's or the system's own events. */
    staffId: integer('staff_id').references(() => staff.staffId, { onDelete: 'restrict' }),
    kind: text('kind').notNull(),
    before: jsonb('before').$type<AuditedValues>(),
    after: jsonb('after').$type<AuditedValues>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.orderEventId)],
);

/**
 * Money received for (or refunded on) an order. Payments and refunds staff record by hand
 * (bank transfers) have no provider state. A refund sent through the payment provider is
 * written first as 'pending' with its idempotency key (sent as PayPal-Request-Id, so a retry
 * never refunds twice), then 'completed' with the provider's refund id, or 'failed' with why.
 * Only completed (or hand-recorded) refunds count in `orders.refunded_pence`.
 */
export const orderPayments = pgTable(
  'order_payments',
  {
    orderPaymentId: serial('order_payment_id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.orderId, { onDelete: 'restrict' }),
    kind: text('kind', { enum: ['payment', 'refund'] }).notNull(),
    amountPence: integer('amount_pence').notNull(),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    bankReference: text('bank_reference').notNull().default(''),
    staffId: integer('staff_id').references(() => staff.staffId, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** 'paypal' or 'test' for a refund sent through the provider; null when recorded by hand. */
    provider: text('provider', { enum: ['paypal', 'test'] }),
    providerState: text('provider_state', { enum: ['pending', 'completed', 'failed'] }),
    providerRefundId: text('provider_refund_id'),
    idempotencyKey: text('idempotency_key'),
    /** The provider's reason when it refused the refund, for staff. */
    failureReason: text('failure_reason'),
  },
  (t) => [
    index('order_payments_order_idx').on(t.orderId),
    // The VAT return reads a quarter's payments by the day they were received (advance payments).
    index('order_payments_received_on_idx').on(t.receivedOn),
    uniqueIndex('order_payments_idempotency_key').on(t.idempotencyKey),
    check('order_payments_kind_valid', sql`${t.kind} in ('payment', 'refund')`),
    check('order_payments_amount_positive', sql`${t.amountPence} > 0`),
    check('order_payments_provider_valid', sql`${t.provider} is null or (${t.kind} = 'refund' and ${t.providerState} in ('pending', 'completed', 'failed') and ${t.idempotencyKey} is not null)`),
  ],
);

/**
 * A card/wallet payment the provider took whose order could not be placed (sold out, totals
 * changed, a product withdrawn; DESIGN section 4 "Orders"): the shop returns it by itself
 * through the provider's refund API, by a durable job, and staff see every one. One row per
 * provider payment (the unique index), so placing again with the same reference, or two
 * requests at once, never returns it twice; `idempotency_key` is sent with every attempt
 * (PayPal-Request-Id), so a retry after no answer never refunds twice either.
 */
export const unplacedPayments = pgTable(
  'unplaced_payments',
  {
    unplacedPaymentId: serial('unplaced_payment_id').primaryKey(),
    provider: text('provider', { enum: ['paypal', 'test'] }).notNull(),
    /** The provider's order id the customer paid (what placing was sent as payment_reference). */
    reference: text('reference').notNull(),
    /** The capture that took the money, what the refund is sent against; null until known. */
    captureId: text('capture_id'),
    amountPence: integer('amount_pence').notNull(),
    userId: integer('user_id').references(() => users.userId, { onDelete: 'set null' }),
    /** Why no order was placed: the message the customer was shown. */
    reason: text('reason').notNull(),
    state: text('state', { enum: ['pending', 'refunded', 'failed'] }).notNull().default('pending'),
    idempotencyKey: text('idempotency_key').notNull(),
    refundId: text('refund_id'),
    /** The provider's reason when it refused the refund, or why the retries stopped, for staff. */
    failureReason: text('failure_reason'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('unplaced_payments_reference_key').on(t.provider, t.reference),
    uniqueIndex('unplaced_payments_idempotency_key').on(t.idempotencyKey),
    index('unplaced_payments_created_idx').on(t.createdAt),
    check('unplaced_payments_state_valid', sql`${t.state} in ('pending', 'refunded', 'failed')`),
    check('unplaced_payments_amount_positive', sql`${t.amountPence} > 0`),
  ],
);

/** One uploaded bank statement that staff applied (the dry run writes nothing). */
export const bankStatementImports = pgTable('bank_statement_imports', {
  importId: serial('import_id').primaryKey(),
  fileName: text('file_name').notNull(),
  /** The column layout detected from the header (core/back-office/money/bank-statement-csv.ts). */
  layout: text('layout').notNull(),
  staffId: integer('staff_id').references(() => staff.staffId, { onDelete: 'restrict' }),
  importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  creditLines: integer('credit_lines').notNull(),
  paymentsRecorded: integer('payments_recorded').notNull(),
});

/**
 * Every credit line of an applied statement, matched or not, kept as the evidence of the
 * payment it recorded. `fingerprint` (the bank's transaction id, or date, amount, description
 * and the line's occurrence among identical ones) is unique: a statement imported twice
 * records nothing twice.
 */
export const bankStatementLines = pgTable(
  'bank_statement_lines',
  {
    statementLineId: serial('statement_line_id').primaryKey(),
    importId: integer('import_id')
      .notNull()
      .references(() => bankStatementImports.importId, { onDelete: 'restrict' }),
    fingerprint: text('fingerprint').notNull(),
    postedOn: date('posted_on', { mode: 'string' }).notNull(),
    description: text('description').notNull(),
    amountPence: integer('amount_pence').notNull(),
    /** The order it paid, and the payment recorded from it; null for a line that matched nothing. */
    orderId: integer('order_id').references(() => orders.orderId, { onDelete: 'restrict' }),
    orderPaymentId: integer('order_payment_id').references(() => orderPayments.orderPaymentId, { onDelete: 'restrict' }),
  },
  (t) => [uniqueIndex('bank_statement_lines_fingerprint_key').on(t.fingerprint), index('bank_statement_lines_order_idx').on(t.orderId)],
);

/**
 * VAT invoices. `invoice_number` comes from `invoice_number_counter` (one row), incremented in the
 * transaction that inserts the invoice: the row lock serialises issuers and a rollback returns
 * the number, so the sequence has no gap and no duplicate (HMRC). A PostgreSQL SEQUENCE would leave gaps.
 */
export const invoices = pgTable(
  'invoices',
  {
    invoiceNumber: integer('invoice_number').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.orderId, { onDelete: 'restrict' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The tax point the VAT return counts the invoice on: the time of supply (dispatch, or the
     * payment date when paid in full before dispatch), or, when that fell in a VAT period already
     * filed, the first day after it not filed (supply_date_in_filed_period keeps the real one).
     */
    taxPointDate: date('tax_point_date', { mode: 'string' }).notNull(),
    /** The time of supply when it fell in a VAT period already filed when the invoice was issued; else null. */
    supplyDateInFiledPeriod: date('supply_date_in_filed_period', { mode: 'string' }),
    /**
     * The last of the order's payment rows when the invoice was issued (the order's row locked): the
     * VAT return leaves those received before the tax point out of the invoice, counted on their
     * own days; a payment recorded later is a payment of the invoice. Null when there was none.
     */
    paymentsCountedThrough: integer('payments_counted_through'),
  },
  (t) => [uniqueIndex('invoices_order_key').on(t.orderId), index('invoices_tax_point_idx').on(t.taxPointDate)],
);

/**
 * VAT quarters the owner marked as filed with HMRC (core/back-office/exports/vat-periods.ts):
 * nothing dated inside one may change its figures afterwards. Who and when, and the figures as
 * filed, for the records. Rows are only ever inserted.
 */
export const vatPeriodsFiled = pgTable(
  'vat_periods_filed',
  {
    /** '2026-Q3' */
    quarter: text('quarter').primaryKey(),
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    filedBy: integer('filed_by')
      .notNull()
      .references(() => staff.staffId, { onDelete: 'restrict' }),
    filedAt: timestamp('filed_at', { withTimezone: true }).notNull().defaultNow(),
    box1VatDuePence: integer('box1_vat_due_pence').notNull(),
    box6NetSalesPence: integer('box6_net_sales_pence').notNull(),
    exportSalesPence: integer('export_sales_pence').notNull(),
  },
  (t) => [index('vat_periods_filed_dates_idx').on(t.periodFrom, t.periodTo), check('vat_periods_filed_range', sql`${t.periodFrom} <= ${t.periodTo}`)],
);

/**
 * What a credit note credits, line by line: goods (an order line cancelled, packs returned),
 * delivery, or one line saying what an amount without goods is (a refund, a balance).
 */
export interface CreditNoteLine {
  description: string;
  /** Units per pack and packs, when goods are credited. */
  qty: number | null;
  count: number | null;
  /** Price of one pack ex-VAT, when goods are credited (absent on notes issued before it was kept). */
  unitNetPence?: number | null;
  netPence: number;
  /** The VAT of the line; the lines' VAT adds up to the note's (absent on notes issued before it was kept). */
  vatPence?: number | null;
}

/**
 * VAT credit notes: a cancellation or refund of an invoiced order (DESIGN section 4). Their own
 * gapless sequence from `credit_note_number_counter`, as invoices have theirs. Figures are
 * positive amounts credited; exports show them negative.
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    creditNoteNumber: integer('credit_note_number').primaryKey(),
    invoiceNumber: integer('invoice_number')
      .notNull()
      .references(() => invoices.invoiceNumber, { onDelete: 'restrict' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.orderId, { onDelete: 'restrict' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    /** The credit note's tax point: the London day it was issued. */
    taxPointDate: date('tax_point_date', { mode: 'string' }).notNull(),
    /** 'credit': a price reduction with no money moving (a claim settled by credit, packs not supplied). */
    kind: text('kind', { enum: ['cancellation', 'refund', 'credit'] }).notNull(),
    reason: text('reason').notNull(),
    vatRatePercent: integer('vat_rate_percent').notNull(),
    netPence: integer('net_pence').notNull(),
    vatPence: integer('vat_pence').notNull(),
    totalPence: integer('total_pence').notNull(),
    lines: jsonb('lines').$type<CreditNoteLine[]>().notNull(),
    /** The refund that caused it, when one did. */
    orderPaymentId: integer('order_payment_id').references(() => orderPayments.orderPaymentId, { onDelete: 'restrict' }),
    staffId: integer('staff_id').references(() => staff.staffId, { onDelete: 'restrict' }),
  },
  (t) => [
    index('credit_notes_order_idx').on(t.orderId),
    index('credit_notes_tax_point_idx').on(t.taxPointDate),
    check('credit_notes_kind_valid', sql`${t.kind} in ('cancellation', 'refund', 'credit')`),
    check('credit_notes_totals_consistent', sql`${t.totalPence} = ${t.netPence} + ${t.vatPence} and ${t.totalPence} > 0 and ${t.netPence} >= 0 and ${t.vatPence} >= 0`),
  ],
);

export const creditNoteNumberCounter = pgTable(
  'credit_note_number_counter',
  {
    id: boolean('id').primaryKey().default(true),
    lastNumber: integer('last_number').notNull().default(0),
  },
  (t) => [check('credit_note_number_counter_single_row', sql`${t.id}`)],
);

export const invoiceNumberCounter = pgTable(
  'invoice_number_counter',
  {
    id: boolean('id').primaryKey().default(true),
    lastNumber: integer('last_number').notNull().default(0),
  },
  (t) => [check('invoice_number_counter_single_row', sql`${t.id}`)],
);

/** Trade (credit) accounts: a manager lets a customer pay on account up to a limit, on terms. */
export const tradeAccounts = pgTable(
  'trade_accounts',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.userId, { onDelete: 'cascade' }),
    creditLimitPence: integer('credit_limit_pence').notNull(),
    termsDays: integer('terms_days').notNull().default(7),
    openedBy: integer('opened_by').references(() => staff.staffId, { onDelete: 'set null' }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /**
     * Credit control (docs/credit-control.md): when the daily run found the account on stop, and
     * why ('overdue' or 'over-limit'); null while it is not. Whether it is on stop is decided from
     * the orders each time (core's credit stop rule); these record the episode for its history.
     */
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    stopReason: text('stop_reason', { enum: ['overdue', 'over-limit'] }),
    /** Staff last lifted a stop: debts overdue by then, and what was owed then, no longer stop the account. */
    stopLiftedAt: timestamp('stop_lifted_at', { withTimezone: true }),
    stopLiftedOwedPence: integer('stop_lifted_owed_pence'),
    /** The company the account belongs to (its members order on it); `user_id` is the customer it was opened for. */
    companyId: integer('company_id').references(() => companies.companyId, { onDelete: 'restrict' }),
  },
  (t) => [
    uniqueIndex('trade_accounts_company_key').on(t.companyId),
    check('trade_accounts_limit_positive', sql`${t.creditLimitPence} > 0`),
    check('trade_accounts_terms_positive', sql`${t.termsDays} > 0`),
  ],
);

/**
 * Every change to a pack's price or pack range: who, when, old and new. A pack
 * added has no old values, a pack removed no new ones. Append-only: a trigger (migration 0008)
 * refuses UPDATE and DELETE. No foreign key to the pack or product: the history outlives them.
 */
export const priceChanges = pgTable(
  'price_changes',
  {
    priceChangeId: bigserial('price_change_id', { mode: 'number' }).primaryKey(),
    productPriceId: integer('product_price_id').notNull(),
    productId: integer('product_id').notNull(),
    staffId: integer('staff_id').references(() => staff.staffId, { onDelete: 'restrict' }),
    /** 'editor' (the product page) or 'import' (a CSV import). */
    source: text('source', { enum: ['editor', 'import'] }).notNull(),
    oldPricePence: integer('old_price_pence'),
    newPricePence: integer('new_price_pence'),
    oldPackRange: integer('old_pack_range').array(),
    newPackRange: integer('new_pack_range').array(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('price_changes_product_idx').on(t.productId, t.priceChangeId),
    index('price_changes_pack_idx').on(t.productPriceId, t.priceChangeId),
    check('price_changes_source_valid', sql`${t.source} in ('editor', 'import')`),
  ],
);

/**
 * Uploaded catalogue images, content-addressed: the SHA-256 of the uploaded bytes is
 * the key, so one image uploaded twice is stored once and its URLs never change (served with
 * immutable caching). Kept in the database so every app process serves them.
 */
export const images = pgTable(
  'images',
  {
    sha256: text('sha256').primaryKey(),
    /** The upload's format: image/jpeg, image/png or image/webp, as decoded (never as named). */
    contentType: text('content_type').notNull(),
    /** The upload's size in pixels, turned upright. */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /**
     * Empty for new uploads: only the served sizes (image_variants) are kept, so that writing an
     * upload stays short on the embedded database (core's catalogue-images.ts). Older rows hold
     * the upload's bytes.
     */
    bytes: bytea('bytes').notNull(),
    uploadedBy: integer('uploaded_by').references(() => staff.staffId, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('images_sha256_format', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
    check('images_content_type_valid', sql`${t.contentType} in ('image/jpeg', 'image/png', 'image/webp')`),
  ],
);

/** Resized WebP copies of an uploaded image, one row per nominal width (320, 640, 1280). */
export const imageVariants = pgTable(
  'image_variants',
  {
    sha256: text('sha256')
      .notNull()
      .references(() => images.sha256, { onDelete: 'cascade' }),
    /** The nominal width in the URL and srcset; the image is never enlarged, so it may be narrower. */
    variantWidth: integer('variant_width').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sha256, t.variantWidth] })],
);

// ---- stock ----
/**
 * Stock per pack size, in units (docs/stock.md, decision record 015). A size without a row is
 * "not tracked": sold without limit and shown without a stock claim. Available = on hand -
 * allocated; an order allocates its units (qty x count) with one conditional UPDATE in its own
 * transaction, dispatch turns allocated into shipped, a cancellation releases. `on_hand` may go
 * below zero only when goods left that the records did not hold (a count puts it right).
 */
export const stockLevels = pgTable(
  'stock_levels',
  {
    productSizeId: integer('product_size_id')
      .primaryKey()
      .references(() => productSizes.productSizeId, { onDelete: 'cascade' }),
    onHand: integer('on_hand').notNull().default(0),
    allocated: integer('allocated').notNull().default(0),
    /** "Low" when available units fall below this (0: never low, only out). */
    lowThreshold: integer('low_threshold').notNull().default(0),
  },
  (t) => [
    check('stock_levels_allocated_nonnegative', sql`${t.allocated} >= 0`),
    check('stock_levels_low_threshold_nonnegative', sql`${t.lowThreshold} >= 0`),
  ],
);

/** Per product: whether sizes may be ordered beyond what is available, and when more is expected. */
export const productStockSettings = pgTable('product_stock_settings', {
  productId: integer('product_id')
    .primaryKey()
    .references(() => products.productId, { onDelete: 'cascade' }),
  backordersAllowed: boolean('backorders_allowed').notNull().default(false),
  /** When more is expected in (a London date); shown to customers while a size is out. */
  expectedDate: date('expected_date', { mode: 'string' }),
});

/** A delivery from a supplier, received by staff (goods-in): its lines are stock movements. */
export const stockDeliveries = pgTable('stock_deliveries', {
  stockDeliveryId: serial('stock_delivery_id').primaryKey(),
  supplierReference: text('supplier_reference').notNull(),
  note: text('note').notNull().default(''),
  staffId: integer('staff_id').references(() => staff.staffId, { onDelete: 'restrict' }),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every change to stock, one row each (the audit: who, when, what, why). An order line's
 * allocation still held is the sum of `allocated_change` of its rows. Append-only by use.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    stockMovementId: bigserial('stock_movement_id', { mode: 'number' }).primaryKey(),
    productSizeId: integer('product_size_id')
      .notNull()
      .references(() => productSizes.productSizeId, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: ['allocated', 'released', 'shipped', 'goods_in', 'count', 'returned', 'written_off', 'replacement', 'settings'],
    }).notNull(),
    onHandChange: integer('on_hand_change').notNull().default(0),
    allocatedChange: integer('allocated_change').notNull().default(0),
    orderId: integer('order_id').references(() => orders.orderId, { onDelete: 'cascade' }),
    orderLineId: integer('order_line_id'),
    stockDeliveryId: integer('stock_delivery_id').references(() => stockDeliveries.stockDeliveryId, { onDelete: 'restrict' }),
    /** The staff member; null when a customer's order moved it (then `user_id`). */
    staffId: integer('staff_id').references(() => staff.staffId, { onDelete: 'restrict' }),
    userId: integer('user_id'),
    reason: text('reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_movements_size_idx').on(t.productSizeId, t.createdAt),
    index('stock_movements_order_line_idx')
      .on(t.orderLineId)
      .where(sql`${t.orderLineId} IS NOT NULL`),
    index('stock_movements_order_idx')
      .on(t.orderId)
      .where(sql`${t.orderId} IS NOT NULL`),
  ],
);
/**
 * "Email me when it is back in stock" (core/stock/back-in-stock.ts): one open request per e-mail
 * (without case) and size, asked while the size was out. When stock comes back, the requests are
 * closed (`closed_at`) and one e-mail job each recorded in the same transaction; the job deletes
 * its request once sent. The address is used for nothing else; a closed account's go with it.
 */
export const backInStockRequests = pgTable(
  'back_in_stock_requests',
  {
    backInStockRequestId: serial('back_in_stock_request_id').primaryKey(),
    productSizeId: integer('product_size_id')
      .notNull()
      .references(() => productSizes.productSizeId, { onDelete: 'cascade' }),
    /** As typed (or the account's); compared without case. */
    email: text('email').notNull(),
    /** The signed-in customer who asked; null for a visitor (who ticked the consent box). */
    userId: integer('user_id').references(() => users.userId, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the size came back and the e-mail was recorded; null while waiting. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('back_in_stock_requests_open_key')
      .on(t.productSizeId, sql`lower(${t.email})`)
      .where(sql`${t.closedAt} IS NULL`),
    index('back_in_stock_requests_email_idx').on(sql`lower(${t.email})`),
    index('back_in_stock_requests_user_idx').on(t.userId),
  ],
);

// ---- returns ----

/**
 * A customer's return or claim on a delivered order (core/returns, docs/returns.md): the reason,
 * whose window (core/returns/return-windows.ts) was open on the London day it was requested, and
 * each step staff take. `state` moves requested -> approved | refused; approved -> received (when
 * the goods come back) -> refunded | replaced; an approval that needs no goods back goes straight
 * to refunded | replaced. Every step is an order_events entry as well (the order's timeline).
 */
export const returns = pgTable(
  'returns',
  {
    returnId: serial('return_id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.orderId, { onDelete: 'restrict' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'restrict' }),
    reason: text('reason', { enum: ['unwanted', 'damaged', 'faulty', 'warranty'] }).notNull(),
    description: text('description').notNull(),
    /** Faulty goods: the London day the customer found the fault. */
    faultFoundOn: date('fault_found_on', { mode: 'string' }),
    /** The last London day of the reason's window when the return was requested. */
    windowUntil: date('window_until', { mode: 'string' }).notNull(),
    state: text('state', { enum: ['requested', 'approved', 'refused', 'received', 'refunded', 'replaced', 'credited'] }).notNull().default('requested'),
    /** Staff's approval: whether the goods must come back, and the instructions e-mailed. */
    goodsBack: boolean('goods_back'),
    instructions: text('instructions'),
    refusalReason: text('refusal_reason'),
    /** Goods received: back to stock (false) or written off (true). */
    writtenOff: boolean('written_off'),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    /**
     * Settled by refund: the amount and the refund recorded on the order (order_payments); settled
     * by credit ('credited'): the amount credited, with no order_payments row.
     */
    refundPence: integer('refund_pence'),
    orderPaymentId: integer('order_payment_id').references(() => orderPayments.orderPaymentId, { onDelete: 'restrict' }),
    /** Settled by a replacement shipment. */
    replacementCarrier: text('replacement_carrier'),
    replacementTrackingNumber: text('replacement_tracking_number'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** Optimistic concurrency for staff changes, as orders.version. */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('returns_order_idx').on(t.orderId),
    // The queue: open returns, oldest first.
    index('returns_open_idx')
      .on(t.createdAt)
      .where(sql`${t.state} in ('requested', 'approved', 'received')`),
    check('returns_reason_valid', sql`${t.reason} in ('unwanted', 'damaged', 'faulty', 'warranty')`),
    check('returns_state_valid', sql`${t.state} in ('requested', 'approved', 'refused', 'received', 'refunded', 'replaced', 'credited')`),
    check('returns_description_length', sql`char_length(${t.description}) between 1 and 2000`),
    check('returns_refund_positive', sql`${t.refundPence} is null or ${t.refundPence} > 0`),
  ],
);

/** The packs of an order's lines a return covers. */
export const returnLines = pgTable(
  'return_lines',
  {
    returnId: integer('return_id')
      .notNull()
      .references(() => returns.returnId, { onDelete: 'cascade' }),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.orderLineId, { onDelete: 'restrict' }),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.returnId, t.orderLineId] }), check('return_lines_count_positive', sql`${t.count} > 0`)],
);

/**
 * The customer's photos of a return (up to three), checked as catalogue images are
 * (core/catalogue-admin/catalogue-images.ts) and kept as one WebP copy here, not in `images`:
 * catalogue images are public, these are seen only by staff and the customer who sent them.
 */
export const returnPhotos = pgTable(
  'return_photos',
  {
    returnId: integer('return_id')
      .notNull()
      .references(() => returns.returnId, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.returnId, t.position] }), check('return_photos_position_range', sql`${t.position} between 1 and 3`)],
);

// ---- shipments ----

/**
 * The parcels an order leaves in (core/back-office/orders/order-shipments.ts): some of its lines
 * and counts, with a carrier and a tracking number (none for the shop's own van). The order stays
 * PendingDelivery ("Part dispatched") until every pack has left, then Dispatched. `number` is 1, 2,
 * ... within the order, as staff and the customer call it. Carrier and tracking number may be
 * corrected later (audited in order_events); nothing else changes once written.
 */
export const shipments = pgTable(
  'shipments',
  {
    shipmentId: serial('shipment_id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.orderId, { onDelete: 'restrict' }),
    number: integer('number').notNull(),
    carrier: text('carrier').notNull(),
    trackingNumber: text('tracking_number'),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }).notNull().defaultNow(),
    staffId: integer('staff_id').references(() => staff.staffId, { onDelete: 'restrict' }),
  },
  (t) => [uniqueIndex('shipments_order_number_key').on(t.orderId, t.number), check('shipments_number_positive', sql`${t.number} > 0`)],
);

/** The packs of each order line a shipment carries; `delivered_units` for a custom line (the ±10% rule). */
export const shipmentLines = pgTable(
  'shipment_lines',
  {
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.shipmentId, { onDelete: 'cascade' }),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.orderLineId, { onDelete: 'restrict' }),
    count: integer('count').notNull(),
    deliveredUnits: integer('delivered_units'),
  },
  (t) => [
    primaryKey({ columns: [t.shipmentId, t.orderLineId] }),
    index('shipment_lines_order_line_idx').on(t.orderLineId),
    check('shipment_lines_count_positive', sql`${t.count} > 0`),
  ],
);

// ---- sales desk: quotes ----

/**
 * Quotes (docs/sales-desk.md, decision record 018): a signed-in customer's request for a price
 * (products and sizes in any number of units, printed or custom, an optional artwork file, when
 * it is needed), which staff price, send, and the customer accepts into an order within its
 * validity. One row from request to acceptance: 'requested' (staff to price it) -> 'sent' ->
 * 'accepted' (`order_id` set, once) or 'withdrawn'. Expiry is not a state: a sent quote whose
 * `valid_until` (a London date) has passed is expired, read at the moment of asking.
 * `quote_number` comes from `quote_number_counter`, as invoices' numbers do.
 */
export const quotes = pgTable(
  'quotes',
  {
    quoteId: serial('quote_id').primaryKey(),
    quoteNumber: integer('quote_number').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'restrict' }),
    status: text('status', { enum: ['requested', 'sent', 'accepted', 'withdrawn'] }).notNull().default('requested'),
    /** The customer's words: what the quote is for, beyond its items. */
    requestNote: text('request_note').notNull().default(''),
    /** When the customer needs the goods (a London date), if they said. */
    neededBy: date('needed_by', { mode: 'string' }),
    /** The artwork the customer attached (PDF, PNG or JPEG, checked by its first bytes), if any. */
    artworkName: text('artwork_name'),
    artworkType: text('artwork_type'),
    artworkBytes: bytea('artwork_bytes'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set by staff when pricing: the carriage quoted, ex-VAT, and the last London day it may be accepted. */
    deliveryChargePence: integer('delivery_charge_pence'),
    /** Days it stays valid once sent (the shop's default unless staff chose otherwise). */
    validityDays: integer('validity_days'),
    validUntil: date('valid_until', { mode: 'string' }),
    /** Staff's note to the customer, printed on the quote. */
    quoteNote: text('quote_note').notNull().default(''),
    /**
     * The dispatch staff promise for the quote's order (made-to-order goods are not sent the next
     * dispatch day): a date (London) or a lead time in working days from acceptance; at most one.
     */
    dispatchBy: date('dispatch_by', { mode: 'string' }),
    leadTimeWorkingDays: integer('lead_time_working_days'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    sentBy: integer('sent_by').references(() => staff.staffId, { onDelete: 'restrict' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    orderId: integer('order_id').references(() => orders.orderId, { onDelete: 'restrict' }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawnReason: text('withdrawn_reason'),
    /** Optimistic concurrency for staff edits, as orders have. */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('quotes_quote_number_key').on(t.quoteNumber),
    // A quote makes one order, whatever races its acceptance.
    uniqueIndex('quotes_order_key').on(t.orderId),
    index('quotes_user_idx').on(t.userId, t.quoteId),
    index('quotes_status_idx').on(t.status, t.quoteId),
    check('quotes_status_valid', sql`${t.status} in ('requested', 'sent', 'accepted', 'withdrawn')`),
    check('quotes_delivery_charge_range', sql`${t.deliveryChargePence} is null or ${t.deliveryChargePence} >= 0`),
    check('quotes_accepted_has_order', sql`(${t.status} = 'accepted') = (${t.orderId} is not null)`),
    check('quotes_one_dispatch_promise', sql`${t.dispatchBy} is null or ${t.leadTimeWorkingDays} is null`),
    check('quotes_lead_time_range', sql`${t.leadTimeWorkingDays} is null or ${t.leadTimeWorkingDays} between 1 and 120`),
  ],
);

/** What the customer asked a price for: a product's pack (its size), a number of units, printed or custom. */
export const quoteRequestItems = pgTable(
  'quote_request_items',
  {
    itemId: serial('item_id').primaryKey(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.quoteId, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    productPriceId: integer('product_price_id').notNull(),
    /** Snapshots, as order lines keep them. */
    productName: text('product_name').notNull(),
    size1: text('size1').notNull(),
    quantity: integer('quantity').notNull(),
    printed: boolean('printed').notNull().default(false),
    custom: boolean('custom').notNull().default(false),
    customSize: text('custom_size').notNull().default(''),
    printColours: text('print_colours').notNull().default(''),
    notes: text('notes').notNull().default(''),
  },
  (t) => [index('quote_request_items_quote_idx').on(t.quoteId), check('quote_request_items_quantity_positive', sql`${t.quantity} > 0`)],
);

/**
 * A priced line of a quote: a description, a number of units at a unit price ex-VAT, and whether
 * it is custom (then the delivered quantity may vary by +/-10%, SPEC section 9). It names the pack
 * it is made of, which the order line keeps; `order_line_id` is the order line it became.
 */
export const quoteLines = pgTable(
  'quote_lines',
  {
    quoteLineId: serial('quote_line_id').primaryKey(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.quoteId, { onDelete: 'cascade' }),
    lineNumber: integer('line_number').notNull(),
    /** 'goods': made of a requested pack; 'charge': no product, no stock (print plates, set-up, origination). */
    kind: text('kind', { enum: ['goods', 'charge'] }).notNull().default('goods'),
    /** The requested pack of a goods line; null for a charge. */
    productId: integer('product_id'),
    productPriceId: integer('product_price_id'),
    size1: text('size1').notNull().default(''),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    unitPricePence: integer('unit_price_pence').notNull(),
    isCustom: boolean('is_custom').notNull().default(false),
    orderLineId: integer('order_line_id').references(() => orderLines.orderLineId, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('quote_lines_number_key').on(t.quoteId, t.lineNumber),
    check('quote_lines_quantity_positive', sql`${t.quantity} > 0`),
    check('quote_lines_unit_price_positive', sql`${t.unitPricePence} > 0`),
    check('quote_lines_kind_valid', sql`${t.kind} in ('goods', 'charge')`),
    check('quote_lines_charge_has_no_product', sql`(${t.kind} = 'charge') = (${t.productPriceId} is null) and (${t.productId} is null) = (${t.productPriceId} is null)`),
  ],
);

/** The one row whose `last_number` is the last quote number given (as invoice_number_counter). */
export const quoteNumberCounter = pgTable(
  'quote_number_counter',
  {
    id: boolean('id').primaryKey().default(true),
    lastNumber: integer('last_number').notNull().default(0),
  },
  (t) => [check('quote_number_counter_single_row', sql`${t.id}`)],
);

// ---- price lists and staff notes (the sales desk) ----

/**
 * A note staff keep about an order or a customer ("call before delivery, loading bay at rear").
 * Exactly one of order_id and user_id is set. Staff only: never read by any customer-facing
 * page, e-mail, PDF, API answer or the customer's data download (core/staff-notes). Append-only:
 * core has no way to change or delete one; a correction is a new note.
 */
export const staffNotes = pgTable(
  'staff_notes',
  {
    staffNoteId: bigserial('staff_note_id', { mode: 'number' }).primaryKey(),
    orderId: integer('order_id').references(() => orders.orderId, { onDelete: 'restrict' }),
    userId: integer('user_id').references(() => users.userId, { onDelete: 'restrict' }),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.staffId, { onDelete: 'restrict' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('staff_notes_order_idx').on(t.orderId, t.staffNoteId),
    index('staff_notes_user_idx').on(t.userId, t.staffNoteId),
    check('staff_notes_one_subject', sql`(${t.orderId} IS NULL) <> (${t.userId} IS NULL)`),
    check('staff_notes_body_length', sql`char_length(${t.body}) BETWEEN 1 AND 2000`),
  ],
);

/** A customer price list: a name, its entries and the customers it applies to (docs/price-lists.md). */
export const priceLists = pgTable(
  'price_lists',
  {
    priceListId: serial('price_list_id').primaryKey(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('price_lists_name_key').on(sql`lower(${t.name})`)],
);

/**
 * One entry of a price list. Its target is a product size or a category (with its
 * sub-categories). A size entry with `pack_quantity` sets a fixed price for that size's pack of
 * that many units; a size entry without one, or a category entry, takes `percent_off` (in
 * hundredths of a percent: 1250 = 12.5%) off every pack it covers.
 */
export const priceListEntries = pgTable(
  'price_list_entries',
  {
    priceListEntryId: serial('price_list_entry_id').primaryKey(),
    priceListId: integer('price_list_id')
      .notNull()
      .references(() => priceLists.priceListId, { onDelete: 'cascade' }),
    productSizeId: integer('product_size_id').references(() => productSizes.productSizeId, { onDelete: 'cascade' }),
    categoryId: integer('category_id').references(() => categories.categoryId, { onDelete: 'cascade' }),
    packQuantity: integer('pack_quantity'),
    fixedPricePence: integer('fixed_price_pence'),
    percentOff: integer('percent_off'),
  },
  (t) => [
    index('price_list_entries_list_idx').on(t.priceListId),
    check('price_list_entries_one_target', sql`(${t.productSizeId} IS NULL) <> (${t.categoryId} IS NULL)`),
    check('price_list_entries_one_rule', sql`(${t.fixedPricePence} IS NULL) <> (${t.percentOff} IS NULL)`),
    check('price_list_entries_fixed_is_a_pack', sql`(${t.fixedPricePence} IS NULL) = (${t.packQuantity} IS NULL) AND (${t.fixedPricePence} IS NULL OR ${t.productSizeId} IS NOT NULL)`),
    check('price_list_entries_fixed_positive', sql`${t.fixedPricePence} IS NULL OR ${t.fixedPricePence} > 0`),
    check('price_list_entries_percent_range', sql`${t.percentOff} IS NULL OR ${t.percentOff} BETWEEN 1 AND 9999`),
  ],
);

/** Which customers a price list applies to (a customer may be on several: the lowest price wins). */
export const priceListCustomers = pgTable(
  'price_list_customers',
  {
    priceListId: integer('price_list_id')
      .notNull()
      .references(() => priceLists.priceListId, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    assignedBy: integer('assigned_by').references(() => staff.staffId, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.priceListId, t.userId] }), index('price_list_customers_user_idx').on(t.userId)],
);

/** Every staff change to a price list (created, renamed, entries saved or imported, customers assigned): append-only audit. */
export const priceListEvents = pgTable(
  'price_list_events',
  {
    priceListEventId: bigserial('price_list_event_id', { mode: 'number' }).primaryKey(),
    priceListId: integer('price_list_id').notNull(),
    staffId: integer('staff_id').references(() => staff.staffId, { onDelete: 'restrict' }),
    kind: text('kind').notNull(),
    before: jsonb('before').$type<AuditedValues>(),
    after: jsonb('after').$type<AuditedValues>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('price_list_events_list_idx').on(t.priceListId, t.priceListEventId)],
);

// ---- shopping lists ----

/**
 * A shopping list (core/shopping-lists, docs/quick-order.md): a named set of packs a customer
 * keeps for a regular order, saved from the basket and put back in it. It belongs to the customer
 * who saved it (`owner_user_id`); who else may see and use it is decided in one place,
 * core's `listsVisibleTo`, so sharing inside a company changes that function, not this table.
 */
export const shoppingLists = pgTable(
  'shopping_lists',
  {
    shoppingListId: serial('shopping_list_id').primaryKey(),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shopping_lists_owner_idx').on(t.ownerUserId), check('shopping_lists_name_length', sql`char_length(${t.name}) between 1 and 100`)],
);

/**
 * A pack on a shopping list, with its name, size and pack units as they were when saved: a pack
 * removed from the catalogue later leaves the line (its ids set to null), so adding the list to
 * the basket can still say what is no longer sold.
 */
export const shoppingListLines = pgTable(
  'shopping_list_lines',
  {
    shoppingListLineId: serial('shopping_list_line_id').primaryKey(),
    shoppingListId: integer('shopping_list_id')
      .notNull()
      .references(() => shoppingLists.shoppingListId, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.productId, { onDelete: 'set null' }),
    productPriceId: integer('product_price_id').references(() => productPrices.productPriceId, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    size1: text('size1').notNull(),
    /** Units in the pack (the basket line's qty). */
    qty: integer('qty').notNull(),
    /** Number of packs. */
    count: integer('count').notNull(),
    /** The line's place in the list (the basket's order when saved). */
    position: integer('position').notNull(),
  },
  (t) => [
    index('shopping_list_lines_list_idx').on(t.shoppingListId, t.position),
    index('shopping_list_lines_price_idx').on(t.productPriceId),
    check('shopping_list_lines_count_range', sql`${t.count} between 1 and 1000`),
    check('shopping_list_lines_qty_positive', sql`${t.qty} > 0`),
  ],
);

/** What an offer takes off (core/offers/): a percentage or an amount of the goods it covers, or the delivery fee. */
export const OFFER_KINDS = ['percent', 'amount', 'free-delivery'] as const;
/** Which goods an offer covers: the whole basket, some categories (with their sub-categories), or some sizes. */
export const OFFER_TARGETS = ['basket', 'categories', 'sizes'] as const;
/** Who may have an offer: everyone, a customer's first order, or the customers and companies it names. */
export const OFFER_AUDIENCES = ['everyone', 'new-customers', 'named'] as const;

/**
 * Discount codes and automatic offers (core/offers/, docs/offers.md): made by the owner or a
 * manager, never changed once made (only ended early), so an order's discount always reads back
 * as its offer said. A code is what customers type (kept in capitals); an offer without one
 * applies by itself to every basket it fits.
 */
export const offers = pgTable(
  'offers',
  {
    offerId: serial('offer_id').primaryKey(),
    code: text('code'),
    /** What the basket, the invoice and the back office call it: "10% off mailing bags". */
    name: text('name').notNull(),
    kind: text('kind', { enum: OFFER_KINDS }).notNull(),
    /** 'percent': hundredths of a percent (1000 = 10%). */
    percentOff: integer('percent_off'),
    /** 'amount': pence off the goods it covers (never more than they cost). */
    amountOffPence: integer('amount_off_pence'),
    appliesTo: text('applies_to', { enum: OFFER_TARGETS }).notNull().default('basket'),
    categoryIds: integer('category_ids').array().notNull().default(sql`'{}'::int[]`),
    productSizeIds: integer('product_size_ids').array().notNull().default(sql`'{}'::int[]`),
    /** The goods it covers must come to this much, ex VAT, before it applies. */
    minSpendPence: integer('min_spend_pence').notNull().default(0),
    /** London days, both included; no end: until ended. */
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }),
    /** Orders that may use it, in all and per customer; null: no limit. */
    maxUses: integer('max_uses'),
    maxUsesPerCustomer: integer('max_uses_per_customer'),
    /**
     * Uses taken against max_uses: raised in the order's transaction under the row's lock, never
     * past it. Kept only for an offer with max_uses (an offer's uses are its offer_uses rows).
     */
    uses: integer('uses').notNull().default(0),
    audience: text('audience', { enum: OFFER_AUDIENCES }).notNull().default('everyone'),
    /** 'named': the customers and companies (any of whose members) it is for. */
    userIds: integer('user_ids').array().notNull().default(sql`'{}'::int[]`),
    companyIds: integer('company_ids').array().notNull().default(sql`'{}'::int[]`),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => staff.staffId, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('offers_code_key').on(sql`upper(${t.code})`),
    check('offers_kind_valid', sql`${t.kind} in ('percent', 'amount', 'free-delivery')`),
    check('offers_target_valid', sql`${t.appliesTo} in ('basket', 'categories', 'sizes')`),
    check('offers_audience_valid', sql`${t.audience} in ('everyone', 'new-customers', 'named')`),
    check('offers_percent_range', sql`(${t.kind} = 'percent') = (${t.percentOff} is not null) and (${t.percentOff} is null or ${t.percentOff} between 1 and 10000)`),
    check('offers_amount_positive', sql`(${t.kind} = 'amount') = (${t.amountOffPence} is not null) and (${t.amountOffPence} is null or ${t.amountOffPence} > 0)`),
    check('offers_uses_range', sql`${t.uses} >= 0 and (${t.maxUses} is null or ${t.uses} <= ${t.maxUses})`),
    check('offers_dates_ordered', sql`${t.endsOn} is null or ${t.endsOn} >= ${t.startsOn}`),
    check('offers_min_spend_nonnegative', sql`${t.minSpendPence} >= 0`),
  ],
);

/** One order placed with an offer: what it took off the goods and the delivery. */
export const offerUses = pgTable(
  'offer_uses',
  {
    offerUseId: serial('offer_use_id').primaryKey(),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.offerId, { onDelete: 'restrict' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.orderId, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    discountPence: integer('discount_pence').notNull().default(0),
    deliverySavedPence: integer('delivery_saved_pence').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('offer_uses_offer_order_key').on(t.offerId, t.orderId), index('offer_uses_customer_idx').on(t.userId, t.offerId), index('offer_uses_order_idx').on(t.orderId)],
);

/**
 * Who made an offer and who ended it early, when, and the terms as made (core/offers/offer-admin.ts):
 * the back office's audit of offers. Append-only (a trigger refuses UPDATE and DELETE).
 */
export const offerEvents = pgTable(
  'offer_events',
  {
    offerEventId: bigserial('offer_event_id', { mode: 'number' }).primaryKey(),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.offerId, { onDelete: 'restrict' }),
    staffId: integer('staff_id').references(() => staff.staffId, { onDelete: 'restrict' }),
    kind: text('kind', { enum: ['created', 'ended'] }).notNull(),
    after: jsonb('after').$type<AuditedValues>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('offer_events_offer_idx').on(t.offerId, t.offerEventId), check('offer_events_kind_valid', sql`${t.kind} in ('created', 'ended')`)],
);
