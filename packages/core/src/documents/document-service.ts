/**
 * The order documents: the VAT invoice and the picking list / delivery note, as
 * PDF files. Invoices are issued lazily, on the first download by the customer or by staff
 * (placing an order does no invoice work); the number comes from the gapless sequence and the
 * decision whether the order may have one is made inside the issuing transaction.
 *
 * Who may download what is the caller's business (the storefront's page session, the API's
 * Bearer token, the back office's staff role): customer methods take the customer's id and answer
 * NotFound for another customer's order; staff methods take only the order id.
 */
import { sql } from 'drizzle-orm';
import { columnsOf, orders, queryRows, type Database, type Executor } from '@shop/db';
import { Conflict, NotFound, Unauthorized } from '../errors.ts';
import type { OrderRepository } from '../orders/order-repository.ts';
import type { ShopConfig } from '../shop/shop-config.ts';
import { DocumentRepository, type DocumentOrder } from './document-repository.ts';
import { invoiceAvailability, londonDate } from './invoice-eligibility.ts';
import { customerCreditNotePath, customerInvoicePath, customerInvoiceUrl, staffCreditNotePath } from './invoice-url.ts';
import { buildCreditNote, creditNotePdf } from './credit-note-pdf.ts';
import { creditNoteOf, creditNotesOf, issueCreditNoteFor, type CreditNoteDependencies, type IssuedCreditNote } from './credit-notes.ts';
import { formatCreditNoteNumber } from './credit-note-numbers.ts';
import { formatInvoiceNumber, InvoiceNumbers, type IssuedInvoice } from './invoice-numbers.ts';
import { buildPickingList, pickingListPdf, pickingListsPdf } from './picking-list-pdf.ts';
import { buildVatInvoice, type VatInvoice } from './vat-invoice.ts';
import { vatInvoicePdf } from './vat-invoice-pdf.ts';

/** What was paid back on an order, credited with its invoice when issued later. */
const REFUNDED = columnsOf(orders, ['refundedPence']);

export interface PdfFile {
  /** For Content-Disposition, e.g. "invoice-INV-000042.pdf". */
  filename: string;
  content: Buffer;
}

export interface CustomerInvoiceStatus {
  /** The customer may download the invoice now (issued, or may be issued on download). */
  available: boolean;
  /** The storefront path of the download. */
  path: string;
  /** Why it is not available yet, for the customer. */
  reason: string | null;
}

/** A credit note as the order pages list it (customer and staff). */
export interface CreditNoteSummary {
  creditNoteNumber: number;
  /** "CN-000042" */
  number: string;
  /** The invoice it credits, "INV-000041". */
  invoiceNumber: string;
  /** Its date (tax point), YYYY-MM-DD. */
  date: string;
  kind: 'cancellation' | 'refund' | 'credit';
  reason: string;
  netPence: number;
  vatPence: number;
  totalPence: number;
  /** Its PDF download: the storefront's for the customer, the back office's for staff. */
  path: string;
}

export interface DocumentServiceOptions {
  shop: ShopConfig;
  /** Where the storefront is served, for links in e-mails. */
  publicBaseUrl: string;
  /** The clock of invoice dates (tests fix it). */
  now?: () => Date;
  /** Where the e-mail of a credit note issued with an invoice is recorded. */
  jobs?: CreditNoteDependencies['jobs'];
}

export class DocumentService {
  readonly invoiceNumbers: InvoiceNumbers;
  private readonly repository: DocumentRepository;
  private readonly now: () => Date;

  constructor(
    private readonly db: Database,
    private readonly orders: OrderRepository,
    private readonly options: DocumentServiceOptions,
  ) {
    this.invoiceNumbers = new InvoiceNumbers(db);
    this.repository = new DocumentRepository(db);
    this.now = options.now ?? (() => new Date());
  }

  /** The customer's link to an order's invoice (the dispatch e-mail uses it too). */
  invoiceUrl(orderId: number): string {
    return customerInvoiceUrl(this.options.publicBaseUrl, orderId);
  }

  /** Whether the customer's order has (or may now have) an invoice: order detail shows the link then. */
  async customerInvoiceStatus(userId: number, orderId: number): Promise<CustomerInvoiceStatus> {
    const order = await this.customerOrder(userId, orderId);
    const availability = order.invoiceNumber !== null ? { available: true as const } : invoiceAvailability(order, londonDate(this.now()));
    return {
      available: availability.available,
      path: customerInvoicePath(orderId),
      reason: availability.available ? null : availability.reason,
    };
  }

