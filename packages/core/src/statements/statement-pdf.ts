/**
 * The statement of account as an A4 PDF, laid out as the VAT invoice and credit note are
 * (documents/document-format.ts: the same typeface, table and margins): the shop and the customer,
 * the month and the statement date, the opening balance, each document and payment in date order
 * with its running balance, the closing balance with the sum that makes it, the ageing, and how
 * to pay. Amounts are pounds; a debit adds to what the customer owes, a credit takes off.
 */
import { A4, BOLD_FONT, drawTable, formatDayMonthYear, poundsOf, printable, REGULAR_FONT, renderPdf, type Column, type PdfDoc } from '../documents/document-format.ts';
import { shopAddressLines } from '../documents/vat-invoice.ts';
import { poundsToPence } from '../pricing/money.ts';
import type { ShopConfig } from '../shop/shop-config.ts';
import { formatStatementMonth, type StatementOfAccount } from './account-statements.ts';
import { AGEING_BUCKETS, AGEING_LABELS } from './statement-ledger.ts';

const INK = '#1c1917';
const MUTED = '#57534e';

/** "£12.00", "-£3.50" for what the shop owes, from pounds. */
const pounds = (value: number) => (value < 0 ? `-${poundsOf(poundsToPence(-value))}` : poundsOf(poundsToPence(value)));

export function statementPdf(shop: ShopConfig, statement: StatementOfAccount): Promise<Buffer> {
  const named = formatStatementMonth(statement.dto.month);
  return renderPdf(
    { title: `Statement of account, ${named}`, subject: `Statement of account for ${statement.dto.customer.company_name ?? statement.dto.customer.name}, ${named}`, author: shop.companyName },
    (doc) => drawStatement(doc, shop, statement),
  );
}

