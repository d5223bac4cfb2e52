/**
 * The picking list / delivery note for the warehouse, A4 (pdfkit): order number and
 * date, the promised dispatch date, the delivery address with contact and phone, the customer's
 * note, then every line still to send with a tick box, the product code staff know
 * (products.product_code), item, size, bin or shelf location (product_sizes.location, when set),
 * pack size, number of packs and total units. No prices anywhere: it travels with the parcel.
 * A part-dispatched order lists only what is left to send, and says so. The dispatch desk prints
 * many orders as one PDF, one order per page (`pickingListsPdf`).
 */
import { formatCount, formatCountOf } from '@shop/contract';
import type { AddressFields } from '@shop/contract';
import { A4, drawTable, formatDayMonthYear, BOLD_FONT, REGULAR_FONT, renderPdf, printable, type Column, type PdfDoc } from './document-format.ts';
import { postalLines } from './vat-invoice.ts';
import type { DocumentOrder } from './document-repository.ts';
import { londonDate } from './invoice-eligibility.ts';
import type { ShopConfig } from '../shop/shop-config.ts';
import { itemDisplayName } from '../catalogue/item-display-name.ts';

export interface PickingListLine {
  /** The product code staff and the catalogue know the product by (`P000123`). */
  code: string;
  item: string;
  size: string;
  /** Where the size is kept (bin or shelf); '' when not set. */
  location: string;
  packSize: number;
  packs: number;
  units: number;
}

export interface PickingList {
  orderId: number;
  orderDate: string;
  promisedDispatchDate: string | null;
  delivery: AddressFields | null;
  customerName: string;
  customerPhone: string;
  note: string;
  lines: PickingListLine[];
  /** Some packs have already left in earlier shipments: only the rest is listed. */
  partDispatched: boolean;
  shopName: string;
}

/** An order line as a picking list reads it (DocumentRepository.pickingLines). */
export interface PickingLineRow {
  orderId: number;
  productId: number;
  /** products.product_code; null if the product row is gone. */
  productCode: string | null;
  productName: string;
  size1: string;
  location: string | null;
  qty: number;
  count: number;
  shippedPacks: number;
}

/** A product code as products are given one (`P` + the id zero-padded to 6 digits) when the row is gone. */
function codeOf(line: PickingLineRow): string {
  return line.productCode?.trim() || `P${String(line.productId).padStart(6, '0')}`;
}

export function buildPickingList(shop: ShopConfig, order: DocumentOrder, lines: readonly PickingLineRow[]): PickingList {
  const toSend = lines.filter((line) => line.count - line.shippedPacks > 0);
  return {
    orderId: order.orderId,
    orderDate: londonDate(order.created),
    promisedDispatchDate: order.promisedDispatchDate,
    delivery: order.deliveryAddress,
    customerName: `${order.customer.firstName} ${order.customer.lastName}`.trim(),
    customerPhone: order.customer.phone,
    note: order.note.trim(),
    lines: toSend.map((line) => ({
      code: codeOf(line),
      item: itemDisplayName(line.productName, line.size1),
      size: line.size1,
      location: line.location?.trim() ?? '',
      packSize: line.qty,
      packs: line.count - line.shippedPacks,
      units: line.qty * (line.count - line.shippedPacks),
    })),
    partDispatched: lines.some((line) => line.shippedPacks > 0),
    shopName: shop.tradingName,
  };
}

export function pickingListPdf(list: PickingList): Promise<Buffer> {
  return renderPdf(
    { title: `Picking list / delivery note, order ${list.orderId}`, subject: `Order ${list.orderId}`, author: list.shopName },
    (doc) => drawPickingList(doc, list),
  );
}

/** Many orders' picking lists as one PDF, each order starting on a page of its own (the dispatch desk). */
export function pickingListsPdf(lists: readonly PickingList[], shopName: string): Promise<Buffer> {
  return renderPdf({ title: `Picking lists / delivery notes, ${formatCountOf(lists.length, 'order')}`, subject: lists.map((l) => `Order ${l.orderId}`).join(', '), author: shopName }, (doc) => {
    lists.forEach((list, i) => {
      if (i > 0) doc.addPage();
      drawPickingList(doc, list);
    });
  });
}

