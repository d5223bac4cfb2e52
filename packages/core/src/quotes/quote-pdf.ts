/**
 * A quote as an A4 PDF (pdfkit, as the VAT invoice): the shop, the customer, the quote's number,
 * date and the last day it may be accepted, the lines (description, units, unit price and amount
 * ex-VAT, custom lines marked with the +/-10% rule), the delivery charge and the subtotal ex-VAT,
 * staff's note, and how to accept it. VAT is added at the rate of the delivery address when the
 * quote is accepted, which the PDF says.
 */
import { A4, drawTable, formatDayMonthYear, poundsOf, BOLD_FONT, REGULAR_FONT, renderPdf, printable, type Column } from '../documents/document-format.ts';
import { DELIVERY_ZONES, deliveryZoneNames, vatLineLabel, vatWording } from '@shop/contract';
import { VAT_TREATMENT_BY_ZONE, vatForZone } from '../pricing/vat-by-destination.ts';
import type { ShopConfig } from '../shop/shop-config.ts';
import type { QuoteView } from './quote-desk.ts';

const INK = '#1c1917';
const MUTED = '#57534e';

export interface QuotePdfInput {
  shop: ShopConfig;
  quote: QuoteView;
  customer: { name: string; email: string; companyName: string | null };
  /** The link the customer accepts it at. */
  acceptUrl?: string;
}

/** "£0.4800" style unit prices would confuse: a unit price is shown to the penny, or to a tenth of a penny when it has one. */
export function unitPriceText(pence: number): string {
  return poundsOf(pence);
}

/**
 * How VAT will be charged, before the delivery address is known: each treatment's VAT line as
 * checkout and the quote page word it (the contract's vatLineLabel), where it applies (core's
 * one table), and what an export may still cost on arrival.
 */
export function quoteVatNote(standardRatePercent: number): string {
  const exportZones = DELIVERY_ZONES.filter((zone) => VAT_TREATMENT_BY_ZONE[zone] === 'export');
  const standard = vatLineLabel(vatForZone('mainland', standardRatePercent));
  const zeroRated = vatLineLabel({ treatment: 'export', ratePercent: 0 });
  return `VAT is added for the delivery address when you accept: ${standard} in the UK, ${zeroRated} to ${exportZones.map((zone) => deliveryZoneNames[zone]).join(' and ')}. ${vatWording.importCharges}`;
}

export function quotePdf({ shop, quote, customer, acceptUrl }: QuotePdfInput): Promise<Buffer> {
  return renderPdf({ title: `Quote ${quote.number}`, subject: `Quotation ${quote.number} for ${customer.name}`, author: shop.companyName }, (doc) => {
    const left = A4.margin;
    const right = A4.width - A4.margin;
    const width = right - left;
    const t = (text: string) => printable(text);
    doc.fillColor(INK).font(BOLD_FONT).fontSize(14).text(t(shop.companyName), left, A4.margin, { width: 300 });
    doc.font(REGULAR_FONT).fontSize(9).fillColor(MUTED);
    doc.text(t([shop.address.line1, shop.address.line2, shop.address.town, shop.address.postcode].filter(Boolean).join(', ')), { width: 300 });
    doc.text(t(`${shop.phones.sales}  ${shop.email}`), { width: 300 });
    doc.text(t(`VAT registration number: ${shop.vatNumber}`), { width: 300 });
    const top = A4.margin;
    doc.font(BOLD_FONT).fontSize(18).fillColor(INK).text('QUOTATION', right - 200, top, { width: 200, align: 'right' });
    doc.font(REGULAR_FONT).fontSize(10).text(t(`Quote number: ${quote.number}`), right - 200, doc.y + 4, { width: 200, align: 'right' });
    if (quote.sentAt) doc.text(t(`Date: ${formatDayMonthYear(quote.sentAt.slice(0, 10))}`), { width: 200, align: 'right' });
    if (quote.validUntil) doc.font(BOLD_FONT).text(t(`Valid until: ${formatDayMonthYear(quote.validUntil)}`), { width: 200, align: 'right' });

    doc.font(BOLD_FONT).fontSize(10).fillColor(INK).text('For', left, 150);
    doc.font(REGULAR_FONT).fontSize(10).text(t([customer.name, customer.companyName, customer.email].filter(Boolean).join('\n')), left, doc.y, { width: 300 });
    if (quote.neededBy) doc.text(t(`Needed by: ${formatDayMonthYear(quote.neededBy)}`));

    const columns: Column[] = [
      { header: 'Description', width: width - 250 },
      { header: 'Units', width: 60, align: 'right' },
      { header: 'Unit price ex-VAT', width: 95, align: 'right' },
      { header: 'Amount ex-VAT', width: 95, align: 'right' },
    ];
    const rows = quote.lines.map((line) => [
      `${line.description}${line.isCustom ? '\nCustom: the quantity delivered may vary by up to 10% either way; you pay for what is delivered.' : ''}`,
      line.quantity.toLocaleString('en-GB'),
      unitPriceText(line.unitPricePence),
      poundsOf(line.totalPence),
    ]);
    let y = drawTable(doc, columns, rows, { x: left, y: Math.max(doc.y + 16, 215), fontSize: 9 });
    const totals: [string, string][] = [
      ['Goods ex-VAT', poundsOf(quote.subTotalPence)],
      ['Delivery ex-VAT', quote.deliveryChargePence ? poundsOf(quote.deliveryChargePence) : 'Free'],
      ['Total ex-VAT', poundsOf(quote.subTotalPence + (quote.deliveryChargePence ?? 0))],
    ];
    y += 8;
    for (const [label, value] of totals) {
      doc.font(label.startsWith('Total') ? BOLD_FONT : REGULAR_FONT).fontSize(10).fillColor(INK);
      doc.text(label, right - 250, y, { width: 150 });
      doc.text(value, right - 100, y, { width: 100, align: 'right' });
      y += 15;
    }
    doc.font(REGULAR_FONT).fontSize(9).fillColor(MUTED);
    doc.text(t(quoteVatNote(shop.vatRatePercent)), left, y + 6, { width });
    if (quote.dispatchText) doc.font(BOLD_FONT).fillColor(INK).text(t(`${quote.dispatchText}.`), { width });
    if (quote.quoteNote) {
      doc.moveDown();
      doc.font(BOLD_FONT).fillColor(INK).text('Note');
      doc.font(REGULAR_FONT).text(t(quote.quoteNote), { width });
    }
    doc.moveDown();
    doc.font(REGULAR_FONT).fillColor(INK).fontSize(9);
    const until = quote.validUntil ? formatDayMonthYear(quote.validUntil) : `${quote.validityDays} days from the date of this quote`;
    doc.text(t(`This quotation is valid until the end of ${until} (UK time). Accept it online${acceptUrl ? ` at ${acceptUrl}` : ' from your account'}: it becomes your order at these prices, paid by card, bank transfer or on your trade account.`), { width });
  });
}
