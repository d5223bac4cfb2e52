/**
 * Orders staff take by phone ('sales-desk'; docs/sales-desk.md): for an existing customer, or
 * one created here (who is e-mailed a link to set a password, the password reset link), with
 * packs and counts at today's catalogue prices, delivered to one of the customer's addresses,
 * and placed on account (within the limit), as awaiting a bank transfer; or put in the
 * customer's basket with a link e-mailed to pay by card online. Prices, VAT and delivery come
 * from the same core rules as the storefront (PricedOrderPlacement, cart-totals.ts); the order's
 * timeline says it was taken by phone and by whom.
 */
import type { CustomerPrices } from '../pricing/customer-prices.ts';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { addToCartBodySchema } from '@shop/contract';
import { columnsOf, productPrices, products, productSizes, queryRows, users, type Database, type Executor } from '@shop/db';
import { hashPassword } from '../accounts/password-hashing.ts';
import { RESET_TOKEN_TTL_MS, type TokenService } from '../accounts/token-service.ts';
import { recordCustomerEvent } from '../back-office/customers/customer-events.ts';
import type { CartService } from '../cart/cart-service.ts';
import { MAX_PACKS_PER_LINE } from '../cart/cart-repository.ts';
import { passwordResetJob } from '../email/email-jobs.ts';
import { Conflict, Invalid } from '../errors.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { PricedOrderPlacement } from '../orders/priced-order-placement.ts';
import type { NewOrderLine } from '../orders/order-repository.ts';
import type { CartTotals } from '../pricing/cart-totals.ts';
import { cardPaymentLinkJob } from './quote-email.ts';

export type PhoneOrderPayment = 'account' | 'bank' | 'card-link';

export interface PhoneOrderLine {
  productPriceId: number;
  /** Packs. */
  count: number;
}

export interface PhoneOrderInput {
  userId: number;
  lines: readonly PhoneOrderLine[];
  deliveryAddressId: number;
  note: string;
  payment: PhoneOrderPayment;
  /** A value the page made once (a hidden field): the same form sent twice places one order. */
  formKey: string;
}

export interface NewPhoneCustomer {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

export const phoneOrderMessages = {
  noLines: 'Add at least one product to the order.',
  count: `Packs must be from 1 to ${MAX_PACKS_PER_LINE}.`,
  unknownPack: (id: number) => `There is no pack ${id} on sale.`,
  name: 'Enter the first and last names (1-50 characters each).',
  email: 'Enter the customer\'s e-mail address.',
  phone: 'Enter a phone number (5-14 characters).',
  emailTaken: 'A customer with this e-mail address already exists: find them above instead.',
  formKey: 'Reload the page and try again.',
} as const;

export interface PhoneOrdersOptions {
  jobs: JobQueue;
  tokens: TokenService;
  pricedOrders: PricedOrderPlacement;
  carts: Pick<CartService, 'add' | 'assignAddress'>;
  /** The customer's price lists: a phone order is priced as their basket would be. */
  customerPrices: Pick<CustomerPrices, 'cartLines'>;
  publicBaseUrl: string;
}

/** The id of a customer created for a phone order. */
const NEW_CUSTOMER = columnsOf(users, ['userId']);

/** A pack as the phone order page lists and the order keeps it. */
export type PackLine = Omit<NewOrderLine, 'totalPricePence'>;

export class PhoneOrders {
  constructor(
    private readonly db: Database,
    private readonly options: PhoneOrdersOptions,
  ) {}

  /**
   * The packs as order lines at the customer's prices (their price list's where it is lower, as
   * their basket would show; else the catalogue's). Unknown or withdrawn packs are refused.
   */
  async packLines(userId: number | null, lines: readonly PhoneOrderLine[]): Promise<PackLine[]> {
    if (lines.length === 0) return [];
    for (const line of lines) {
      if (!Number.isSafeInteger(line.count) || line.count < 1 || line.count > MAX_PACKS_PER_LINE) throw new Invalid(phoneOrderMessages.count);
    }
    const rows = await this.db
      .select({
        productPriceId: productPrices.productPriceId,
        productId: products.productId,
        productName: products.name,
        size1: productSizes.size1,
        imageUrl: products.imageUrl,
        pricePence: productPrices.pricePence,
        packRange: productPrices.packRange,
        isActive: products.isActive,
      })
      .from(productPrices)
      .innerJoin(products, eq(products.productId, productPrices.productId))
      .innerJoin(productSizes, eq(productSizes.productSizeId, productPrices.productSizeId))
      .where(sql`${productPrices.productPriceId} IN (${sql.join(lines.map((l) => sql`${l.productPriceId}`), sql`, `)})`);
    const byId = new Map(rows.filter((row) => row.isActive).map((row) => [row.productPriceId, row]));
    const packLines = lines.map((line) => {
      const pack = byId.get(line.productPriceId);
      if (!pack) throw new Invalid(phoneOrderMessages.unknownPack(line.productPriceId));
      return {
        productId: pack.productId,
        productPriceId: pack.productPriceId,
        productName: pack.productName,
        size1: pack.size1,
        imageUrl: pack.imageUrl,
        pricePence: pack.pricePence,
        qty: pack.packRange[0] ?? 1,
        count: line.count,
      };
    });
    const priced: (PackLine & { tradePrice?: boolean; publicPricePence?: number })[] = await this.options.customerPrices.cartLines(userId, packLines);
    return priced.map(({ tradePrice: _tradePrice, publicPricePence: _publicPricePence, ...line }) => line);
  }