  /** The customer's VAT invoice (issued now if it may be): NotFound for another's order, Conflict when not yet available. */
  async customerInvoicePdf(userId: number | null, orderId: number): Promise<PdfFile> {
    if (userId === null) throw new Unauthorized('Sign in to download your invoices');
    const order = await this.customerOrder(userId, orderId);
    return this.invoicePdfOf(order);
  }

  /** The VAT invoice for staff (issued now if it may be). */
  async staffInvoicePdf(orderId: number): Promise<PdfFile> {
    return this.invoicePdfOf(await this.anyOrder(orderId));
  }

  /** The VAT invoice's content, issuing it if needed (exports and tests read it). */
  async invoice(orderId: number): Promise<VatInvoice> {
    const order = await this.anyOrder(orderId);
    return this.vatInvoiceOf(order);
  }

  /**
   * Issues the order's invoice now (or answers the one issued), without rendering it: for the
   * dispatch of an account order, so its invoice date (and the terms counted from it) is the
   * dispatch day, not the day someone first downloads it. Conflict when it may not have one yet.
   */
  async issueInvoice(orderId: number): Promise<IssuedInvoice> {
    const issuedAt = this.now();
    return this.invoiceNumbers.issue(orderId, async (tx) => (await this.taxPointOf(orderId, issuedAt, tx)).taxPointDate, issuedAt, this.creditRefundsMadeBefore);
  }

  /**
   * An invoice is for the whole supply; money already paid back before it was issued (a refund
   * recorded while the order awaited dispatch) is credited by a credit note issued with it, by
   * the rule of every refund (documents/credit-notes.ts: only what the shop no longer keeps).
   */
  private readonly creditRefundsMadeBefore = async (tx: Executor, invoice: IssuedInvoice): Promise<void> => {
    if (!this.options.jobs) return;
    const [order] = await queryRows<Record<string, unknown>>(tx, sql`SELECT ${REFUNDED.list} FROM orders WHERE order_id = ${invoice.orderId}`);
    const refunded = order ? REFUNDED.read(order).refundedPence : 0;
    if (refunded <= 0) return;
    await issueCreditNoteFor(
      tx,
      { jobs: this.options.jobs, now: this.now },
      { kind: 'refund', orderId: invoice.orderId, refundPence: refunded, orderPaymentId: null, reason: 'Money paid back to you before this invoice was issued.', staffId: null },
    );
  };

  /** The customer's order's credit notes, oldest first: NotFound for another's order. */
  async customerCreditNotes(userId: number, orderId: number): Promise<CreditNoteSummary[]> {
    await this.customerOrder(userId, orderId);
    return (await creditNotesOf(this.db, orderId)).map((note) => summaryOf(note, customerCreditNotePath(orderId, note.creditNoteNumber)));
  }

  /** An order's credit notes for staff, oldest first. */
  async staffCreditNotes(orderId: number): Promise<CreditNoteSummary[]> {
    return (await creditNotesOf(this.db, orderId)).map((note) => summaryOf(note, staffCreditNotePath(orderId, note.creditNoteNumber)));
  }

  /** One credit note of the customer's order as the e-mail tells it; null when there is none. */
  async customerCreditNote(userId: number, orderId: number, creditNoteNumber: number): Promise<CreditNoteSummary | null> {
    const order = await this.repository.order(orderId, userId);
    const note = order ? await creditNoteOf(this.db, orderId, creditNoteNumber) : null;
    return note ? summaryOf(note, customerCreditNotePath(orderId, creditNoteNumber)) : null;
  }

  /** The customer's credit note as a PDF: NotFound for another's order or a number not of this order. */
  async customerCreditNotePdf(userId: number | null, orderId: number, creditNoteNumber: number): Promise<PdfFile> {
    if (userId === null) throw new Unauthorized('Sign in to download your credit notes');
    return this.creditNotePdfOf(await this.customerOrder(userId, orderId), creditNoteNumber);
  }

  /** A credit note for staff. */
  async staffCreditNotePdf(orderId: number, creditNoteNumber: number): Promise<PdfFile> {
    return this.creditNotePdfOf(await this.anyOrder(orderId), creditNoteNumber);
  }

