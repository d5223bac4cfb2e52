/**
 * What the documents read about one order: the order with its back-office columns, the
 * customer's invoice details (company, VAT number), the latest payment date, the trade account's
 * terms and the invoice if one was issued. One query; the lines come from OrderRepository.
 */
import { sql } from 'drizzle-orm';
import type { AddressFields } from '@shop/contract';
import { queryRows, type Database, type Executor } from '@shop/db';
import type { IsoDate } from '../delivery/dispatch-promise.ts';
import type { InvoiceFacts } from './invoice-eligibility.ts';

export interface DocumentOrder extends InvoiceFacts {
  orderId: number;
  userId: number;
  paymentReference: string;
  subTotalPence: number;
  deliveryFeePence: number;
  totalTaxPence: number;
  note: string;
  deliveryAddress: AddressFields | null;
  billingAddress: AddressFields | null;
  promisedDispatchDate: IsoDate | null;
  paymentDueDate: IsoDate | null;
  purchaseOrderNumber: string | null;
  customer: { firstName: string; lastName: string; email: string; phone: string; companyName: string | null; vatNumber: string | null };
  /** The trade account's terms in days, when the customer has (or had) one. */
  termsDays: number | null;
  /** The number of the order's invoice once issued. */
  invoiceNumber: number | null;
}

interface RawDocumentOrder {
  order_id: number;
  user_id: number;
  status: string;
  payment_method: string;
  payment_reference: string;
  sub_total_pence: number;
  delivery_fee_pence: number;
  total_tax_pence: number;
  total_pence: number;
  paid_pence: number;
  note: string;
  delivery_address: unknown;
  billing_address: unknown;
  created: string;
  dispatched_at: string | null;
  promised_dispatch_date: string | null;
  payment_due_date: string | null;
  purchase_order_number: string | null;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  company_name: string | null;
  vat_number: string | null;
  last_payment_on: string | null;
  terms_days: number | null;
  invoice_number: number | null;
}

const utc = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export class DocumentRepository {
  constructor(private readonly db: Database) {}

  /** The order (the customer's own when `userId` is given), or null. */
  async order(orderId: number, userId: number | null, executor: Executor = this.db): Promise<DocumentOrder | null> {
    const owner = userId === null ? sql`` : sql`AND o.user_id = ${userId}`;
    const [row] = await queryRows<RawDocumentOrder>(
      executor,
      sql`SELECT o.order_id, o.user_id, o.status, o.payment_method, o.payment_reference, o.sub_total_pence, o.delivery_fee_pence,
                 o.total_tax_pence, o.total_pence, o.paid_pence, o.note, o.delivery_address, o.billing_address,
                 ${sql.raw(utc('o.created'))} AS created, ${sql.raw(utc('o.dispatched_at'))} AS dispatched_at,
                 o.promised_dispatch_date::text AS promised_dispatch_date, o.payment_due_date::text AS payment_due_date, o.purchase_order_number,
                 u.first_name, u.last_name, u.email, u.phone, u.company_name, u.vat_number,
                 (SELECT max(p.received_on)::text FROM order_payments p WHERE p.order_id = o.order_id AND p.kind = 'payment') AS last_payment_on,
                 t.terms_days, i.invoice_number
          FROM orders o
          JOIN users u ON u.user_id = o.user_id
          LEFT JOIN trade_accounts t ON t.user_id = o.user_id
          LEFT JOIN invoices i ON i.order_id = o.order_id
          WHERE o.order_id = ${orderId} ${owner}`,
    );
    return row ? toDocumentOrder(row) : null;
  }
}

function toDocumentOrder(r: RawDocumentOrder): DocumentOrder {
  return {
    orderId: Number(r.order_id),
    userId: Number(r.user_id),
    status: r.status,
    paymentMethod: r.payment_method,
    paymentReference: r.payment_reference,
    subTotalPence: Number(r.sub_total_pence),
    deliveryFeePence: Number(r.delivery_fee_pence),
    totalTaxPence: Number(r.total_tax_pence),
    totalPence: Number(r.total_pence),
    paidPence: Number(r.paid_pence),
    note: r.note,
    deliveryAddress: addressOf(r.delivery_address),
    billingAddress: addressOf(r.billing_address),
    created: new Date(r.created),
    dispatchedAt: r.dispatched_at ? new Date(r.dispatched_at) : null,
    promisedDispatchDate: r.promised_dispatch_date,
    paymentDueDate: r.payment_due_date,
    purchaseOrderNumber: r.purchase_order_number,
    lastPaymentReceivedOn: r.last_payment_on,
    customer: {
      firstName: r.first_name,
      lastName: r.last_name,
      email: r.email,
      phone: r.phone,
      companyName: r.company_name,
      vatNumber: r.vat_number,
    },
    termsDays: r.terms_days === null ? null : Number(r.terms_days),
    invoiceNumber: r.invoice_number === null ? null : Number(r.invoice_number),
  };
}

/** jsonb arrives parsed from both drivers; tolerate text as well. */
function addressOf(value: unknown): AddressFields | null {
  if (value === null || value === undefined) return null;
  const object = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  if (typeof object !== 'object' || object === null) return null;
  const o = object as Record<string, unknown>;
  const text = (key: string) => (typeof o[key] === 'string' ? (o[key] as string) : '');
  return {
    reference: text('reference'),
    contact_name: text('contact_name'),
    region: text('region'),
    company_name: text('company_name'),
    address: text('address'),
    town: text('town'),
    country: text('country'),
    post_code: text('post_code'),
    phone: text('phone'),
  };
}
