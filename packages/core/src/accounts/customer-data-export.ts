/**
 * A customer's copy of their data (UK GDPR's rights of access and portability; DESIGN section
 * 13): one ZIP file holding `data.json` (the account, saved addresses, basket, orders with their
 * lines, invoices and credit notes, trade account), the PDFs of the invoices and credit notes, and
 * a README saying what is where. Downloaded by the customer from My account, or by staff (owner or
 * manager) for a customer who asked by phone or e-mail; each download is an audit entry.
 *
 * Every read is by the one customer's id: nothing of another customer can be in the archive.
 * Invoices are issued on first download (documents/README.md), so an order that may have an
 * invoice but had none yet gets it now, as the customer's own download of it would.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { zipSync, strToU8, type Zippable } from 'fflate';
import {
  addresses,
  cartLines,
  columnsOf,
  creditNotes,
  invoices,
  orderLines,
  orders,
  priceListCustomers,
  priceLists,
  productSizes,
  products,
  queryRows,
  quoteRequestItems,
  quotes,
  returnLines,
  returnPhotos,
  returns,
  tradeAccounts,
  users,
  type Database,
} from '@shop/db';
import { NotFound } from '../errors.ts';
import { penceToPounds } from '../pricing/money.ts';
import { isoSeconds } from '../iso-time.ts';
import { recordCustomerEvent } from '../back-office/customers/customer-events.ts';
import { formatInvoiceNumber } from '../documents/invoice-numbers.ts';
import { formatCreditNoteNumber } from '../documents/credit-note-numbers.ts';
import type { DocumentService, PdfFile } from '../documents/document-service.ts';
import { londonDate } from '../documents/invoice-eligibility.ts';
import { RECORDS_KEPT_YEARS } from './account-closure.ts';
import { backInStockRequestsOf } from '../stock/back-in-stock.ts';
import { shoppingListsSavedBy } from '../shopping-lists/shopping-lists.ts';

const USER = columnsOf(users, ['userId', 'firstName', 'lastName', 'email', 'phone', 'companyName', 'vatNumber', 'newsletter', 'createdAt', 'closedAt']);
const ADDRESS = columnsOf(addresses, ['addressId', 'reference', 'contactName', 'region', 'companyName', 'address', 'town', 'country', 'postCode', 'phone', 'type']);
const ORDER = columnsOf(orders, [
  'orderId',
  'created',
  'status',
  'paymentMethod',
  'paymentReference',
  'subTotalPence',
  'deliveryFeePence',
  'totalTaxPence',
  'totalPence',
  'vatTreatment',
  'vatRatePercent',
  'paidPence',
  'refundedPence',
  'note',
  'purchaseOrderNumber',
  'deliveryAddress',
  'billingAddress',
  'dispatchedAt',
  'carrier',
  'trackingNumber',
  'deliveredAt',
  'cancelledAt',
  'cancelReason',
  'paymentDueDate',
]);
const LINE = columnsOf(orderLines, ['orderId', 'productId', 'productPriceId', 'productName', 'size1', 'pricePence', 'qty', 'count', 'totalPricePence'], 'l');
const INVOICE = columnsOf(invoices, ['invoiceNumber', 'orderId', 'issuedAt', 'taxPointDate'], 'i');
const CREDIT_NOTE = columnsOf(creditNotes, ['creditNoteNumber', 'invoiceNumber', 'orderId', 'taxPointDate', 'kind', 'reason', 'netPence', 'vatPence', 'totalPence'], 'c');
const BASKET_LINE = columnsOf(cartLines, ['productId', 'productPriceId', 'qty', 'count'], 'cl');
/** A basket line's product and size, null once either is deleted. */
const BASKET_PRODUCT = columnsOf(products, ['name'], 'p', { leftJoined: true });
const BASKET_SIZE = columnsOf(productSizes, ['size1'], 'ps', { leftJoined: true });
const TRADE_ACCOUNT = columnsOf(tradeAccounts, ['creditLimitPence', 'termsDays', 'openedAt', 'closedAt']);

