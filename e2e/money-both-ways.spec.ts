/**
 * Money both ways, the whole story in one browser journey (DESIGN sections 4 and 10), on a shop
 * server of this spec's own (its log gives the owner's setup link):
 *
 * - a customer signs up, fills the basket, chooses a delivery address and, on the payment page's
 *   Bank Transfer tab, reads the order's own reference before paying; the order page shows the
 *   same reference and the amount to send;
 * - the owner imports the day's bank statement (the generic Date,Description,Amount layout), whose
 *   line carries the reference inside a longer description: the dry run matches it to the order,
 *   confirming records it, and the order reads Paid;
 * - the owner dispatches it (carrier, tracking number) and opens its VAT invoice (issued then);
 * - a carton arrives crushed: a dispatched order cannot be cancelled (order-states.ts), so the shop
 *   pays part of it back by bank transfer and records that refund, which issues a VAT credit note
 *   against the invoice; the VAT return of the quarter lists both documents;
 * - the customer, signed in, finds the credit note on their order and downloads it: a PDF naming
 *   the invoice it credits.
 */
import { expect, test } from '@playwright/test';
import { pdfText } from '../packages/core/src/documents/pdf-text.ts';
import { acceptCookies, addAddressByPostcode, newCustomer, setUpOwner, signUp, waitForHydration } from './fixtures';
import { startOwnShopServer, type OwnShopServer } from './shop-server';

const OWNER = { name: 'Olive Owner', email: 'olive.money@example.com', password: 'boxes and tape 2026' };
/** What the shop pays back for the crushed carton. */
const REFUND = '10.00';

let shop: OwnShopServer;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  shop = await startOwnShopServer();
});
test.afterAll(async () => shop?.stop());

/** Today in London, as the bank writes it on the statement (a date in the future is refused). */
function londonToday(): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());
}

async function pdfTextOf(response: { body(): Promise<Buffer> }): Promise<string> {
  return (await pdfText(new Uint8Array(await response.body()))).join(' ');
}