function drawPickingList(doc: PdfDoc, list: PickingList): void {
  const left = A4.margin;
  const right = A4.width - A4.margin;
  const contentWidth = right - left;
  const t = (text: string) => printable(text);

  doc.fillColor('#000000').font(BOLD_FONT).fontSize(18).text('PICKING LIST / DELIVERY NOTE', left, A4.margin, { width: contentWidth });
  doc.font(REGULAR_FONT).fontSize(10).text(t(list.shopName), { width: contentWidth });
  let y = doc.y + 10;

  doc.font(BOLD_FONT).fontSize(26).text(`Order ${list.orderId}`, left, y, { width: 260 });
  doc.font(REGULAR_FONT).fontSize(10);
  doc.text(`Order date: ${formatDayMonthYear(list.orderDate)}`, { width: 260 });
  doc.font(BOLD_FONT).text(`Dispatch by: ${list.promisedDispatchDate ? formatDayMonthYear(list.promisedDispatchDate) : 'not promised'}`, { width: 260 });
  if (list.partDispatched) doc.text('Part dispatched: only what is still to send is listed.', { width: 260 });
  const leftBottom = doc.y;

  // Delivery address, contact and phone.
  const a = list.delivery;
  const contact = a?.contact_name.trim() || list.customerName;
  const phone = a?.phone.trim() || list.customerPhone;
  doc.font(BOLD_FONT).fontSize(10).text('Deliver to', left + 280, y, { width: contentWidth - 280 });
  doc.font(REGULAR_FONT).fontSize(11);
  const addressLines = [contact, a?.company_name.trim() ?? '', ...(a ? postalLines(a) : ['(no delivery address recorded)'])].filter(Boolean);
  doc.text(t(addressLines.join('\n')), { width: contentWidth - 280 });
  doc.fontSize(10).text(t(`Contact: ${contact}${phone ? `, phone ${phone}` : ''}`), { width: contentWidth - 280 });
  y = Math.max(leftBottom, doc.y) + 12;

  // The customer's note, boxed so it is not missed.
  const note = list.note ? t(list.note) : 'No note from the customer.';
  doc.font(BOLD_FONT).fontSize(10);
  const noteHeight = doc.heightOfString(`Customer's note: ${note}`, { width: contentWidth - 16 }) + 12;
  doc.rect(left, y, contentWidth, noteHeight).lineWidth(1).strokeColor('#000000').stroke();
  doc.text(`Customer's note: `, left + 8, y + 6, { continued: true, width: contentWidth - 16 }).font(REGULAR_FONT).text(note);
  y += noteHeight + 14;

  const columns: Column[] = [
    // Wide enough for each header's longest word in bold (drawTable refuses a header broken mid-word).
    { header: 'Picked', width: 48, align: 'center' },
    { header: 'Code', width: 56 },
    { header: 'Item', width: 126 },
    { header: 'Size', width: 70 },
    { header: 'Location', width: 56 },
    { header: 'Pack size', width: 50, align: 'right' },
    { header: 'Packs', width: 42, align: 'right' },
    { header: 'Total units', width: contentWidth - 448, align: 'right' },
  ];
  const rows = list.lines.map((line) => ['', line.code, line.item, line.size, line.location, `of ${formatCount(line.packSize)}`, formatCount(line.packs), formatCount(line.units)]);
  y = drawTable(doc, columns, rows, {
    x: left,
    y,
    fontSize: 10,
    onNewPage: (d) => {
      d.font(BOLD_FONT).fontSize(10).fillColor('#000000').text(`Order ${list.orderId} (continued)`, left, A4.margin);
      return d.y + 6;
    },
    drawCell: (d, column, x, cellY) => {
      if (column === 0) d.rect(x + 18, cellY + 4, 12, 12).lineWidth(1).strokeColor('#000000').stroke();
    },
  });

  const packs = list.lines.reduce((sum, l) => sum + l.packs, 0);
  const units = list.lines.reduce((sum, l) => sum + l.units, 0);
  doc.font(BOLD_FONT).fontSize(10).fillColor('#000000');
  doc.text(`${formatCountOf(list.lines.length, 'line')}, ${formatCountOf(packs, 'pack')}, ${formatCountOf(units, 'unit')}`, left, y + 8, { width: contentWidth, align: 'right' });

  y = doc.y + 28;
  if (y + 40 > A4.height - A4.margin) {
    doc.addPage();
    y = A4.margin;
  }
  doc.font(REGULAR_FONT).fontSize(10);
  doc.text('Picked by: ______________________', left, y, { width: 250 });
  doc.text('Checked by: ______________________', left + 270, y, { width: 240 });
  doc.text('Received in good condition (signature): ______________________________', left, y + 26, { width: contentWidth });
}
