/**
 * A trade-account order's VAT invoice is what the customer pays from: it says where to send the
 * money (the shop's bank details), the order's reference to quote, and the due date set at
 * dispatch. Paid orders and other methods print no such block.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@shop/db';
import { createTestDatabase, databaseKinds } from '@shop/db/testing';
import { OrderRepository } from '../orders/order-repository.ts';
import { demoShopConfig } from '../shop/shop-config.ts';
import { DocumentService } from './document-service.ts';
import { insertFixtureCustomer, insertFixtureOrder, recordFixturePayment } from './document-fixtures.ts';
import { pdfText } from './pdf-text.ts';

const now = new Date('2025-11-26T10:00:00Z');

for (const kind of databaseKinds()) {
  describe(`how to pay a trade-account invoice [${kind}]`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    let documents: DocumentService;

    beforeAll(async () => {
      ({ database, drop } = await createTestDatabase(kind));
      documents = new DocumentService(database.db, new OrderRepository(database.db), { shop: demoShopConfig, publicBaseUrl: 'https://shop.example.com', now: () => now });
    });
    afterAll(async () => drop?.());

    async function dispatchedAccountOrder(reference: string) {
      const userId = await insertFixtureCustomer(database.db, { companyName: 'Walker Crafts Ltd' });
      const order = await insertFixtureOrder(database.db, { userId, paymentMethod: 'account' });
      await database.db.execute(
        sql`UPDATE orders SET status = 'Dispatched', dispatched_at = '2025-11-25T15:00:00Z', payment_due_date = '2025-12-02', payment_reference = ${reference}
            WHERE order_id = ${order.orderId}`,
      );
      return order;
    }

    it('prints the payee, bank, sort code, account number, the reference to quote and the due date', async () => {
      const { orderId, totalPence } = await dispatchedAccountOrder('BXW-7KQ4MC');
      const invoice = await documents.invoice(orderId);
      const { bank } = demoShopConfig;
      expect(invoice.howToPay).toEqual({
        amountPence: totalPence,
        dueDate: '2025-12-02',
        payee: bank.payee,
        bankName: bank.bankName,
        sortCode: bank.sortCode,
        accountNumber: bank.accountNumber,
        reference: 'BXW-7KQ4MC',
      });

      const text = (await pdfText((await documents.staffInvoicePdf(orderId)).content)).join('\n');
      expect(text).toContain('How to pay');
      expect(text).toContain(bank.payee);
      expect(text).toContain(bank.sortCode);
      expect(text).toContain(bank.accountNumber);
      expect(text).toContain('Reference to quote');
      expect(text).toContain('BXW-7KQ4MC');
      expect(text).toContain('Payment due by');
      expect(text).toContain('2 December 2025');
    });

    it('once the account order is paid, or for a card order, the invoice asks for nothing', async () => {
      const { orderId, totalPence } = await dispatchedAccountOrder('BXW-9WXY3C');
      await recordFixturePayment(database.db, orderId, totalPence, '2025-11-26');
      expect((await documents.invoice(orderId)).howToPay).toBeNull();
      expect((await pdfText((await documents.staffInvoicePdf(orderId)).content)).join('\n')).not.toContain('How to pay');

      const userId = await insertFixtureCustomer(database.db);
      const card = await insertFixtureOrder(database.db, { userId, paymentMethod: 'paypal' });
      expect((await documents.invoice(card.orderId)).howToPay).toBeNull();
    });
  });
}
