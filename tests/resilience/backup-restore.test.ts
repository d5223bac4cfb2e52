/**
 * Backups that restore: a real shop takes orders (one paid and invoiced, one by bank transfer
 * whose confirmation e-mail cannot be sent yet because the mail server is down), has an
 * uploaded image, and is backed up with `npm run backup`; `npm run restore` puts the file into
 * a fresh data directory (or an empty PostgreSQL database) and refuses a place that holds a
 * shop. The restored shop starts and serves the customer's orders, the same invoice and the
 * image, and sends the waiting e-mail exactly once, without sending the others again.
 * On the embedded database the backup refuses while the shop runs (decision record 013); on
 * PostgreSQL it is taken beside the running shop.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogueImages } from '@shop/core';
import { openDatabase } from '@shop/db';
import { readArchive } from '../../scripts/backup/backup-archive.ts';
import { knownMigrations } from '../../scripts/backup/backup-figures.ts';
import { startSmtpInbox, type SmtpInbox } from '../../apps/server/src/testing/smtp-inbox.ts';
import { until } from '../../apps/server/src/testing/until.ts';
import {
  addToCartBody,
  type ApiCustomer,
  type CartView,
  createFreshDatabase,
  deliveryAddress,
  demoPacks,
  expectStatus,
  type FreshDatabase,
  NOT_INHERITED,
  orderBodyFor,
  type OrderView,
  type PackRef,
  repositoryRoot,
  seedDataDir,
  type ServerProcess,
  signUpOverHttp,
  startServer,
  stopAllServers,
  stopServer,
} from './server-process.ts';

const execFileAsync = promisify(execFile);
const kinds = process.env.TEST_DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run backup` / `npm run restore` as an operator runs them, with the shop's environment. */
async function shopCommand(script: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<CommandResult> {
  const childEnv: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined && !NOT_INHERITED.includes(key)) childEnv[key] = value;
  try {
    const { stdout, stderr } = await execFileAsync(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
      cwd: repositoryRoot,
      env: { ...childEnv, ...env },
      timeout: 180_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === 'number' ? failed.code : -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

for (const kind of kinds) {
  describe(`backup and restore [${kind}]`, { timeout: 600_000 }, () => {
    let work: string;
    let smtp: SmtpInbox;
    let original: FreshDatabase | null = null;
    let restoredInto: FreshDatabase | null = null;
    const originalDir = () => path.join(work, 'original');
    const restoredDir = () => path.join(work, 'restored');
    const envOf = (dataDir: string, database: FreshDatabase | null) => ({ DATA_DIR: dataDir, ...(database ? { DATABASE_URL: database.url } : {}) });

    beforeAll(async () => {
      work = await mkdtemp(path.join(tmpdir(), 'shop-backup-'));
      smtp = await startSmtpInbox();
      // The shop backed up starts on a seeded copy; the place restored into starts empty.
      if (kind === 'pglite') await seedDataDir(originalDir());
      if (kind === 'postgres') {
        original = await createFreshDatabase('shop_backup', { seeded: true });
        restoredInto = await createFreshDatabase('shop_restore');
      }
    });

    afterAll(async () => {
      await stopAllServers();
      await original?.drop();
      await restoredInto?.drop();
      await smtp?.stop();
      if (work) await rm(work, { recursive: true, force: true });
    });

    it('restores orders, invoices, images and a waiting e-mail into a fresh place, and the e-mail is sent once', async () => {
      // An image uploaded as the back office uploads it (stored in the database, DESIGN section 10).
      const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 200, g: 120, b: 40 } } })
        .png()
        .toBuffer();
      const setup = await openDatabase(original ? { databaseUrl: original.url } : { dataDir: path.join(originalDir(), 'pglite') });
      const image = await new CatalogueImages(setup.db).upload(png, null).finally(() => setup.close());
      const imageUrl = image.url.replace(/\/\d+\.webp$/, '/320.webp');

      const serverEnv = (dataDir: string, database: FreshDatabase | null) => ({
        ...envOf(dataDir, database),
        SMTP_URL: smtp.url,
        JOB_RETRY_BASE_SECONDS: '0.5',
      });
      let shop: ServerProcess = await startServer({ label: `${kind} original`, env: serverEnv(originalDir(), original) });
      const base = () => shop.baseUrl;
      const customer: ApiCustomer = await signUpOverHttp(base(), 'Backup');
      const auth = { token: customer.token };
      const address = await expectStatus<{ address_id: number }>(200, base(), 'POST', '/api/address', { ...auth, body: deliveryAddress });
      const packs: PackRef[] = await demoPacks(base(), 2);

      async function basketWith(pack: PackRef): Promise<CartView> {
        await expectStatus(200, base(), 'POST', '/api/cart', { ...auth, body: addToCartBody(pack, 3) });
        return expectStatus<CartView>(200, base(), 'PUT', '/api/cart/AssignAddress', { ...auth, body: { addressId: address.address_id, cartId: null } });
      }
      const order = async (body: unknown) => {
        const orderId = await expectStatus<number>(200, base(), 'POST', '/api/order', { ...auth, body, headers: { 'idempotency-key': randomUUID() } });
        return expectStatus<OrderView>(200, base(), 'GET', `/api/order/${orderId}`, auth);
      };
      const confirmationsOf = (orderId: number) => smtp.received.filter(({ mail }) => mail.subject?.endsWith(` order ${orderId}`));

      // Order 1: paid by (test) card, so the customer may download its VAT invoice, which issues it.
      const firstBasket = await basketWith(packs[0]!);
      const payment = await expectStatus<{ id: string }>(200, base(), 'POST', '/api/payments/test-order', { body: { amount: firstBasket.total } });
      const paid = await order({ ...orderBodyFor(firstBasket), payment_method: 'paypal', payment_reference: payment.id });
      const invoice = await fetch(`${base()}/api/order/${paid.order_id}/invoice`, { headers: { authorization: `Bearer ${customer.token}` } });
      expect(invoice.status, await invoice.clone().text()).toBe(200);
      const invoiceName = invoice.headers.get('content-disposition');
      expect(invoiceName).toMatch(/invoice-INV-\d+\.pdf/);
      await until(async () => confirmationsOf(paid.order_id).length === 1, 60_000, 'the first confirmation e-mail');

      // Order 2: by bank transfer while the mail server is down: its confirmation waits in the jobs.
      await smtp.stop();
      const waiting = await order(orderBodyFor(await basketWith(packs[1]!)));
      const imageBytes = Buffer.from(await (await fetch(`${base()}${imageUrl}`)).arrayBuffer());
      expect(imageBytes.byteLength).toBeGreaterThan(0);

      const backupFile = path.join(work, 'backups', 'shop.tar');
      if (kind === 'pglite') {
        // The running shop holds the embedded database: the backup says to stop it, and writes nothing.
        const refused = await shopCommand('backup', ['--out', backupFile], envOf(originalDir(), original));
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain('Stop the shop first');
        await stopServer(shop);
      }
      const backedUp = await shopCommand('backup', ['--out', backupFile], envOf(originalDir(), original));
      expect(backedUp.code, backedUp.stderr).toBe(0);
      expect(backedUp.stdout).toContain(`Backup written: ${backupFile}`);
      // PostgreSQL: taken beside the running shop, which is stopped only now (else it too would send the waiting e-mail).
      if (kind === 'postgres') await stopServer(shop);

      const { manifest } = await readArchive(backupFile, path.join(work, 'manifest-check.dump'));
      expect(manifest).toMatchObject({
        database: kind,
        schemaVersion: knownMigrations().at(-1)!.tag,
        counts: { orders: 2, invoices: 1, images: 1, customers: 1, pendingJobs: 1 },
      });
      expect(manifest.counts.products).toBeGreaterThan(100);
      expect(Date.now() - Date.parse(manifest.createdAt)).toBeLessThan(10 * 60_000);

      // A place that holds a shop is refused: the original's own data directory or database.
      const overShop = await shopCommand('restore', [backupFile], envOf(originalDir(), original));
      expect(overShop.code).toBe(1);
      expect(overShop.stderr).toContain('is not empty');

      const restored = await shopCommand('restore', [backupFile], envOf(restoredDir(), restoredInto));
      expect(restored.code, restored.stderr).toBe(0);
      expect(restored.stdout).toContain('2 orders, 1 invoices');

      // The mail server is back; the restored shop starts on the restored data.
      await smtp.start();
      shop = await startServer({ label: `${kind} restored`, env: serverEnv(restoredDir(), restoredInto) });
      const mine = await expectStatus<OrderView[]>(200, base(), 'GET', '/api/order/GetMine', auth);
      expect(mine.map((o) => [o.order_id, o.total]).sort()).toEqual(
        [
          [paid.order_id, paid.total],
          [waiting.order_id, waiting.total],
        ].sort(),
      );
      const sameInvoice = await fetch(`${base()}/api/order/${paid.order_id}/invoice`, { headers: { authorization: `Bearer ${customer.token}` } });
      expect(sameInvoice.status).toBe(200);
      expect(sameInvoice.headers.get('content-disposition')).toBe(invoiceName);
      const restoredImage = await fetch(`${base()}${imageUrl}`);
      expect(restoredImage.status).toBe(200);
      expect(Buffer.from(await restoredImage.arrayBuffer()).equals(imageBytes)).toBe(true);

      await until(async () => confirmationsOf(waiting.order_id).length > 0, 60_000, 'the waiting confirmation e-mail from the restored shop');
      // A graceful stop finishes whatever the worker has under way: nothing more may arrive after it.
      expect((await stopServer(shop)).code).toBe(0);
      expect(confirmationsOf(waiting.order_id)).toHaveLength(1);
      expect(confirmationsOf(paid.order_id)).toHaveLength(1);
    });
  });
}