test('a customer pays by bank transfer with the order reference, staff match the statement, dispatch, refund part, and the customer downloads the credit note', async ({ browser }) => {
  test.setTimeout(240_000);

  // The customer: sign up, basket, delivery address, then the payment page.
  const customerContext = await browser.newContext({ baseURL: shop.baseURL });
  const customerPage = await customerContext.newPage();
  await acceptCookies(customerPage);
  const customer = newCustomer();
  await customerPage.goto('/signup');
  await waitForHydration(customerPage);
  await signUp(customerPage, customer);
  await expect(customerPage.getByTestId('user-first-name')).toHaveText(customer.firstName);

  const landing = await (await customerPage.request.get('/api/products/GetLanding?condition=')).json();
  await customerPage.goto(`/product-detail?productCode=${landing[0].product_id}`);
  await waitForHydration(customerPage);
  await customerPage.getByRole('button', { name: /Add \+/ }).first().click();
  await expect(customerPage.getByRole('button', { name: /Item Added/ }).first()).toBeVisible();
  await customerPage.goto('/checkout');
  await waitForHydration(customerPage);
  await customerPage.getByRole('link', { name: 'Checkout & Proceed To Payment' }).or(customerPage.getByRole('button', { name: 'Checkout & Proceed To Payment' })).click();
  await expect(customerPage).toHaveURL(/\/delivery$/);
  await addAddressByPostcode(customerPage, 'Head office');
  await customerPage.getByRole('button', { name: 'Deliver to this Address' }).first().click();
  await expect(customerPage).toHaveURL(/\/payment$/);

  await customerPage.getByRole('tab', { name: 'Bank Transfer' }).click();
  const referenceShown = customerPage.getByTestId('bank-reference');
  await expect(referenceShown).toHaveText(/^[A-Z]+-[A-Z0-9]{6}$/);
  const reference = (await referenceShown.textContent())!.trim();
  await customerPage.getByRole('button', { name: "I've made my bank transfer" }).click();
  await expect(customerPage).toHaveURL(/\/order-detail\?orderId=\d+/);
  const orderId = Number(new URL(customerPage.url()).searchParams.get('orderId'));
  await expect(customerPage.getByTestId('order-reference')).toHaveText(reference);
  const bankSection = customerPage.getByTestId('order-bank');
  await expect(bankSection.getByTestId('bank-reference')).toHaveText(reference);
  // The amount the customer sends, as the order page asks for it ("£23.99").
  const amountToSend = (await bankSection.locator('dt:text-is("Amount") + dd').textContent())!.trim();
  expect(amountToSend).toMatch(/^£\d[\d,]*\.\d\d$/);
  await expect(customerPage.getByTestId('invoice-pending')).toHaveText('The VAT invoice is issued when the order is dispatched, or before that once it is paid in full.');

  // The owner signs in to the back office (test payments are on: the shop is on 127.0.0.1).
  const staffContext = await browser.newContext({ baseURL: shop.baseURL });
  const page = await staffContext.newPage();
  await setUpOwner(page, shop, OWNER);
  await expect(page.getByTestId('test-payments-banner')).toContainText('Test payments are on: orders can be paid without money.');

  // The day's statement: the customer's transfer (reference inside the bank's description), a
  // payment in that pays no order, and a payment out.
  const today = londonToday();
  const statement =
    'Date,Description,Amount\n' +
    `${today},FASTER PAYMENT ${reference} ALICE WALKER,${amountToSend.replace(/[£,]/g, '')}\n` +
    `${today},J SMITH RENT,450.00\n` +
    `${today},BT GROUP PLC,-12.50\n`;
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Bank statements' }).click();
  await expect(page.getByRole('heading', { name: 'Import bank statement' })).toBeVisible();
  await page.getByLabel(/Statement CSV file/).setInputFiles({ name: 'statement-today.csv', mimeType: 'text/csv', buffer: Buffer.from(statement) });
  await page.getByRole('button', { name: 'Check (nothing is recorded yet)' }).click();
  await expect(page.getByRole('heading', { name: 'Check of "statement-today.csv" (Generic (Date, Description, Amount) layout): 2 payments in, 1 payment out left alone' })).toBeVisible();
  const dryRun = page.getByTestId('statement-lines');
  const matched = dryRun.getByRole('row').filter({ hasText: reference });
  await expect(matched).toContainText(`#${orderId}`);
  await expect(matched).toContainText('Reference in the description');
  await expect(matched).toContainText('Record: Pays in full');
  await expect(dryRun.getByRole('row').filter({ hasText: 'J SMITH RENT' })).toContainText('Not recorded: No order found');

  await page.getByRole('button', { name: 'Confirm and record payments' }).click();
  await expect(page.getByTestId('statement-applied')).toHaveText(`Imported "statement-today.csv": 1 payment recorded (${amountToSend}).`);
  await expect(page.getByTestId('statement-not-recorded')).toContainText('J SMITH RENT');
  await page.getByTestId('statement-recorded').getByRole('link', { name: `#${orderId}` }).click();
  await expect(page).toHaveURL(`${shop.baseURL}/admin/orders/${orderId}`);
  await expect(page.getByTestId('admin-order-payment')).toHaveText('Paid');
  await expect(page.getByTestId('payment-records')).toContainText(`Received ${amountToSend}`);
  await expect(page.getByTestId('payment-records')).toContainText(`FASTER PAYMENT ${reference} ALICE WALKER`);

  // Dispatch, then the VAT invoice (issued the first time it is opened).
  const dispatch = page.getByTestId('dispatch-form');
  await dispatch.getByLabel('Carrier').selectOption('Royal Mail');
  await dispatch.getByLabel('Tracking number').fill('AB123456789GB');
  await dispatch.getByRole('button', { name: 'Mark dispatched' }).click();
  await expect(page.getByText('Dispatched. The customer is e-mailed the tracking link.')).toBeVisible();
  await expect(page.getByTestId('admin-order-state')).toHaveText('Dispatched');
  // A dispatched parcel is not cancelled (it would be a return): no cancel form.
  await expect(page.getByRole('heading', { name: 'Cancel the order' })).toHaveCount(0);
  const invoice = await page.request.get((await page.getByTestId('invoice-link').getAttribute('href'))!);
  expect(invoice.status()).toBe(200);
  expect(invoice.headers()['content-type']).toBe('application/pdf');
  const invoiceNumber = /invoice-(INV-\d{6})\.pdf/.exec(invoice.headers()['content-disposition'] ?? '')?.[1];
  expect(invoiceNumber, invoice.headers()['content-disposition']).toBeTruthy();
  expect(await pdfTextOf(invoice)).toContain(invoiceNumber!);

  // A carton arrived crushed: part of the order is paid back by bank transfer and recorded.
  await page.reload();
  await expect(page.getByTestId('admin-credit-notes')).toContainText('None. Cancelling or refunding an invoiced order issues one.');
  const refund = page.getByTestId('refund-form');
  await expect(refund.getByRole('heading', { name: 'A refund paid back' })).toBeVisible();
  await refund.getByLabel('Amount (£)').fill(REFUND);
  await refund.getByLabel('Bank reference').fill('REFUND CRUSHED CARTON');
  await refund.getByRole('button', { name: 'Record refund' }).click();
  await expect(page.getByText('The refund is recorded.')).toBeVisible();
  await expect(page.getByTestId('payment-records')).toContainText(`Refunded £${REFUND}`);
  const creditNotes = page.getByTestId('admin-credit-notes');
  const creditNoteLink = creditNotes.getByRole('link', { name: /^CN-\d{6} \(PDF\)$/ });
  await expect(creditNoteLink).toBeVisible();
  const creditNoteNumber = (await creditNoteLink.textContent())!.replace(' (PDF)', '');
  await expect(creditNotes).toContainText(`refund of ${invoiceNumber}`);
  await expect(creditNotes).toContainText(`£${REFUND} credited`);
  await expect(page.getByTestId('order-timeline')).toContainText('Refund recorded by Olive Owner');
  await expect(page.getByTestId('order-timeline')).toContainText(`credit note: ${creditNoteNumber}`);

  // The quarter's VAT return lists the invoice and the credit note that reduces it.
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Exports' }).click();
  await page.getByTestId('vat-return-link').click();
  await expect(page.getByRole('heading', { name: 'VAT return', exact: true })).toBeVisible();
  await page.getByLabel('Quarter').selectOption({ index: 0 }); // the current quarter, newest first
  await page.getByTestId('vat-quarter-form').getByRole('button', { name: 'Show' }).click();
  const documents = page.getByTestId('vat-documents');
  await expect(documents.getByRole('row').filter({ hasText: invoiceNumber! })).toContainText(`#${orderId}`);
  await expect(documents.getByRole('row').filter({ hasText: creditNoteNumber })).toContainText(`#${orderId}`);

  // The customer, still signed in, opens the order and downloads the credit note.
  await customerPage.goto(`/order-detail?orderId=${orderId}`);
  await expect(customerPage.getByTestId('order-status')).toHaveText('Dispatched');
  await expect(customerPage.getByTestId('download-invoice')).toBeVisible();
  const customerNotes = customerPage.getByTestId('order-credit-notes');
  await expect(customerNotes).toContainText(`£${REFUND} credited on`);
  const download = customerNotes.getByRole('link', { name: `${creditNoteNumber} (PDF)` });
  await expect(download).toHaveAttribute('href', new RegExp(`^/order-credit-note\\?orderId=${orderId}&number=\\d+$`));
  const pdf = await customerPage.request.get((await download.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const text = await pdfTextOf(pdf);
  expect(text).toContain(creditNoteNumber);
  expect(text).toContain(invoiceNumber!);
  expect(text).toContain(`£${REFUND}`);

  await customerContext.close();
  await staffContext.close();
});