const pounds = penceToPounds;
const isoOrNull = (time: Date | null) => (time === null ? null : isoSeconds(time));

/** Who downloads: the customer themselves, or a staff member for them. */
export type ExportedBy = { kind: 'customer' } | { kind: 'staff'; staffId: number };

export interface CustomerDataArchive {
  /** For Content-Disposition, e.g. "my-data-2026-11-27.zip". */
  filename: string;
  content: Buffer;
}

export interface CustomerDataExportOptions {
  now?: () => Date;
  shopName: string;
}

export class CustomerDataExport {
  private readonly now: () => Date;

  constructor(
    private readonly db: Database,
    private readonly documents: Pick<DocumentService, 'customerInvoiceStatus' | 'customerInvoicePdf' | 'customerCreditNotePdf'>,
    private readonly options: CustomerDataExportOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  /** The customer's data as a ZIP file; NotFound when there is no such customer. */
  async archive(userId: number, by: ExportedBy): Promise<CustomerDataArchive> {
    const [userRow] = await queryRows<object>(this.db, sql`SELECT ${USER.list} FROM users WHERE user_id = ${userId}`);
    if (!userRow) throw new NotFound(`There is no customer ${userId}.`);
    const user = USER.read(userRow);
    const [addressRows, orderRows, lineRows, creditNoteRows, basketRows, tradeRows] = await Promise.all([
      queryRows<object>(this.db, sql`SELECT ${ADDRESS.list} FROM addresses WHERE user_id = ${userId} AND is_active ORDER BY address_id`),
      queryRows<object>(this.db, sql`SELECT ${ORDER.list} FROM orders WHERE user_id = ${userId} ORDER BY order_id`),
      queryRows<object>(
        this.db,
        sql`SELECT ${LINE.list} FROM order_lines l JOIN orders o ON o.order_id = l.order_id WHERE o.user_id = ${userId} ORDER BY l.order_id, l.order_line_id`,
      ),
      queryRows<object>(
        this.db,
        sql`SELECT ${CREDIT_NOTE.list} FROM credit_notes c JOIN orders o ON o.order_id = c.order_id WHERE o.user_id = ${userId} ORDER BY c.credit_note_number`,
      ),
      queryRows<object>(
        this.db,
        sql`SELECT ${BASKET_LINE.list}, ${BASKET_PRODUCT.list}, ${BASKET_SIZE.list}
            FROM cart_lines cl JOIN carts c ON c.cart_id = cl.cart_id
            LEFT JOIN products p ON p.product_id = cl.product_id LEFT JOIN product_prices pp ON pp.product_price_id = cl.product_price_id
            LEFT JOIN product_sizes ps ON ps.product_size_id = pp.product_size_id
            WHERE c.user_id = ${userId} ORDER BY cl.cart_line_id`,
      ),
      queryRows<object>(this.db, sql`SELECT ${TRADE_ACCOUNT.list} FROM trade_accounts WHERE user_id = ${userId}`),
    ]);
    const orderList = orderRows.map((raw) => ORDER.read(raw));

    const files: Zippable = {};
    // Already compressed by pdfkit: stored as they are.
    const add = (folder: string, pdf: PdfFile) => {
      const path = `${folder}/${pdf.filename}`;
      files[path] = [new Uint8Array(pdf.content), { level: 0 }];
      return path;
    };
    const invoiceFile = new Map<number, string>();
    for (const order of orderList) {
      // The customer's own methods: each order is read by this customer's id again.
      const status = await this.documents.customerInvoiceStatus(userId, order.orderId);
      if (!status.available) continue;
      const pdf = await this.documents.customerInvoicePdf(userId, order.orderId).catch(() => null);
      if (pdf) invoiceFile.set(order.orderId, add('invoices', pdf));
    }
    // Read after the loop: it may have issued invoices.
    const invoiceRows = await queryRows<object>(
      this.db,
      sql`SELECT ${INVOICE.list} FROM invoices i JOIN orders o ON o.order_id = i.order_id WHERE o.user_id = ${userId} ORDER BY i.invoice_number`,
    );
    const creditNoteList = creditNoteRows.map((raw) => CREDIT_NOTE.read(raw));
    const creditNoteFile = new Map<number, string>();
    for (const note of creditNoteList) {
      creditNoteFile.set(note.creditNoteNumber, add('credit-notes', await this.documents.customerCreditNotePdf(userId, note.orderId, note.creditNoteNumber)));
    }

    const linesByOrder = new Map<number, ReturnType<typeof LINE.read>[]>();
    for (const raw of lineRows) {
      const line = LINE.read(raw);
      linesByOrder.set(line.orderId, [...(linesByOrder.get(line.orderId) ?? []), line]);
    }
    const trade = tradeRows[0] ? TRADE_ACCOUNT.read(tradeRows[0]) : null;
    const { returnsOut, quotesOut, priceListNames } = await this.returnsQuotesAndPriceLists(userId, files);
    const backInStock = await backInStockRequestsOf(this.db, userId);
    const shoppingLists = await shoppingListsSavedBy(this.db, userId);
    const exportedAt = this.now();
    const invoicesOut = invoiceRows.map((raw) => {
      const invoice = INVOICE.read(raw);
      return {
        invoice_number: formatInvoiceNumber(invoice.invoiceNumber),
        order_id: invoice.orderId,
        issued_at: isoSeconds(invoice.issuedAt),
        tax_point_date: invoice.taxPointDate,
        file: invoiceFile.get(invoice.orderId) ?? null,
      };
    });
    const data = {
      exported_at: isoSeconds(exportedAt),
      shop: this.options.shopName,
      note: `Amounts are in pounds sterling (GBP); prices and line totals exclude VAT. Orders, invoices and credit notes are kept for ${RECORDS_KEPT_YEARS} years, as HMRC requires, even after an account is closed.`,
      account: {
        user_id: user.userId,
        first_name: user.firstName,
        last_name: user.lastName,
        email: user.email,
        phone: user.phone,
        company_name: user.companyName,
        vat_number: user.vatNumber,
        newsletter: user.newsletter,
        created: isoSeconds(user.createdAt),
        closed: isoOrNull(user.closedAt),
      },
      addresses: addressRows.map((raw) => {
        const a = ADDRESS.read(raw);
        return {
          address_id: a.addressId,
          reference: a.reference,
          contact_name: a.contactName,
          region: a.region,
          company_name: a.companyName,
          address: a.address,
          town: a.town,
          country: a.country,
          post_code: a.postCode,
          phone: a.phone,
          type: a.type,
        };
      }),
      basket: basketRows.map((raw) => {
        const line = BASKET_LINE.read(raw);
        const { name } = BASKET_PRODUCT.read(raw);
        const { size1 } = BASKET_SIZE.read(raw);
        return { product_id: line.productId, product_price_id: line.productPriceId, name, size1, qty: line.qty, count: line.count };
      }),
      orders: orderList.map((o) => ({
        order_id: o.orderId,
        created: isoSeconds(o.created),
        status: o.status,
        payment_method: o.paymentMethod,
        payment_reference: o.paymentReference,
        sub_total: pounds(o.subTotalPence),
        delivery_fee: pounds(o.deliveryFeePence),
        total_tax: pounds(o.totalTaxPence),
        total: pounds(o.totalPence),
        vat_treatment: o.vatTreatment,
        vat_rate_percent: o.vatRatePercent,
        paid: pounds(o.paidPence),
        refunded: pounds(o.refundedPence),
        payment_due_date: o.paymentDueDate,
        note: o.note,
        purchase_order_number: o.purchaseOrderNumber,
        delivery_address: o.deliveryAddress,
        billing_address: o.billingAddress,
        dispatched: isoOrNull(o.dispatchedAt),
        carrier: o.carrier,
        tracking_number: o.trackingNumber,
        delivered: isoOrNull(o.deliveredAt),
        cancelled: isoOrNull(o.cancelledAt),
        cancel_reason: o.cancelReason,
        orderLines: (linesByOrder.get(o.orderId) ?? []).map((l) => ({
          product_id: l.productId,
          product_price_id: l.productPriceId,
          name: l.productName,
          size1: l.size1,
          price: pounds(l.pricePence),
          qty: l.qty,
          count: l.count,
          total_price: pounds(l.totalPricePence),
        })),
      })),
      invoices: invoicesOut,
      credit_notes: creditNoteList.map((c) => ({
        credit_note_number: formatCreditNoteNumber(c.creditNoteNumber),
        invoice_number: formatInvoiceNumber(c.invoiceNumber),
        order_id: c.orderId,
        date: c.taxPointDate,
        kind: c.kind,
        reason: c.reason,
        net: pounds(c.netPence),
        vat: pounds(c.vatPence),
        total: pounds(c.totalPence),
        file: creditNoteFile.get(c.creditNoteNumber) ?? null,
      })),
      returns: returnsOut,
      quote_requests: quotesOut,
      trade_account: trade && {
        credit_limit: pounds(trade.creditLimitPence),
        terms_days: trade.termsDays,
        opened: isoSeconds(trade.openedAt),
        closed: isoOrNull(trade.closedAt),
      },
      price_lists: priceListNames,
      back_in_stock_requests: backInStock.map((r) => ({
        product_id: r.productId,
        item: r.item,
        email: r.email,
        requested: r.requestedAt,
        back_in_stock: r.closedAt,
      })),
      shopping_lists: shoppingLists,
    };
    files['data.json'] = strToU8(`${JSON.stringify(data, null, 2)}\n`);
    files['README.txt'] = strToU8(readme(this.options.shopName, exportedAt));
    const content = Buffer.from(zipSync(files, { level: 6, mtime: exportedAt }));

    await recordCustomerEvent(this.db, {
      userId,
      staffId: by.kind === 'staff' ? by.staffId : null,
      kind: 'customer.data-exported',
      before: null,
      after: { by: by.kind, orders: orderList.length, invoices: invoicesOut.length, creditNotes: creditNoteList.length },
    });
    return { filename: `my-data-${londonDate(exportedAt)}.zip`, content };
  }

  /**
   * The customer's returns and claims (their words, the packs, the photos they sent, as files
   * under returns/), their quote requests (items, note, the artwork they sent, under quotes/),
   * and the price lists that give them their trade prices.
   */
  private async returnsQuotesAndPriceLists(userId: number, files: Zippable) {
    const [returnRows, returnLineRows, photoRows, quoteRows, itemRows, listRows] = await Promise.all([
      this.db.select().from(returns).where(eq(returns.userId, userId)).orderBy(asc(returns.returnId)),
      this.db
        .select({ returnId: returnLines.returnId, orderLineId: returnLines.orderLineId, count: returnLines.count, productName: orderLines.productName, size1: orderLines.size1 })
        .from(returnLines)
        .innerJoin(returns, eq(returns.returnId, returnLines.returnId))
        .innerJoin(orderLines, eq(orderLines.orderLineId, returnLines.orderLineId))
        .where(eq(returns.userId, userId))
        .orderBy(asc(returnLines.returnId), asc(returnLines.orderLineId)),
      this.db
        .select({ returnId: returnPhotos.returnId, position: returnPhotos.position, contentType: returnPhotos.contentType, bytes: returnPhotos.bytes })
        .from(returnPhotos)
        .innerJoin(returns, eq(returns.returnId, returnPhotos.returnId))
        .where(eq(returns.userId, userId))
        .orderBy(asc(returnPhotos.returnId), asc(returnPhotos.position)),
      this.db.select().from(quotes).where(eq(quotes.userId, userId)).orderBy(asc(quotes.quoteId)),
      this.db
        .select({ item: quoteRequestItems })
        .from(quoteRequestItems)
        .innerJoin(quotes, eq(quotes.quoteId, quoteRequestItems.quoteId))
        .where(eq(quotes.userId, userId))
        .orderBy(asc(quoteRequestItems.itemId)),
      this.db
        .select({ name: priceLists.name })
        .from(priceListCustomers)
        .innerJoin(priceLists, eq(priceLists.priceListId, priceListCustomers.priceListId))
        .where(eq(priceListCustomers.userId, userId))
        .orderBy(asc(priceLists.name)),
    ]);
    const photoFiles = new Map<number, string[]>();
    for (const photo of photoRows) {
      const path = `returns/return-${photo.returnId}-photo-${photo.position}.${extensionOf(photo.contentType)}`;
      files[path] = [new Uint8Array(photo.bytes), { level: 0 }];
      photoFiles.set(photo.returnId, [...(photoFiles.get(photo.returnId) ?? []), path]);
    }
    const returnsOut = returnRows.map((r) => ({
      return_id: r.returnId,
      order_id: r.orderId,
      requested: isoSeconds(r.createdAt),
      reason: r.reason,
      description: r.description,
      fault_found_on: r.faultFoundOn,
      state: r.state,
      instructions: r.instructions,
      refusal_reason: r.refusalReason,
      refund: r.refundPence === null ? null : pounds(r.refundPence),
      lines: returnLineRows.filter((l) => l.returnId === r.returnId).map((l) => ({ name: l.productName, size1: l.size1, count: l.count })),
      photos: photoFiles.get(r.returnId) ?? [],
    }));
    const quotesOut = quoteRows.map((q) => {
      let artwork: string | null = null;
      if (q.artworkBytes && q.artworkName) {
        artwork = `quotes/quote-${q.quoteNumber}-${safeFileName(q.artworkName)}`;
        files[artwork] = [new Uint8Array(q.artworkBytes), { level: 0 }];
      }
      return {
        quote_number: q.quoteNumber,
        requested: isoSeconds(q.requestedAt),
        status: q.status,
        request_note: q.requestNote,
        needed_by: q.neededBy,
        items: itemRows
          .filter(({ item }) => item.quoteId === q.quoteId)
          .map(({ item }) => ({
            name: item.productName,
            size1: item.size1,
            quantity: item.quantity,
            printed: item.printed,
            print_colours: item.printColours,
            custom: item.custom,
            custom_size: item.customSize,
            notes: item.notes,
          })),
        artwork,
      };
    });
    return { returnsOut, quotesOut, priceListNames: listRows.map((l) => l.name) };
  }
}

function extensionOf(contentType: string): string {
  return contentType === 'image/jpeg' ? 'jpg' : contentType === 'image/png' ? 'png' : contentType === 'application/pdf' ? 'pdf' : 'webp';
}

/** A file name safe inside the ZIP: no folders, nothing but letters, digits, dot, dash and underscore. */
function safeFileName(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^\.+/, '').slice(-80) || 'artwork';
}

function readme(shopName: string, at: Date): string {
  return [
    `Your data held by ${shopName}, downloaded ${isoSeconds(at)}.`,
    '',
    'data.json       your account details, saved addresses, basket, orders with their lines,',
    '                invoices and credit notes (amounts in pounds, excluding VAT where a price',
    '                or line total is shown), returns and claims, quote requests, your trade',
    '                account if you have one, the price lists that give you trade prices, and',
    '                the sizes you asked us to e-mail you about when back in stock, and your',
    '                shopping lists.',
    'invoices/       your VAT invoices as PDF files.',
    'credit-notes/   your VAT credit notes as PDF files.',
    'returns/        the photos you sent with your returns and claims (data.json has their',
    '                descriptions, packs and steps).',
    'quotes/         the artwork you sent with your quote requests (data.json has the requests).',
    '',
    `We keep orders, invoices and credit notes for ${RECORDS_KEPT_YEARS} years, as HMRC requires, even after`,
    'an account is closed. See our Privacy Policy for what else we keep and for how long.',
    '',
  ].join('\r\n');
}