function drawStatement(doc: PdfDoc, shop: ShopConfig, { dto, addressLines }: StatementOfAccount): void {
  const left = A4.margin;
  const right = A4.width - A4.margin;
  const width = right - left;
  const t = (text: string) => printable(text);
  const named = formatStatementMonth(dto.month);

  doc.fillColor(INK).font(BOLD_FONT).fontSize(14).text(t(shop.companyName), left, A4.margin, { width: 255 });
  doc.font(REGULAR_FONT).fontSize(9).fillColor(MUTED);
  doc.text(t(shopAddressLines(shop).join('\n')), { width: 255 });
  doc.text(t(`VAT registration number: ${shop.vatNumber}`), { width: 255 });
  doc.text(t(`${shop.phones.sales}  ${shop.email}`), { width: 255 });
  const supplierBottom = doc.y;

  doc.fillColor(INK).font(BOLD_FONT).fontSize(18).text('STATEMENT OF ACCOUNT', left + 260, A4.margin, { width: width - 260, align: 'right' });
  const facts: [string, string][] = [
    ['Month', named],
    ['Statement date', formatDayMonthYear(dto.statement_date)],
    ['Payment terms', dto.terms_days === null ? 'No open trade account' : `${dto.terms_days} days from the invoice`],
  ];
  let factY = doc.y + 6;
  for (const [label, value] of facts) {
    doc.font(REGULAR_FONT).fontSize(9).fillColor(MUTED).text(label, left + 262, factY, { width: 105 });
    const labelBottom = doc.y;
    doc.font(BOLD_FONT).fillColor(INK).text(t(value), left + 367, factY, { width: width - 367, align: 'right' });
    factY = Math.max(labelBottom, doc.y, factY + 12);
  }

  const top = Math.max(supplierBottom, factY) + 18;
  doc.font(BOLD_FONT).fontSize(10).fillColor(INK).text('Account of', left, top, { width: 250 });
  const to = [dto.customer.company_name, dto.customer.name, ...addressLines.filter((line) => line !== dto.customer.company_name && line !== dto.customer.name), dto.customer.email];
  doc.font(REGULAR_FONT).fontSize(9).text(t(to.filter((line): line is string => Boolean(line)).join('\n')), left, doc.y, { width: 250 });
  const customerBottom = doc.y;
  doc.font(BOLD_FONT).fontSize(10).text('Balance', left + 280, top, { width: width - 280 });
  const sums: [string, string][] = [
    [`Opening balance, ${formatDayMonthYear(dto.period_from)}`, pounds(dto.opening_balance)],
    ['Invoices less credit notes', pounds(dto.documents_total)],
    ['Payments less refunds', pounds(dto.payments_total)],
    [`Closing balance, ${formatDayMonthYear(dto.statement_date)}`, pounds(dto.closing_balance)],
  ];
  let sumY = doc.y + 2;
  for (const [index, [label, value]] of sums.entries()) {
    const strong = index === sums.length - 1;
    doc.font(strong ? BOLD_FONT : REGULAR_FONT).fontSize(9).fillColor(INK).text(label, left + 280, sumY, { width: 160 });
    const labelBottom = doc.y;
    doc.text(value, left + 440, sumY, { width: width - 440, align: 'right' });
    sumY = Math.max(labelBottom, doc.y) + 2;
  }

  const columns: Column[] = [
    { header: 'Date', width: 62 },
    { header: 'Reference', width: 76 },
    { header: 'Details', width: 165 },
    { header: 'Due', width: 62 },
    { header: 'Debit', width: 48, align: 'right' },
    { header: 'Credit', width: 48, align: 'right' },
    { header: 'Balance', width: width - 461, align: 'right' },
  ];
  const day = (date: string) => formatDayMonthYear(date).replace(/ (\w{3})\w* /, ' $1 ');
  const rows = [
    [day(dto.period_from), '', 'Opening balance', '', '', '', pounds(dto.opening_balance)],
    ...dto.lines.map((line) => [
      day(line.date),
      line.reference,
      line.description,
      line.due_date ? day(line.due_date) : '',
      line.debit === null ? '' : pounds(line.debit),
      line.credit === null ? '' : pounds(line.credit),
      pounds(line.balance),
    ]),
    [day(dto.statement_date), '', 'Closing balance', '', '', '', pounds(dto.closing_balance)],
  ];
  let y = drawTable(doc, columns, rows, {
    x: left,
    y: Math.max(customerBottom, sumY) + 18,
    fontSize: 8,
    onNewPage: (d) => {
      d.font(BOLD_FONT).fontSize(10).fillColor(INK).text(t(`Statement of account, ${named} (continued)`), left, A4.margin, { width });
      return d.y + 6;
    },
  });

  if (y + 150 > A4.height - A4.margin) {
    doc.addPage();
    y = A4.margin;
  }
  y += 14;
  doc.font(BOLD_FONT).fontSize(10).fillColor(INK).text(`Ageing of the closing balance on ${formatDayMonthYear(dto.statement_date)}`, left, y, { width });
  const ageingColumns: Column[] = [...AGEING_BUCKETS.map((bucket) => ({ header: AGEING_LABELS[bucket], width: width / 6, align: 'right' as const })), { header: 'Total', width: width / 6, align: 'right' }];
  y = drawTable(doc, ageingColumns, [[...AGEING_BUCKETS.map((bucket) => pounds(dto.ageing[bucket])), pounds(dto.closing_balance)]], { x: left, y: doc.y + 4, fontSize: 9 });

  doc.font(REGULAR_FONT).fontSize(8).fillColor(MUTED);
  const howToPay =
    dto.closing_balance > 0
      ? `How to pay: by card on your account's statement page, or by bank transfer to ${shop.bank.payee}, ${shop.bank.bankName}, sort code ${shop.bank.sortCode}, ` +
        `account ${shop.bank.accountNumber}, quoting each invoice's own payment reference (on the invoice) so we can match your payment to it.`
      : '';
  doc.text(
    t(
      `${howToPay} All amounts are in pounds sterling (GBP), VAT included. A debit adds to what you owe, a credit takes off; a negative balance is money we owe you. ` +
        `Questions about your account? Call ${shop.phones.sales} or write to ${shop.email}. ${shop.companyName}, company number ${shop.companyNumber}.`,
    ).trim(),
    left,
    y + 10,
    { width },
  );
}
