/**
 * Customers' names print on every PDF as they typed them: Latin with its accents, Greek and
 * Cyrillic, read back from the PDF's text as a reader (or a copy and paste) gets it; what the
 * typeface cannot draw, an emoji or Chinese, prints as a visible placeholder, never as '?'.
 */
import { describe, expect, it } from 'vitest';
import { creditNotePdf, type CreditNoteDocument } from './credit-note-pdf.ts';
import { MISSING_CHARACTER, printable } from './document-format.ts';
import { pdfText } from './pdf-text.ts';
import { pickingListPdf, type PickingList } from './picking-list-pdf.ts';
import { vatInvoicePdf } from './vat-invoice-pdf.ts';
import type { VatInvoice } from './vat-invoice.ts';
import { quotePdf } from '../quotes/quote-pdf.ts';
import type { QuoteView } from '../quotes/quote-desk.ts';
import { demoShopConfig } from '../shop/shop-config.ts';

const POLISH = 'Łukasz Żółć';
const GREEK = 'Σοφία Παπαδοπούλου';
const CYRILLIC = 'Дмитрий Иванов';
/** An emoji and Chinese characters the typeface has no glyph for. */
const UNPRINTABLE = '王小明 🦄';
const PLACEHOLDERS = `${MISSING_CHARACTER.repeat(3)} ${MISSING_CHARACTER}`;

const supplier = { name: 'Boxwell Packaging Supplies Ltd', addressLines: ['Unit 4', 'Leeds LS4 2AA'], vatNumber: 'GB 000 0000 00', companyNumber: '00000000', email: 'sales@example.com', phone: '0113 496 0000' };

function invoiceFor(name: string): VatInvoice {
  return {
    invoiceNumber: 'INV-000042',
    invoiceDate: '2026-11-20',
    taxPointDate: '2026-11-20',
    orderId: 42,
    orderDate: '2026-11-19',
    paymentReference: 'BXW42',
    testPayment: false,
    purchaseOrderNumber: null,
    supplier,
    customer: { name, companyName: null, vatNumber: null, addressLines: [name, 'Boar Lane', 'Leeds', 'LS1 4AP'] },
    deliveryAddressLines: null,
    lines: [{ description: 'Cardboard Box 12x9x6', quantity: '2 x pack of 25 (50 units)', unitPricePence: 2500, vatRatePercent: 20, amountPence: 5000 }],
    vatTreatment: 'standard',
    vatRatePercent: 20,
    vatLabel: 'VAT at 20%',
    zeroRatingReason: null,
    totals: { netPence: 5000, vatPence: 1000, grossPence: 6000 },
    paidPence: 6000,
    balanceDuePence: 0,
    taxPointNote: null,
    discountNote: null,
    currency: 'GBP',
    payment: ['Paid in full.'],
    howToPay: null,
    shipments: [],
  } as VatInvoice;
}

function creditNoteFor(name: string): CreditNoteDocument {
  const invoice = invoiceFor(name);
  return {
    creditNoteNumber: 'CN-000007',
    creditNoteDate: '2026-11-21',
    kind: 'refund',
    reason: 'Damaged in transit',
    invoiceNumber: invoice.invoiceNumber,
    invoiceDate: invoice.invoiceDate,
    orderId: invoice.orderId,
    paymentReference: invoice.paymentReference,
    purchaseOrderNumber: null,
    supplier,
    customer: invoice.customer,
    lines: [{ description: 'Cardboard Box 12x9x6', quantity: '1 x pack of 25 (25 units)', unitPricePence: 2500, vatRatePercent: 20, vatPence: 500, amountPence: 2500 }],
    vatRatePercent: 20,
    totals: { netPence: 2500, vatPence: 500, grossPence: 3000 },
  };
}

function pickingListFor(name: string): PickingList {
  return {
    orderId: 42,
    orderDate: '2026-11-19',
    promisedDispatchDate: '2026-11-20',
    delivery: { reference: 'Home', contact_name: name, region: '12', company_name: '', address: 'Boar Lane', town: 'Leeds', country: 'United Kingdom', post_code: 'LS1 4AP', phone: '0113 496 0123' },
    customerName: name,
    customerPhone: '0113 496 0123',
    note: '',
    lines: [{ code: 'BX-12', item: 'Cardboard Box', size: '12x9x6"', location: 'A1', packSize: 25, packs: 2, units: 50 }],
    partDispatched: false,
    shopName: 'Boxwell Packaging',
  } as PickingList;
}

function quoteFor(name: string): Parameters<typeof quotePdf>[0] {
  const quote = {
    quoteId: 7,
    number: 'Q-000007',
    userId: 1,
    state: 'sent',
    stateLabel: 'Sent',
    requestedAt: '2026-11-18T10:00:00.000Z',
    neededBy: null,
    requestNote: '',
    items: [],
    artwork: null,
    lines: [{ lineNumber: 1, kind: 'custom', productId: null, productPriceId: null, size1: '', description: 'Printed box', quantity: 500, unitPricePence: 120, isCustom: true, orderLineId: null }],
    subTotalPence: 60000,
    deliveryChargePence: null,
    validityDays: 30,
    validUntil: '2026-12-18',
    quoteNote: '',
    dispatch: null,
    dispatchText: null,
    sentAt: '2026-11-18T12:00:00.000Z',
    acceptedAt: null,
    orderId: null,
    withdrawnReason: null,
    version: 1,
    refusal: null,
  } as unknown as QuoteView;
  return { shop: demoShopConfig, quote, customer: { name, email: 'buyer@example.com', companyName: null } };
}

const documents: [string, (name: string) => Promise<Buffer>][] = [
  ['VAT invoice', (name) => vatInvoicePdf(invoiceFor(name))],
  ['quote', (name) => quotePdf(quoteFor(name))],
  ['credit note', (name) => creditNotePdf(creditNoteFor(name))],
  ['picking list', (name) => pickingListPdf(pickingListFor(name))],
];

describe.each(documents)('a customer name on a %s', (_kind, render) => {
  it.each([POLISH, GREEK, CYRILLIC])('prints %s as typed', async (name) => {
    const text = (await pdfText(await render(name))).join('\n');
    expect(text).toContain(name);
  });

  it('prints a visible placeholder for each emoji or Chinese character, keeping the rest of the name', async () => {
    const text = (await pdfText(await render(`Anna ${UNPRINTABLE} Smith`))).join('\n');
    expect(text).toContain(`Anna ${PLACEHOLDERS} Smith`);
    expect(text).not.toContain('?');
  });
});

describe('text the typeface cannot draw', () => {
  it('keeps letters it lacks readable without their accents rather than as placeholders', () => {
    // U+0363, a combining small a (medieval Latin), has no glyph: the u it sits on is printed.
    expect(printable('qu\u0363ay')).toBe('quay');
  });

  it('counts an emoji built of several characters (a family) as one placeholder', () => {
    expect(printable('👩‍👩‍👧 Jones')).toBe(`${MISSING_CHARACTER} Jones`);
  });

  it('keeps new lines and turns other control characters into spaces', () => {
    expect(printable('a\tb\nc')).toBe('a b\nc');
  });
});
