/**
 * The VAT invoice as an A4 PDF (pdfkit, the documents' typeface): supplier and invoice details at the
 * top, the customer's billing (and delivery) address, the lines with quantity, unit price ex-VAT,
 * VAT rate and amount ex-VAT, then the totals ex-VAT, VAT and gross in GBP (with the reason for
 * zero rating on an export), and the payment status or terms. Everything printed goes through printable (what the typeface can print).
 */
import { A4, drawTable, formatDayMonthYear, poundsOf, BOLD_FONT, REGULAR_FONT, renderPdf, printable, type Column, type PdfDoc } from './document-format.ts';
import { TEST_PAYMENT_LABEL } from '@shop/contract';
import { type HowToPay, type VatInvoice } from './vat-invoice.ts';

const INK = '#1c1917';
const MUTED = '#57534e';

export function vatInvoicePdf(invoice: VatInvoice): Promise<Buffer> {
  return renderPdf(
    { title: `VAT invoice ${invoice.invoiceNumber}`, subject: `VAT invoice for order ${invoice.orderId}`, author: invoice.supplier.name },
    (doc) => drawInvoice(doc, invoice),
  );
}

/** A trade-account invoice's bank details, reference and due date, boxed so they are found at a glance. */
function drawHowToPay(doc: PdfDoc, pay: HowToPay, left: number, width: number): void {
  const t = (text: string) => printable(text);
  const rows: [string, string][] = [
    ['Payee', pay.payee],
    ['Bank', pay.bankName],
    ['Sort code', pay.sortCode],
    ['Account number', pay.accountNumber],
    ['Reference to quote', pay.reference],
    ['Payment due by', formatDayMonthYear(pay.dueDate)],
  ];
  const height = 30 + rows.length * 13;
  if (doc.y + height + 12 > A4.height - A4.margin) doc.addPage();
  const top = doc.y + 8;
  doc.rect(left, top, width, height).lineWidth(0.8).strokeColor(MUTED).stroke();
  doc.font(BOLD_FONT).fontSize(10).fillColor(INK).text(t(`How to pay: ${poundsOf(pay.amountPence)} by bank transfer`), left + 10, top + 8, { width: width - 20 });
  let y = doc.y + 4;
  for (const [label, value] of rows) {
    doc.font(REGULAR_FONT).fontSize(9).fillColor(MUTED).text(label, left + 10, y, { width: 120 });
    doc.font(BOLD_FONT).fillColor(INK).text(t(value), left + 130, y, { width: width - 140 });
    y = Math.max(doc.y, y + 13);
  }
  doc.x = left;
  doc.y = top + height;
}

