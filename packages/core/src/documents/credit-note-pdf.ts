/**
 * A VAT credit note (credit-notes.ts) as content and as an A4 PDF, laid out as the VAT invoice is
 * (vat-invoice-pdf.ts): the shop and the customer as the credited invoice names them, the credit
 * note's number and date (its tax point), the original invoice's number and date, the reason,
 * what is credited (the invoice's lines for a cancellation, one amount for a refund) with the VAT
 * rate, and the totals credited ex-VAT, VAT and gross. Amounts are printed positive: the title
 * says they are credited.
 */
import type { IssuedCreditNote } from './credit-notes.ts';
import { formatCreditNoteNumber } from './credit-note-numbers.ts';
import { A4, drawTable, formatDayMonthYear, poundsOf, renderPdf, winAnsi, type Column, type PdfDoc } from './document-format.ts';
import type { DocumentOrder } from './document-repository.ts';
import type { IsoDate } from '../delivery/dispatch-promise.ts';
import type { OrderLineRow } from '../orders/order-repository.ts';
import type { ShopConfig } from '../shop/shop-config.ts';
import type { IssuedInvoice } from './invoice-numbers.ts';
import { buildVatInvoice, packQuantity, type VatInvoice } from './vat-invoice.ts';

export interface CreditNoteDocument {
  creditNoteNumber: string;
  /** The credit note's date, its tax point. */
  creditNoteDate: IsoDate;
  kind: 'cancellation' | 'refund' | 'credit';
  reason: string;
  invoiceNumber: string;
  invoiceDate: IsoDate;
  orderId: number;
  paymentReference: string;
  purchaseOrderNumber: string | null;
  supplier: VatInvoice['supplier'];
  customer: VatInvoice['customer'];
  lines: { description: string; quantity: string; vatRatePercent: number; amountPence: number }[];
  vatRatePercent: number;
  totals: { netPence: number; vatPence: number; grossPence: number };
}

/** The credit note's content: the parties and the invoice's number and date as the invoice prints them. */
export function buildCreditNote(shop: ShopConfig, order: DocumentOrder, lines: readonly OrderLineRow[], invoice: IssuedInvoice, note: IssuedCreditNote): CreditNoteDocument {
  const credited = buildVatInvoice(shop, order, lines, invoice);
  return {
    creditNoteNumber: formatCreditNoteNumber(note.creditNoteNumber),
    creditNoteDate: note.taxPointDate,
    kind: note.kind,
    reason: note.reason,
    invoiceNumber: credited.invoiceNumber,
    invoiceDate: credited.invoiceDate,
    orderId: order.orderId,
    paymentReference: credited.paymentReference,
    purchaseOrderNumber: credited.purchaseOrderNumber,
    supplier: credited.supplier,
    customer: credited.customer,
    lines: note.lines.map((line) => ({
      description: line.description,
      quantity: line.qty !== null && line.count !== null ? packQuantity(line.count, line.qty) : '',
      vatRatePercent: note.vatRatePercent,
      amountPence: line.netPence,
    })),
    vatRatePercent: note.vatRatePercent,
    totals: { netPence: note.netPence, vatPence: note.vatPence, grossPence: note.totalPence },
  };
}

const INK = '#1c1917';
const MUTED = '#57534e';

export function creditNotePdf(note: CreditNoteDocument): Promise<Buffer> {
  return renderPdf(
    { title: `Credit note ${note.creditNoteNumber}`, subject: `Credit note for invoice ${note.invoiceNumber}, order ${note.orderId}`, author: note.supplier.name },
    (doc) => drawCreditNote(doc, note),
  );
}