  private async creditNotePdfOf(order: DocumentOrder, creditNoteNumber: number): Promise<PdfFile> {
    const [note, invoice, lines] = await Promise.all([
      creditNoteOf(this.db, order.orderId, creditNoteNumber),
      this.invoiceNumbers.find(order.orderId),
      this.orders.linesOf(order.orderId),
    ]);
    if (!note || !invoice) throw new NotFound(`Order ${order.orderId} has no credit note ${creditNoteNumber}.`);
    const content = buildCreditNote(this.options.shop, order, lines, invoice, note);
    return { filename: `credit-note-${content.creditNoteNumber}.pdf`, content: await creditNotePdf(content) };
  }

  /** The warehouse's picking list / delivery note: no prices. */
  async pickingListPdf(orderId: number): Promise<PdfFile> {
    const order = await this.anyOrder(orderId);
    const lines = await this.repository.pickingLines([orderId]);
    return { filename: `picking-list-order-${orderId}.pdf`, content: await pickingListPdf(buildPickingList(this.options.shop, order, lines)) };
  }

  /**
   * The dispatch desk's picking lists of many orders as one PDF, an order a page, in the order
   * given (the queue's: oldest first). Unknown orders are left out.
   */
  async pickingListsPdf(orderIds: readonly number[]): Promise<PdfFile> {
    const [orders, lines] = await Promise.all([Promise.all(orderIds.map((id) => this.repository.order(id, null))), this.repository.pickingLines(orderIds)]);
    const lists = orders
      .filter((order): order is DocumentOrder => order !== null)
      .map((order) => buildPickingList(this.options.shop, order, lines.filter((line) => line.orderId === order.orderId)));
    if (lists.length === 0) throw new NotFound('None of those orders exists.');
    return { filename: `picking-lists-${lists.length}-orders.pdf`, content: await pickingListsPdf(lists, this.options.shop.tradingName) };
  }

  private async invoicePdfOf(order: DocumentOrder): Promise<PdfFile> {
    const invoice = await this.vatInvoiceOf(order);
    return { filename: `invoice-${invoice.invoiceNumber}.pdf`, content: await vatInvoicePdf(invoice) };
  }

  private async vatInvoiceOf(order: DocumentOrder): Promise<VatInvoice> {
    const issuedAt = this.now();
    // Issued now: print the order as the issuing transaction saw it (its payment status).
    let current = order;
    const decide = async (tx: Executor) => {
      const { order: seen, taxPointDate } = await this.taxPointOf(order.orderId, issuedAt, tx);
      current = seen;
      return taxPointDate;
    };
    const [issued, lines] = await Promise.all([this.invoiceNumbers.issue(order.orderId, decide, issuedAt, this.creditRefundsMadeBefore), this.orders.linesOf(order.orderId)]);
    return buildVatInvoice(this.options.shop, current, lines, issued, await this.repository.shipmentsBy(order.orderId, issued.issuedAt));
  }

  /** Inside the issuing transaction: the order as it is now, and whether it may have an invoice. */
  private async taxPointOf(orderId: number, issuedAt: Date, tx: Executor): Promise<{ order: DocumentOrder; taxPointDate: string }> {
    const order = await this.repository.order(orderId, null, tx, true);
    if (!order) throw new NotFound(`There is no order ${orderId}.`);
    const availability = invoiceAvailability(order, londonDate(issuedAt));
    if (!availability.available) throw new Conflict(availability.reason, { reason: 'invoice_not_available' });
    return { order, taxPointDate: availability.taxPointDate };
  }

  private async customerOrder(userId: number, orderId: number): Promise<DocumentOrder> {
    const order = await this.repository.order(orderId, userId);
    if (!order) throw new NotFound(`You have no order ${orderId}.`);
    return order;
  }

  private async anyOrder(orderId: number): Promise<DocumentOrder> {
    const order = await this.repository.order(orderId, null);
    if (!order) throw new NotFound(`There is no order ${orderId}.`);
    return order;
  }
}

function summaryOf(note: IssuedCreditNote, path: string): CreditNoteSummary {
  return {
    creditNoteNumber: note.creditNoteNumber,
    number: formatCreditNoteNumber(note.creditNoteNumber),
    invoiceNumber: formatInvoiceNumber(note.invoiceNumber),
    date: note.taxPointDate,
    kind: note.kind,
    reason: note.reason,
    netPence: note.netPence,
    vatPence: note.vatPence,
    totalPence: note.totalPence,
    path,
  };
}