function drawInvoice(doc: PdfDoc, invoice: VatInvoice): void {
  const left = A4.margin;
  const right = A4.width - A4.margin;
  const contentWidth = right - left;
  const t = (text: string) => printable(text);

  // Supplier (left) and title (right).
  doc.fillColor(INK).font(BOLD_FONT).fontSize(14).text(t(invoice.supplier.name), left, A4.margin, { width: 300 });
  doc.font(REGULAR_FONT).fontSize(9).fillColor(MUTED);
  doc.text(t(invoice.supplier.addressLines.join('\n')), { width: 300 });
  doc.text(t(`VAT registration number: ${invoice.supplier.vatNumber}`), { width: 300 });
  doc.text(t(`Company number: ${invoice.supplier.companyNumber}`), { width: 300 });
  doc.text(t(`${invoice.supplier.phone}  ${invoice.supplier.email}`), { width: 300 });
  const supplierBottom = doc.y;

  doc.fillColor(INK).font(BOLD_FONT).fontSize(20).text('VAT INVOICE', left + 300, A4.margin, { width: contentWidth - 300, align: 'right' });
  // A test payment took no money: said at the top, where nobody misses it.
  if (invoice.testPayment) {
    doc.fillColor('#b91c1c').font(BOLD_FONT).fontSize(11).text(`${TEST_PAYMENT_LABEL.toUpperCase()}: NO MONEY WAS TAKEN`, left + 300, doc.y + 2, { width: contentWidth - 300, align: 'right' });
    doc.fillColor(INK);
  }
  const facts: [string, string][] = [
    ['Invoice number', invoice.invoiceNumber],
    ['Invoice date', formatDayMonthYear(invoice.invoiceDate)],
    ['Time of supply (tax point)', formatDayMonthYear(invoice.taxPointDate)],
    ['Order number', String(invoice.orderId)],
    ['Order date', formatDayMonthYear(invoice.orderDate)],
  ];
  if (invoice.paymentReference) facts.push(['Payment reference', invoice.paymentReference]);
  if (invoice.purchaseOrderNumber) facts.push(['Your order (PO) number', invoice.purchaseOrderNumber]);
  let factY = doc.y + 6;
  for (const [label, value] of facts) {
    doc.font(REGULAR_FONT).fontSize(9).fillColor(MUTED).text(label, left + 300, factY, { width: 120 });
    doc.font(BOLD_FONT).fillColor(INK).text(t(value), left + 420, factY, { width: contentWidth - 420, align: 'right' });
    factY = Math.max(doc.y, factY + 12);
  }

  // Customer (bill to) and delivery address.
  let y = Math.max(supplierBottom, factY) + 18;
  doc.font(BOLD_FONT).fontSize(10).fillColor(INK).text('Invoice to', left, y, { width: 250 });
  const billTo = [invoice.customer.companyName, invoice.customer.name, ...invoice.customer.addressLines].filter((l): l is string => Boolean(l));
  doc.font(REGULAR_FONT).fontSize(9).text(t(billTo.join('\n')), { width: 250 });
  if (invoice.customer.vatNumber) doc.text(t(`VAT number: ${invoice.customer.vatNumber}`), { width: 250 });
  let addressBottom = doc.y;
  if (invoice.deliveryAddressLines) {
    doc.font(BOLD_FONT).fontSize(10).text('Deliver to', left + 280, y, { width: 230 });
    doc.font(REGULAR_FONT).fontSize(9).text(t(invoice.deliveryAddressLines.join('\n')), { width: 230 });
    addressBottom = Math.max(addressBottom, doc.y);
  }

  // Lines.
  y = addressBottom + 18;
  const columns: Column[] = [
    { header: 'Description', width: 166 },
    { header: 'Quantity', width: 138 },
    { header: 'Unit price ex-VAT', width: 82, align: 'right' },
    { header: 'VAT rate', width: 42, align: 'right' },
    { header: 'Amount ex-VAT', width: contentWidth - 428, align: 'right' },
  ];
  const rows = invoice.lines.map((line) => [line.description, line.quantity, poundsOf(line.unitPricePence), `${line.vatRatePercent}%`, poundsOf(line.amountPence)]);
  y = drawTable(doc, columns, rows, {
    x: left,
    y,
    fontSize: 9,
    onNewPage: (d) => {
      d.font(BOLD_FONT).fontSize(10).fillColor(INK).text(t(`VAT invoice ${invoice.invoiceNumber} (continued)`), left, A4.margin, { width: contentWidth });
      return d.y + 6;
    },
  });

  // Totals, right-aligned under the amounts.
  const totals: [string, string, boolean][] = [
    ['Total ex-VAT', poundsOf(invoice.totals.netPence), false],
    [invoice.vatLabel, poundsOf(invoice.totals.vatPence), false],
    ['Total (GBP)', poundsOf(invoice.totals.grossPence), true],
    // Every order is invoiced at dispatch, paid or not: what is paid and what is still due.
    ...(invoice.balanceDuePence > 0
      ? ([
          ['Paid', poundsOf(invoice.paidPence), false],
          ['Balance due', poundsOf(invoice.balanceDuePence), true],
        ] as [string, string, boolean][])
      : []),
  ];
  if (y + 120 > A4.height - A4.margin) {
    doc.addPage();
    doc.font(BOLD_FONT).fontSize(10).fillColor(INK).text(t(`VAT invoice ${invoice.invoiceNumber} (continued)`), left, A4.margin, { width: contentWidth });
    y = doc.y + 6;
  }
  y += 8;
  for (const [label, value, strong] of totals) {
    doc.font(strong ? BOLD_FONT : REGULAR_FONT).fontSize(strong ? 11 : 10).fillColor(INK);
    doc.text(label, right - 250, y, { width: 150, align: 'right' });
    doc.text(value, right - 100, y, { width: 100, align: 'right' });
    y = doc.y + 4;
  }
  doc.font(REGULAR_FONT).fontSize(8).fillColor(MUTED).text('All amounts are in pounds sterling (GBP).', left, y + 2, { width: contentWidth, align: 'right' });
  // A zero-rated supply's invoice must say why no VAT is charged (HMRC VAT Notice 703).
  if (invoice.zeroRatingReason) {
    doc.font(BOLD_FONT).fontSize(9).fillColor(INK).text(t(invoice.zeroRatingReason), left, doc.y + 8, { width: contentWidth });
  }
  if (invoice.discountNote) {
    doc.font(REGULAR_FONT).fontSize(9).fillColor(INK).text(t(invoice.discountNote), left, doc.y + 8, { width: contentWidth });
  }
  // A time of supply in a VAT period already filed: the day the VAT is accounted on instead.
  if (invoice.taxPointNote) {
    doc.font(REGULAR_FONT).fontSize(9).fillColor(INK).text(t(invoice.taxPointNote), left, doc.y + 8, { width: contentWidth });
  }

  // Payment.
  y = doc.y + 16;
  doc.font(BOLD_FONT).fontSize(10).fillColor(INK).text('Payment', left, y, { width: contentWidth });
  doc.font(REGULAR_FONT).fontSize(9).text(t(invoice.payment.join(' ')), { width: contentWidth });
  // Which parcels it covers, when the order leaves in several (vat-invoice.ts shipmentSentences).
  if (invoice.shipments.length > 0) {
    doc.font(BOLD_FONT).fontSize(10).text('Shipments', left, doc.y + 8, { width: contentWidth });
    doc.font(REGULAR_FONT).fontSize(9).text(t(invoice.shipments.join(' ')), { width: contentWidth });
  }
  if (invoice.howToPay) drawHowToPay(doc, invoice.howToPay, left, contentWidth);

  doc.moveDown(2);
  doc.fontSize(8).fillColor(MUTED).text(
    t(`${invoice.supplier.name}. Company number ${invoice.supplier.companyNumber}. VAT registration number ${invoice.supplier.vatNumber}. ${invoice.supplier.addressLines.join(', ')}.`),
    left,
    doc.y,
    { width: contentWidth },
  );
}