function drawCreditNote(doc: PdfDoc, note: CreditNoteDocument): void {
  const left = A4.margin;
  const right = A4.width - A4.margin;
  const contentWidth = right - left;
  const t = (text: string) => winAnsi(text);

  doc.fillColor(INK).font('Helvetica-Bold').fontSize(14).text(t(note.supplier.name), left, A4.margin, { width: 300 });
  doc.font('Helvetica').fontSize(9).fillColor(MUTED);
  doc.text(t(note.supplier.addressLines.join('\n')), { width: 300 });
  doc.text(t(`VAT registration number: ${note.supplier.vatNumber}`), { width: 300 });
  doc.text(t(`Company number: ${note.supplier.companyNumber}`), { width: 300 });
  doc.text(t(`${note.supplier.phone}  ${note.supplier.email}`), { width: 300 });
  const supplierBottom = doc.y;

  doc.fillColor(INK).font('Helvetica-Bold').fontSize(20).text('CREDIT NOTE', left + 300, A4.margin, { width: contentWidth - 300, align: 'right' });
  const facts: [string, string][] = [
    ['Credit note number', note.creditNoteNumber],
    ['Credit note date (tax point)', formatDayMonthYear(note.creditNoteDate)],
    ['Credits invoice', note.invoiceNumber],
    ['Invoice date', formatDayMonthYear(note.invoiceDate)],
    ['Order number', String(note.orderId)],
  ];
  if (note.paymentReference) facts.push(['Payment reference', note.paymentReference]);
  if (note.purchaseOrderNumber) facts.push(['Your order (PO) number', note.purchaseOrderNumber]);
  let factY = doc.y + 6;
  for (const [label, value] of facts) {
    doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(label, left + 300, factY, { width: 130 });
    doc.font('Helvetica-Bold').fillColor(INK).text(t(value), left + 430, factY, { width: contentWidth - 430, align: 'right' });
    factY = Math.max(doc.y, factY + 12);
  }

  let y = Math.max(supplierBottom, factY) + 18;
  doc.font('Helvetica-Bold').fontSize(10).fillColor(INK).text('Credit to', left, y, { width: 250 });
  const to = [note.customer.companyName, note.customer.name, ...note.customer.addressLines].filter((l): l is string => Boolean(l));
  doc.font('Helvetica').fontSize(9).text(t(to.join('\n')), { width: 250 });
  if (note.customer.vatNumber) doc.text(t(`VAT number: ${note.customer.vatNumber}`), { width: 250 });
  doc.font('Helvetica-Bold').fontSize(10).text('Reason', left + 280, y, { width: 230 });
  doc.font('Helvetica').fontSize(9).text(t(`${note.kind === 'cancellation' ? 'Order cancelled' : note.kind === 'credit' ? 'Credit' : 'Refund'}: ${note.reason}`), { width: 230 });

  y = doc.y + 18;
  const columns: Column[] = [
    { header: 'Description', width: 220 },
    { header: 'Quantity', width: 150 },
    { header: 'VAT rate', width: 50, align: 'right' },
    { header: 'Credited ex-VAT', width: contentWidth - 420, align: 'right' },
  ];
  const rows = note.lines.map((line) => [line.description, line.quantity, `${line.vatRatePercent}%`, poundsOf(line.amountPence)]);
  y = drawTable(doc, columns, rows, {
    x: left,
    y: Math.max(y, doc.y + 18),
    fontSize: 9,
    onNewPage: (d) => {
      d.font('Helvetica-Bold').fontSize(10).fillColor(INK).text(t(`Credit note ${note.creditNoteNumber} (continued)`), left, A4.margin, { width: contentWidth });
      return d.y + 6;
    },
  });

  if (y + 120 > A4.height - A4.margin) {
    doc.addPage();
    doc.font('Helvetica-Bold').fontSize(10).fillColor(INK).text(t(`Credit note ${note.creditNoteNumber} (continued)`), left, A4.margin, { width: contentWidth });
    y = doc.y + 6;
  }
  y += 8;
  const totals: [string, string, boolean][] = [
    ['Credited ex-VAT', poundsOf(note.totals.netPence), false],
    [note.vatRatePercent === 0 ? 'VAT at 0% (zero-rated)' : `VAT at ${note.vatRatePercent}%`, poundsOf(note.totals.vatPence), false],
    ['Total credited (GBP)', poundsOf(note.totals.grossPence), true],
  ];
  for (const [label, value, strong] of totals) {
    doc.font(strong ? 'Helvetica-Bold' : 'Helvetica').fontSize(strong ? 11 : 10).fillColor(INK);
    doc.text(label, right - 250, y, { width: 150, align: 'right' });
    doc.text(value, right - 100, y, { width: 100, align: 'right' });
    y = doc.y + 4;
  }
  doc.font('Helvetica').fontSize(8).fillColor(MUTED).text('All amounts are in pounds sterling (GBP) and are credited to you.', left, y + 2, { width: contentWidth, align: 'right' });

  doc.moveDown(2);
  doc.fontSize(8).fillColor(MUTED).text(
    t(
      `This credit note reduces invoice ${note.invoiceNumber} of ${formatDayMonthYear(note.invoiceDate)} by the amounts above. ${note.supplier.name}. Company number ${note.supplier.companyNumber}. VAT registration number ${note.supplier.vatNumber}. ${note.supplier.addressLines.join(', ')}.`,
    ),
    left,
    doc.y,
    { width: contentWidth },
  );
}