  /** What the order comes to, delivered to this address of the customer's. */
  async totals(userId: number, lines: readonly PhoneOrderLine[], deliveryAddressId: number): Promise<CartTotals> {
    return this.options.pricedOrders.totalsFor(userId, await this.packLines(userId, lines), deliveryAddressId, null);
  }

  /**
   * Places the order (on account or awaiting a bank transfer) and answers its id; or, for
   * 'card-link', puts the packs in the customer's basket with the address and e-mails them the
   * link to pay online (no order until they pay; answers null).
   */
  async place(staff: { staffId: number; name: string }, input: PhoneOrderInput): Promise<{ orderId: number | null }> {
    if (input.lines.length === 0) throw new Invalid(phoneOrderMessages.noLines);
    if (!/^[\w-]{8,64}$/.test(input.formKey)) throw new Invalid(phoneOrderMessages.formKey);
    const lines = await this.packLines(input.userId, input.lines);
    if (input.payment === 'card-link') {
      for (const line of lines) {
        await this.options.carts.add(input.userId, addToCartBodySchema.parse({ product_id: line.productId, product_price_id: line.productPriceId, qty: line.qty, count: line.count }));
      }
      await this.options.carts.assignAddress(input.userId, { addressId: input.deliveryAddressId });
      await this.options.jobs.record(cardPaymentLinkJob(input.userId, staff.name, input.formKey));
      this.options.jobs.wakeWorkers();
      return { orderId: null };
    }
    const method = input.payment;
    const placed = await this.options.pricedOrders.transaction((tx) =>
      this.options.pricedOrders.placeIn(tx, {
        userId: input.userId,
        lines,
        deliveryAddressId: input.deliveryAddressId,
        billingAddressId: null,
        payment: { method },
        agreedDeliveryFeePence: null,
        note: input.note,
        purchaseOrderNumber: null,
        idempotencyKey: `phone:${input.formKey}`,
        event: { staffId: staff.staffId, kind: 'taken-by-phone', after: { how: 'by phone', taken_by: staff.name, payment: input.payment } },
      }),
    );
    if (placed.created) this.options.pricedOrders.wakeWorkers();
    return { orderId: placed.orderId };
  }

  /**
   * A new customer for a phone order: an account with a password nobody knows, and the password
   * link to choose their own, in an e-mail saying the account was opened for them with their
   * phone order (the same single-use, one-hour link as "forgot password"). Audited on the customer.
   */
  async createCustomer(staffId: number, input: NewPhoneCustomer): Promise<{ userId: number }> {
    const first = input.firstName.trim();
    const last = input.lastName.trim();
    const email = input.email.trim();
    const phone = input.phone.trim();
    if (first.length < 1 || first.length > 50 || last.length < 1 || last.length > 50) throw new Invalid(phoneOrderMessages.name, { fields: [{ field: 'firstName', message: phoneOrderMessages.name }] });
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 99) throw new Invalid(phoneOrderMessages.email, { fields: [{ field: 'email', message: phoneOrderMessages.email }] });
    if (phone.length < 5 || phone.length > 14) throw new Invalid(phoneOrderMessages.phone, { fields: [{ field: 'phone', message: phoneOrderMessages.phone }] });
    const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
    const userId = await this.db.transaction(async (transaction) => {
      const tx: Executor = transaction;
      const [row] = await queryRows<object>(
        tx,
        sql`INSERT INTO users (first_name, last_name, email, password_hash, phone, newsletter)
            VALUES (${first}, ${last}, ${email}, ${passwordHash}, ${phone}, false)
            ON CONFLICT ((lower(email))) DO NOTHING
            RETURNING ${NEW_CUSTOMER.list}`,
      );
      if (!row) throw new Conflict(phoneOrderMessages.emailTaken, { fields: [{ field: 'email', message: phoneOrderMessages.emailTaken }] });
      const id = NEW_CUSTOMER.read(row).userId;
      const token = await this.options.tokens.issue(id, 'reset', tx);
      await this.options.jobs.record(passwordResetJob(id, token, new Date(Date.now() + RESET_TOKEN_TTL_MS), 'account-opened'), tx);
      await recordCustomerEvent(tx, { userId: id, staffId, kind: 'customer.created-by-staff', before: null, after: { by: 'staff' } });
      return id;
    });
    this.options.jobs.wakeWorkers();
    return { userId };
  }
}
