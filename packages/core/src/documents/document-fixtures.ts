/**
 * Orders written straight into the database, for the documents' tests and the invoice bench
 * (not used by the application). Amounts follow the shop's rules: VAT of goods + delivery at
 * 20%, or none for a delivery address outside the UK VAT area (pricing/vat-by-destination.ts).
 */
import { sql } from 'drizzle-orm';
import type { AddressFields } from '@shop/contract';
import { queryRows, type Database } from '@shop/db';
import { deliveryZoneOf } from '../delivery/delivery-zones.ts';
import { percentOfPence } from '../pricing/money.ts';
import { vatForZone } from '../pricing/vat-by-destination.ts';

export interface FixtureLine {
  productName: string;
  size1: string;
  pricePence: number;
  qty: number;
  count: number;
  /** The catalogue's product and pack, when the test needs the line to name them (reports); else made-up ids. */
  productId?: number;
  productPriceId?: number;
}

export interface FixtureOrder {
  userId: number;
  paymentMethod?: 'paypal' | 'bank' | 'account';
  status?: string;
  paidPence?: number | 'total';
  deliveryFeePence?: number;
  note?: string;
  created?: Date;
  dispatchedAt?: Date | null;
  lines?: FixtureLine[];
  delivery?: Partial<AddressFields>;
  billing?: Partial<AddressFields> | null;
  purchaseOrderNumber?: string | null;
  promisedDispatchDate?: string | null;
}

export const FIXTURE_ADDRESS: AddressFields = {
  reference: 'Warehouse',
  contact_name: 'Alice Walker',
  region: '12',
  company_name: 'Walker Crafts Ltd',
  address: 'Boar Lane',
  town: 'Leeds',
  country: 'United Kingdom',
  post_code: 'LS1 4AP',
  phone: '0113 496 0123',
};

export const FIXTURE_LINES: FixtureLine[] = [
  { productName: 'Cardboard Box 12x9x6', size1: '12x9x6"', pricePence: 2500, qty: 25, count: 2 },
  { productName: 'Brown Packing Tape', size1: '48mm x 66m', pricePence: 7499, qty: 36, count: 1 },
  { productName: 'Single Wall Cardboard Boxes', size1: 'Small', pricePence: 1899, qty: 10, count: 3 },
];

let userSerial = 0;

export async function insertFixtureCustomer(
  db: Database,
  details: { firstName?: string; lastName?: string; companyName?: string | null; vatNumber?: string | null } = {},
): Promise<number> {
  const email = `documents.${Date.now()}.${++userSerial}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const [row] = await queryRows<{ user_id: number }>(
    db,
    sql`INSERT INTO users (first_name, last_name, email, password_hash, phone, company_name, vat_number)
        VALUES (${details.firstName ?? 'Alice'}, ${details.lastName ?? 'Walker'}, ${email}, 'not-a-hash', '0113 496 0123',
                ${details.companyName === undefined ? null : details.companyName}, ${details.vatNumber === undefined ? null : details.vatNumber})
        RETURNING user_id`,
  );
  return Number(row!.user_id);
}

/** Inserts an order with its lines; answers the order id and its stored totals. */
export async function insertFixtureOrder(db: Database, order: FixtureOrder): Promise<{ orderId: number; subTotalPence: number; deliveryFeePence: number; totalTaxPence: number; totalPence: number }> {
  const lines = order.lines ?? FIXTURE_LINES;
  const subTotalPence = lines.reduce((sum, l) => sum + l.pricePence * l.count, 0);
  const deliveryFeePence = order.deliveryFeePence ?? 0;
  const delivery = { ...FIXTURE_ADDRESS, ...order.delivery };
  const vat = vatForZone(deliveryZoneOf(delivery.post_code), 20);
  const totalTaxPence = percentOfPence(subTotalPence + deliveryFeePence, vat.ratePercent);
  const totalPence = subTotalPence + deliveryFeePence + totalTaxPence;
  const method = order.paymentMethod ?? 'paypal';
  const paid = order.paidPence === 'total' || (order.paidPence === undefined && method === 'paypal') ? totalPence : (order.paidPence ?? 0);
  const billing = order.billing === null ? null : { ...FIXTURE_ADDRESS, reference: 'Head office', ...order.billing };
  const [row] = await queryRows<{ order_id: number }>(
    db,
    sql`INSERT INTO orders (user_id, delivery_address, billing_address, payment_method, payment_reference, status, sub_total_pence, delivery_fee_pence,
                            total_tax_pence, total_pence, note, created, dispatched_at, paid_pence, purchase_order_number, promised_dispatch_date,
                            vat_treatment, vat_rate_percent)
        VALUES (${order.userId}, ${JSON.stringify(delivery)}::jsonb, ${billing === null ? null : JSON.stringify(billing)}::jsonb, ${method},
                ${method === 'bank' ? `BXW${order.userId}` : method === 'paypal' ? `PAYPAL-${Date.now()}-${Math.random().toString(36).slice(2)}` : ''},
                ${order.status ?? 'PendingDelivery'}, ${subTotalPence}, ${deliveryFeePence}, ${totalTaxPence}, ${totalPence}, ${order.note ?? ''},
                ${(order.created ?? new Date()).toISOString()}::timestamptz, ${order.dispatchedAt ? order.dispatchedAt.toISOString() : null}::timestamptz,
                ${paid}, ${order.purchaseOrderNumber ?? null}, ${order.promisedDispatchDate ?? null}::date, ${vat.treatment}, ${vat.ratePercent})
        RETURNING order_id`,
  );
  const orderId = Number(row!.order_id);
  const values = lines.map(
    (l, i) => sql`(${orderId}, ${l.productId ?? 100 + i}, ${l.productPriceId ?? 200 + i}, ${l.productName}, ${l.size1}, '', ${l.pricePence}, ${l.qty}, ${l.count}, ${l.pricePence * l.count})`,
  );
  await db.execute(
    sql`INSERT INTO order_lines (order_id, product_id, product_price_id, product_name, size1, image_url, price_pence, qty, count, total_price_pence)
        VALUES ${sql.join(values, sql`, `)}`,
  );
  return { orderId, subTotalPence, deliveryFeePence, totalTaxPence, totalPence };
}

/** Records a payment as staff would (order_payments and the order's paid_pence). */
export async function recordFixturePayment(db: Database, orderId: number, amountPence: number, receivedOn: string): Promise<void> {
  await db.execute(sql`INSERT INTO order_payments (order_id, kind, amount_pence, received_on, bank_reference) VALUES (${orderId}, 'payment', ${amountPence}, ${receivedOn}::date, 'REF')`);
  await db.execute(sql`UPDATE orders SET paid_pence = paid_pence + ${amountPence} WHERE order_id = ${orderId}`);
}
