/**
 * A VAT credit note (credit-notes.ts) as content and as an A4 PDF, laid out as the VAT invoice is
 * (vat-invoice-pdf.ts): the shop and the customer as the credited invoice names them, the credit
 * note's number and date (its tax point), the original invoice's number and date, the reason
 * staff gave, what is credited line by line (goods with their quantity and price per pack,
 * delivery, or one line saying what an amount without goods is) with each line's VAT, and the
 * totals credited ex-VAT, VAT and gross. Amounts are printed positive: the title says they are
 * credited. The blocks above the table are laid out from their measured heights, so a long
 * address never runs under the table.
 */
import type { IssuedCreditNote } from './credit-notes.ts';
import { formatCreditNoteNumber } from './credit-note-numbers.ts';
import { A4, drawTable, formatDayMonthYear, poundsOf, BOLD_FONT, REGULAR_FONT, renderPdf, printable, type Column, type PdfDoc } from './document-format.ts';
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
  lines: { description: string; quantity: string; unitPricePence: number | null; vatRatePercent: number; vatPence: number | null; amountPence: number }[];
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
      unitPricePence: line.unitNetPence ?? null,
      vatRatePercent: note.vatRatePercent,
      // Notes issued before lines kept their VAT: a single line's VAT is the note's.
      vatPence: line.vatPence ?? (note.lines.length === 1 ? note.vatPence : null),
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
  const t = (text: string) => printable(text);

  doc.fillColor(INK).font(BOLD_FONT).fontSize(14).text(t(note.supplier.name), left, A4.margin, { width: 255 });
  doc.font(REGULAR_FONT).fontSize(9).fillColor(MUTED);
  doc.text(t(note.supplier.addressLines.join('\n')), { width: 255 });
  doc.text(t(`VAT registration number: ${note.supplier.vatNumber}`), { width: 255 });
  doc.text(t(`Company number: ${note.supplier.companyNumber}`), { width: 255 });
  doc.text(t(`${note.supplier.phone}  ${note.supplier.email}`), { width: 255 });
  const supplierBottom = doc.y;

  doc.fillColor(INK).font(BOLD_FONT).fontSize(20).text('CREDIT NOTE', left + 300, A4.margin, { width: contentWidth - 300, align: 'right' });
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
    // A label or value too long for its column wraps: the next fact goes below the longer.
    doc.font(REGULAR_FONT).fontSize(9).fillColor(MUTED).text(label, left + 262, factY, { width: 105 });
    const labelBottom = doc.y;
    doc.font(BOLD_FONT).fillColor(INK).text(t(value), left + 367, factY, { width: contentWidth - 367, align: 'right' });
    factY = Math.max(labelBottom, doc.y, factY + 12);
  }

  const top = Math.max(supplierBottom, factY) + 18;
  // Two blocks side by side: each is drawn from `top` and the table starts below the taller.
  doc.font(BOLD_FONT).fontSize(10).fillColor(INK).text('Credit to', left, top, { width: 250 });
  const to = [note.customer.companyName, note.customer.name, ...note.customer.addressLines].filter((l): l is string => Boolean(l));
  doc.font(REGULAR_FONT).fontSize(9).text(t(to.join('\n')), left, doc.y, { width: 250 });
  if (note.customer.vatNumber) doc.text(t(`VAT number: ${note.customer.vatNumber}`), left, doc.y, { width: 250 });
  const creditToBottom = doc.y;
  doc.font(BOLD_FONT).fontSize(10).text('Reason', left + 280, top, { width: contentWidth - 280 });
  doc.font(REGULAR_FONT).fontSize(9).text(t(`${note.kind === 'cancellation' ? 'Order cancelled' : note.kind === 'credit' ? 'Credit' : 'Refund'}: ${note.reason}`), left + 280, doc.y, { width: contentWidth - 280 });
  const reasonBottom = doc.y;

  const columns: Column[] = [
    { header: 'Description', width: 152 },
    { header: 'Quantity', width: 112 },
    { header: 'Unit price ex-VAT', width: 62, align: 'right' },
    { header: 'VAT rate', width: 40, align: 'right' },
    { header: 'VAT', width: 60, align: 'right' },
    { header: 'Credited ex-VAT', width: contentWidth - 426, align: 'right' },
  ];
  const rows = note.lines.map((line) => [
    line.description,
    line.quantity,
    line.unitPricePence === null ? '' : poundsOf(line.unitPricePence),
    `${line.vatRatePercent}%`,
    line.vatPence === null ? '' : poundsOf(line.vatPence),
    poundsOf(line.amountPence),
  ]);
  let y = drawTable(doc, columns, rows, {
    x: left,
    y: Math.max(creditToBottom, reasonBottom) + 18,
    fontSize: 9,
    onNewPage: (d) => {
      d.font(BOLD_FONT).fontSize(10).fillColor(INK).text(t(`Credit note ${note.creditNoteNumber} (continued)`), left, A4.margin, { width: contentWidth });
      return d.y + 6;
    },
  });

  if (y + 120 > A4.height - A4.margin) {
    doc.addPage();
    doc.font(BOLD_FONT).fontSize(10).fillColor(INK).text(t(`Credit note ${note.creditNoteNumber} (continued)`), left, A4.margin, { width: contentWidth });
    y = doc.y + 6;
  }
  y += 8;
  const totals: [string, string, boolean][] = [
    ['Credited ex-VAT', poundsOf(note.totals.netPence), false],
    [note.vatRatePercent === 0 ? 'VAT at 0% (zero-rated)' : `VAT at ${note.vatRatePercent}%`, poundsOf(note.totals.vatPence), false],
    ['Total credited (GBP)', poundsOf(note.totals.grossPence), true],
  ];
  for (const [label, value, strong] of totals) {
    doc.font(strong ? BOLD_FONT : REGULAR_FONT).fontSize(strong ? 11 : 10).fillColor(INK);
    doc.text(label, right - 250, y, { width: 150, align: 'right' });
    doc.text(value, right - 100, y, { width: 100, align: 'right' });
    y = doc.y + 4;
  }
  doc.font(REGULAR_FONT).fontSize(8).fillColor(MUTED).text('All amounts are in pounds sterling (GBP) and are credited to you.', left, y + 2, { width: contentWidth, align: 'right' });

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
